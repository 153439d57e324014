import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startApiSite, OWNER_EMAIL, type ApiSite } from "../helpers/api-client";
import { SERVER_START_TIMEOUT } from "../helpers/auth";
import { fetchFrom } from "../helpers/client-address";
import {
  afterFillTime,
  loadContactForm,
  postContact,
  solveProof,
  visitorMessage,
  type ContactForm,
} from "../helpers/contact";
import { decodeMailBody, startSmtpServer } from "../helpers/mail";
import { freePort } from "../helpers/server";

// The contact form's API end to end (docs/api.md "Contact", docs/security.md "Contact form"):
// stored first, mailed to the owner through a real SMTP listener that is down at first, the spam
// guard against bot-like posts, and the owner's inbox API.

type Message = { _id: string; folder: string; read: boolean; mailed: boolean; message: string };

let site: ApiSite;
let smtpPort: number;
let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
/** Forms loaded before the tests, whose 3 s fill time has passed by the time they are sent. */
let early: { bot: ContactForm; client: ContactForm };
const bot = fetchFrom("127.0.0.7");
const client = fetchFrom("127.0.0.8");

beforeAll(async () => {
  // Nothing listens there yet: the mail server is down when the first message arrives.
  smtpPort = await freePort();
  site = await startApiSite({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: "site@example.com",
  });
  early = {
    bot: await loadContactForm(site.server.url, bot),
    client: await loadContactForm(site.server.url, client),
  };
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await site?.stop();
  await smtp?.close();
});

const folder = async (name: string) => {
  const answer = await call<Message[]>(site.server.url, "GET", `/api/messages?folder=${name}`, {
    token: site.ownerToken,
  });
  expect(answer.status).toBe(200);
  return answer.body.data;
};

describe("POST /api/contact", () => {
  it("stores the message first; with the mail server down it is kept and mailed once it is back", async () => {
    const form = await loadContactForm(site.server.url);
    const proof = await solveProof(form);
    await afterFillTime(form);
    const text = `${visitorMessage.message}\n<script>alert(1)</script> <b>bold</b>`;
    const sent = await postContact(site.server.url, {
      ...visitorMessage,
      message: text,
      budget: "5,000 – 15,000",
      started: form.started,
      proof,
    });
    expect(sent).toMatchObject({ status: 201, body: { success: true } });
    const id = (sent.body.data as { _id: string })._id;

    // Stored at once, in the inbox, unread; the mail could not go out.
    const [stored] = await folder("inbox");
    expect(stored).toMatchObject({ _id: id, message: text, read: false, mailed: false });

    // The same solved challenge again is refused: one proof, one message.
    expect(
      await postContact(site.server.url, { ...visitorMessage, started: form.started, proof }),
    ).toMatchObject({ status: 400 });

    // The mail server comes back: the retry (10 s after the failed try) delivers the mail.
    smtp = await startSmtpServer(smtpPort);
    const mail = await smtp.nextMail(60_000);
    expect(mail.to).toEqual([OWNER_EMAIL]);
    expect(mail.raw).toMatch(/^Reply-To: ada@client\.example/m);
    expect(mail.raw).toMatch(/^Subject: New message from Ada Client on /m);
    // Quoted-printable decodes to bytes: read them as UTF-8 (the budget's dash).
    const body = decodeMailBody(mail.raw);
    expect(body).toContain("We would like a 30-second loop for our launch.");
    expect(body).toContain("Budget: 5,000 – 15,000");
    // The HTML part shows the visitor's markup as text.
    expect(body).toContain("&#60;script&#62;alert(1)&#60;/script&#62;");
    await expect
      .poll(async () => (await folder("inbox")).find((m) => m._id === id)?.mailed)
      .toBe(true);
    expect(smtp.received).toHaveLength(1);
  }, 120_000);

  it("50 bot-like posts from one address: none reaches the inbox, each gets its status", async () => {
    const fresh = await loadContactForm(site.server.url, bot);
    const tooFast = await postContact(
      site.server.url,
      { ...visitorMessage, started: fresh.started },
      bot,
    );
    const form = early.bot;
    await afterFillTime(form);
    const kinds = [
      { ...visitorMessage, started: form.started, website: "https://bot.example" }, // honeypot
      { ...visitorMessage, started: "1700000000000.forged" }, // a forged time token
      { ...visitorMessage, started: form.started, proof: '{"challenge":{}}' }, // a forged proof
      { ...visitorMessage, started: form.started }, // no proof of work: filed under Spam
    ];
    const answers = [tooFast];
    for (let i = 1; i < 50; i++)
      answers.push(await postContact(site.server.url, kinds[i % 4]!, bot));
    const statuses = answers.map((answer) => answer.status);

    // The address's budget is 10 posts an hour: the first 10 get their own answers, then 429.
    expect(statuses.slice(0, 10)).toEqual([400, 400, 400, 201, 400, 400, 400, 201, 400, 400]);
    expect(statuses.slice(10)).toEqual(Array(40).fill(429));
    expect(answers[0]!.body.message).toBe(
      "That was quicker than anyone can type. Wait a few seconds and send again.",
    );
    expect(answers[49]!.body.message).toBe(
      "Too many messages were sent. Please try again later, or write by e-mail.",
    );
    const inbox = await folder("inbox");
    expect(inbox.filter((m) => m.message === visitorMessage.message)).toEqual([]);
    const spam = await folder("spam");
    expect(spam).toHaveLength(2);
    expect(spam[0]).toMatchObject({ spamReason: expect.stringContaining("No proof of work") });
  });

  it("refuses a body over 10 kB with 413 and an invalid address with its field's error", async () => {
    const big = await postContact(
      site.server.url,
      { ...visitorMessage, message: "x".repeat(11 * 1024) },
      client,
    );
    expect(big).toMatchObject({
      status: 413,
      body: { message: "The message is too long to send (10 kB at most)." },
    });
    const form = early.client;
    await afterFillTime(form);
    const response = await client(new URL("/api/contact", site.server.url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        ...visitorMessage,
        email: "ada at client",
        started: form.started,
      }).toString(),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      success: false,
      errors: { email: "Please enter a valid e-mail address, like name@example.com." },
    });
  });
});

describe("the inbox API", () => {
  it("is the owner's only; marks read, moves between folders, trashes and restores", async () => {
    const url = site.server.url;
    expect((await call(url, "GET", "/api/messages")).status).toBe(401);
    expect((await call(url, "GET", "/api/messages", { token: site.strangerToken })).status).toBe(
      403,
    );
    expect(
      (await call(url, "GET", "/api/messages?folder=outbox", { token: site.ownerToken })).status,
    ).toBe(400);

    const [message] = await folder("inbox");
    const id = message!._id;
    const patch = (json: unknown, token = site.ownerToken) =>
      call<Message>(url, "PATCH", `/api/messages/${id}`, { token, json });
    expect((await patch({ read: true }, site.strangerToken)).status).toBe(403);
    expect((await patch({ folder: "trash" })).status).toBe(400);
    expect(await patch({ read: true })).toMatchObject({
      status: 200,
      body: { data: { read: true } },
    });
    expect(await patch({ folder: "archive", read: false })).toMatchObject({
      status: 200,
      body: { data: { folder: "archive", read: false } },
    });
    expect((await folder("archive")).map((m) => m._id)).toContain(id);

    // Search by a word of the text, in the folder.
    const found = await call<Message[]>(url, "GET", "/api/messages?folder=archive&q=LOOP", {
      token: site.ownerToken,
    });
    expect(found.body.data.map((m) => m._id)).toEqual([id]);

    expect(
      (await call(url, "DELETE", `/api/messages/${id}`, { token: site.ownerToken })).status,
    ).toBe(200);
    expect((await folder("archive")).map((m) => m._id)).not.toContain(id);
    expect((await folder("trash")).map((m) => m._id)).toEqual([id]);
    expect(
      (await call(url, "POST", `/api/messages/${id}/restore`, { token: site.ownerToken })).status,
    ).toBe(200);
    expect((await folder("archive")).map((m) => m._id)).toContain(id);
    expect(
      (await call(url, "POST", `/api/messages/${id}/restore`, { token: site.ownerToken })).status,
    ).toBe(404);
  });
});
