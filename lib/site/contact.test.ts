import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** The contact form's time token and spam filter (docs/security.md "Contact form"). */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "contact-guard-"));
let contact: typeof import("./contact");
const previous = process.env.DATA_DIR;

beforeAll(async () => {
  process.env.DATA_DIR = dir;
  contact = await import("./contact");
});
afterAll(() => {
  if (previous === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previous;
  fs.rmSync(dir, { recursive: true, force: true });
});

const DAY = 24 * 60 * 60 * 1000;
const fields = { name: "Ada", email: "ada@client.example", message: "A loop, please." };
const request = new Request("http://site.test/api/contact", {
  headers: { "x-forwarded-for": "203.0.113.9" },
});

describe("time token", () => {
  it("reads back when it was issued; a changed or forged token reads as nothing", () => {
    const token = contact.issueTimeToken(1_800_000_000_000);
    expect(contact.readTimeToken(token)).toBe(1_800_000_000_000);
    expect(contact.readTimeToken(token.replace("18", "17"))).toBeNull();
    expect(contact.readTimeToken(`${token}.x`)).toBeNull();
    expect(contact.readTimeToken("1800000000000.forged")).toBeNull();
  });

  it("refuses a form older than a day, before the fields or the database are read", async () => {
    const issued = Date.UTC(2026, 0, 1);
    const read = (name: string) =>
      ({ ...fields, started: contact.issueTimeToken(issued) })[name as "name"];
    expect(await contact.receiveContactMessage(request, read, issued + DAY + 1)).toEqual({
      ok: false,
      status: 400,
      message: "This form is more than a day old. Reload the page and send again.",
    });
    expect(await contact.receiveContactMessage(request, read, issued + 2999)).toMatchObject({
      status: 400,
      message: "That was quicker than anyone can type. Wait a few seconds and send again.",
    });
  });
});

describe("spam filter", () => {
  it("files messages without a proof, with many links or spam words under Spam", () => {
    expect(contact.spamReason("A 30 s loop for our launch.", "Ada", true)).toBeNull();
    expect(contact.spamReason("See https://a.example", "Ada", true)).toBeNull();
    expect(contact.spamReason("Hello", "Ada", false)).toMatch(/No proof of work/);
    expect(
      contact.spamReason("https://a.example https://b.example www.c.example", "Ada", true),
    ).toBe("Three or more links");
    expect(contact.spamReason("Cheap backlinks for your site", "Ada", true)).toBe(
      "Known spam words",
    );
    expect(contact.spamReason("Hi", "www.win.example", true)).toBe("A link in the name");
  });
});

describe("field checks", () => {
  it("refuses text the database cannot hold (a NUL) beside its field, as no text", async () => {
    const { checkContactInput, contactTexts } = await import("@/lib/validation/contact");
    const input = {
      name: "Ada",
      email: "ada@client.example",
      message: "Hello",
      budget: "",
      project: "",
    };
    expect(checkContactInput({ ...input, deadline: "" })).toEqual({});
    expect(
      checkContactInput({ ...input, name: "A\u0000da", message: "Hel\u0000lo", deadline: "" }),
    ).toEqual({ name: contactTexts.nameMissing, message: contactTexts.messageMissing });
    expect(checkContactInput({ ...input, email: "a\u0000@b.example", deadline: "" })).toEqual({
      email: contactTexts.emailInvalid,
    });
  });
});
