import { describe, expect, it } from "vitest";
import {
  categoryFilterSchema,
  coverUrlSchema,
  createProjectSchema,
  firstMessage,
  updateProjectSchema,
} from "./project";
import { parseSectionFields } from "./section";

const full = { title: " Night Drive ", role: "Director", category: "Motion Design" };

describe("project schemas", () => {
  it("trim and accept the five categories", () => {
    expect(createProjectSchema.parse(full)).toEqual({ ...full, title: "Night Drive" });
    for (const category of [
      "Photography",
      "Illustration",
      "Motion Design",
      "Frame by Frame",
      "Assets & Tools",
    ]) {
      expect(createProjectSchema.safeParse({ ...full, category }).success).toBe(true);
    }
  });

  it("word missing fields as the spec does, on create and on update", () => {
    // Zero-width and bidi marks alone show nothing: as empty (found by the hostile-input run).
    for (const gap of [
      { title: "" },
      { role: "  " },
      { category: "" },
      { title: undefined },
      { title: "\u200b" },
      { role: "\u200f\u202e\ufeff" },
    ]) {
      const created = createProjectSchema.safeParse({ ...full, ...gap });
      const updated = updateProjectSchema.safeParse({ ...full, ...gap });
      expect(created.success || firstMessage(created.error)).toBe("Please fill in all Feilds !");
      expect(updated.success || firstMessage(updated.error)).toBe("Please fill in all fields!");
    }
  });

  it("refuses unknown categories and overlong titles", () => {
    const category = createProjectSchema.safeParse({ ...full, category: "Sculpture" });
    expect(category.success || firstMessage(category.error)).toBe("Invalid category");
    const long = createProjectSchema.safeParse({ ...full, title: "x".repeat(201) });
    expect(long.success || firstMessage(long.error)).toBe("Title must be at most 200 characters");
  });

  it("take the optional year, client and summary; empty clears them, absent leaves them out", () => {
    const given = createProjectSchema.parse({
      ...full,
      year: " 2024 ",
      client: "  Acme Studio ",
      summary: " A night-time short. ",
    });
    expect(given).toMatchObject({
      year: 2024,
      client: "Acme Studio",
      summary: "A night-time short.",
    });
    expect(
      updateProjectSchema.parse({ ...full, year: 1900, client: "c", summary: "s" }),
    ).toMatchObject({
      year: 1900,
    });
    expect(updateProjectSchema.parse({ ...full, year: "2100" }).year).toBe(2100);
    const cleared = updateProjectSchema.parse({ ...full, year: "", client: "  ", summary: null });
    expect(cleared).toMatchObject({ year: null, client: null, summary: null });
    const absent = updateProjectSchema.parse(full);
    expect(absent.year).toBeUndefined();
    expect(absent.client).toBeUndefined();
    expect(absent.summary).toBeUndefined();
  });

  it("refuse an out-of-range or malformed year and over-long client or summary", () => {
    for (const year of [
      "1899",
      "2101",
      1899,
      2101,
      "20x4",
      "2024.5",
      2024.5,
      "-2000",
      "1e3",
      true,
    ]) {
      const result = createProjectSchema.safeParse({ ...full, year });
      expect(result.success || firstMessage(result.error)).toBe(
        "Year must be a whole number from 1900 to 2100",
      );
    }
    const client = updateProjectSchema.safeParse({ ...full, client: "x".repeat(81) });
    expect(client.success || firstMessage(client.error)).toBe(
      "Client must be at most 80 characters",
    );
    const summary = createProjectSchema.safeParse({ ...full, summary: "x".repeat(501) });
    expect(summary.success || firstMessage(summary.error)).toBe(
      "Summary must be at most 500 characters",
    );
    expect(createProjectSchema.safeParse({ ...full, client: "x".repeat(80) }).success).toBe(true);
    expect(createProjectSchema.safeParse({ ...full, summary: "x".repeat(500) }).success).toBe(true);
    const nul = createProjectSchema.safeParse({ ...full, client: "a\u0000b" });
    expect(nul.success || firstMessage(nul.error)).toBe(
      "Client contains a character that cannot be stored",
    );
    // A missing required field is still reported first.
    const both = createProjectSchema.safeParse({ ...full, title: "", year: "1" });
    expect(both.success || firstMessage(both.error)).toBe("Please fill in all Feilds !");
  });

  it("takes http(s) and /media cover URLs only", () => {
    const schema = coverUrlSchema("Please fill in all Feilds !");
    expect(schema.safeParse("https://res.cloudinary.com/a/b.png").success).toBe(true);
    expect(schema.safeParse("/media/0123456789abcdef0123456789abcdef.png").success).toBe(true);
    for (const bad of [
      "javascript:alert(1)",
      "data:image/png;base64,xx",
      "/etc/passwd",
      "ftp://x/y.png",
    ]) {
      expect(schema.safeParse(bad).success).toBe(false);
    }
    expect(categoryFilterSchema.safeParse("all").success).toBe(true);
    expect(categoryFilterSchema.safeParse("Sculpture").success).toBe(false);
  });
});

describe("section fields", () => {
  it("normalise the Vimeo link and tell 'not sent' from 'cleared'", () => {
    const sent = parseSectionFields({ videoEmbed: ["https://vimeo.com/123/abcdef12"] }, "add");
    expect(sent).toEqual({
      ok: true,
      value: {
        title: undefined,
        description: undefined,
        videoEmbed: "https://player.vimeo.com/video/123?h=abcdef12",
        alts: [],
        focals: [],
        removeResources: [],
        removeVideo: false,
        removePoster: false,
      },
    });
    expect(parseSectionFields({ videoEmbed: [""] }, "edit")).toMatchObject({
      ok: true,
      value: { videoEmbed: null },
    });
    expect(parseSectionFields({}, "edit")).toMatchObject({
      ok: true,
      value: { videoEmbed: undefined },
    });
  });

  it("use the add or the edit wording for a bad link", () => {
    expect(parseSectionFields({ videoEmbed: ["nope"] }, "add")).toEqual({
      ok: false,
      message:
        "Invalid Vimeo URL or embed code. Example: https://vimeo.com/123456789 or <iframe...>",
    });
    expect(parseSectionFields({ videoEmbed: ["nope"] }, "edit")).toEqual({
      ok: false,
      message: "Invalid Vimeo URL. Example: https://vimeo.com/123456789",
    });
  });

  it("read removals as one URL per value (Cloudinary URLs hold commas), and the removeVideo flag", () => {
    const parsed = parseSectionFields(
      {
        removeResources: [
          "https://res.cloudinary.com/d/image/upload/w_100,h_100/a.png",
          " /media/c.png ",
        ],
        removeVideo: ["true"],
        resourceAlts: [" A "],
      },
      "edit",
    );
    expect(parsed).toMatchObject({
      ok: true,
      value: {
        removeResources: [
          "https://res.cloudinary.com/d/image/upload/w_100,h_100/a.png",
          "/media/c.png",
        ],
        removeVideo: true,
        alts: ["A"],
      },
    });
    const long = parseSectionFields({ description: ["x".repeat(10_001)] }, "add");
    expect(long).toEqual({ ok: false, message: "Description must be at most 10000 characters" });
  });
});

// Found by test/api/hostile-input.test.ts: NUL failed the insert (a 500) and a lone surrogate
// was stored as U+FFFD. Both are now refused as the client's error, in every stored text field.
describe("text that cannot be stored exactly", () => {
  const bad = ["Night\u0000Drive", "\ud800", "a\udc00b", "x\ud83d"];

  it("is refused in project fields and cover URLs, with the field named", () => {
    for (const value of bad) {
      const title = createProjectSchema.safeParse({ ...full, title: value });
      expect(title.success || firstMessage(title.error)).toBe(
        "Title contains a character that cannot be stored",
      );
      const role = updateProjectSchema.safeParse({ ...full, role: value });
      expect(role.success || firstMessage(role.error)).toBe(
        "Role contains a character that cannot be stored",
      );
      const cover = coverUrlSchema("missing").safeParse(`https://example.com/${value}`);
      expect(cover.success || firstMessage(cover.error)).toBe(
        "Cover contains a character that cannot be stored",
      );
    }
  });

  it("is refused in section titles, descriptions and alt texts", () => {
    for (const value of bad) {
      for (const [field, label] of [
        ["title", "Title"],
        ["description", "Description"],
        ["resourceAlts", "Alt text"],
      ] as const) {
        expect(parseSectionFields({ [field]: [value] }, "add")).toEqual({
          ok: false,
          message: `${label} contains a character that cannot be stored`,
        });
      }
    }
  });

  it("keeps well-formed odd text: emoji, bidi and zero-width marks, combining accents", () => {
    const odd = "\u202eevil\u200b 👩‍👩‍👧 e\u0301 \ufeff";
    expect(createProjectSchema.parse({ ...full, title: odd }).title).toBe(odd.trim());
    expect(parseSectionFields({ description: [odd] }, "add")).toMatchObject({
      ok: true,
      value: { description: odd.trim() },
    });
  });
});
