import { describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/helpers/database";
import {
  createContactMessage,
  listContactMessages,
  MESSAGE_PAGE_SIZE,
  trashContactMessage,
} from "./contact-messages";

useTestDatabase();

const message = (n: number, at: Date) =>
  createContactMessage(
    {
      name: `Sender ${n}`,
      email: `sender${n}@client.example`,
      message: n % 2 === 0 ? `Even message ${n}` : `Odd message ${n}`,
      budget: null,
      deadline: null,
      projectId: null,
      folder: "inbox",
      spamReason: null,
      proofNonce: null,
    },
    at,
  );

describe(`the inbox's pages on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"}`, () => {
  it("pages through every message of a folder newest first, each once, with before", async () => {
    const total = 2 * MESSAGE_PAGE_SIZE + 5;
    const start = Date.UTC(2031, 0, 1);
    // Three pairs share a timestamp: the id orders them, so none is skipped or shown twice.
    for (let n = 0; n < total; n++) await message(n, new Date(start + Math.floor(n / 2) * 1000));
    const trashed = (await listContactMessages("inbox")).messages[0]!;
    await trashContactMessage(trashed.id);

    const seen: string[] = [];
    const sizes: number[] = [];
    let before: string | null = null;
    for (;;) {
      const page = await listContactMessages("inbox", "", before);
      sizes.push(page.messages.length);
      seen.push(...page.messages.map((m) => m.name));
      if (!page.older) break;
      before = page.messages.at(-1)!.id;
    }
    expect(sizes).toEqual([MESSAGE_PAGE_SIZE, MESSAGE_PAGE_SIZE, 4]);
    expect(new Set(seen).size).toBe(total - 1);
    expect(seen).not.toContain(trashed.name);
    const all = (await listContactMessages("inbox")).messages;
    const times = seen.map((name) => Number(name.split(" ")[1]));
    // Newest first: a later pair of senders never follows an earlier one.
    for (let i = 1; i < times.length; i++)
      expect(Math.floor(times[i]! / 2)).toBeLessThanOrEqual(Math.floor(times[i - 1]! / 2));
    expect(all.map((m) => m.name)).toEqual(seen.slice(0, MESSAGE_PAGE_SIZE));

    // A search pages the same way; an unknown cursor is an empty page.
    const odd = await listContactMessages("inbox", "Odd message", null);
    expect(odd.messages).toHaveLength(MESSAGE_PAGE_SIZE);
    expect(odd.older).toBe(true);
    const rest = await listContactMessages("inbox", "Odd message", odd.messages.at(-1)!.id);
    expect(rest.messages.length + odd.messages.length).toBe(
      seen.filter((name) => Number(name.split(" ")[1]) % 2 === 1).length,
    );
    expect(rest.older).toBe(false);
    expect(await listContactMessages("inbox", "", "0123456789abcdef01234567")).toEqual({
      messages: [],
      older: false,
    });
  }, 60_000);
});
