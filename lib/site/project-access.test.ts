import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** The signed access cookie of protected projects (docs/spec.md §11, docs/security.md). */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "project-access-"));
let access: typeof import("./project-access");
const previous = process.env.DATA_DIR;

beforeAll(async () => {
  process.env.DATA_DIR = dir;
  access = await import("./project-access");
});
afterAll(() => {
  if (previous === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previous;
  fs.rmSync(dir, { recursive: true, force: true });
});

const a = { id: "aaaaaaaaaaaaaaaaaaaaaaaa", passwordHash: "$2a$10$hash-of-a" };
const b = { id: "bbbbbbbbbbbbbbbbbbbbbbbb", passwordHash: "$2a$10$hash-of-b" };
const DAY = 24 * 60 * 60 * 1000;

describe("project access cookie", () => {
  it("opens the project it was granted for, and only that one, for 7 days", () => {
    const now = Date.UTC(2026, 0, 1);
    const { value, maxAge } = access.grantAccess(undefined, a, now);
    expect(maxAge).toBe(7 * 24 * 60 * 60);
    expect(access.unlockedProjects(value, [a, b], now)).toEqual(new Set([a.id]));
    expect(access.unlockedProjects(value, [a], now + 7 * DAY - 1000)).toEqual(new Set([a.id]));
    expect(access.unlockedProjects(value, [a], now + 7 * DAY + 1000)).toEqual(new Set());
    // The key is kept under DATA_DIR/auth, readable by the site's user only.
    const stat = fs.statSync(access.projectAccessKeyPath(dir));
    expect(stat.mode & 0o777).toBe(0o600);
  });

  it("keeps earlier grants when another project is opened", () => {
    const first = access.grantAccess(undefined, a).value;
    const both = access.grantAccess(first, b).value;
    expect(access.unlockedProjects(both, [a, b])).toEqual(new Set([a.id, b.id]));
  });

  it("closes again when the password changes", () => {
    const { value } = access.grantAccess(undefined, a);
    expect(access.unlockedProjects(value, [{ ...a, passwordHash: "$2a$10$new" }])).toEqual(
      new Set(),
    );
    expect(access.unlockedProjects(value, [{ ...a, passwordHash: null }])).toEqual(new Set());
  });

  it("refuses a forged, altered or malformed cookie", () => {
    const { value } = access.grantAccess(undefined, a);
    const [payload, signature] = value.split(".");
    const forgedPayload = Buffer.from(
      JSON.stringify([{ id: b.id, exp: 9_999_999_999, v: "x" }]),
    ).toString("base64url");
    for (const bad of [
      `${forgedPayload}.${signature}`,
      `${payload}.${signature!.slice(0, -2)}AA`,
      `${payload}`,
      "",
      "...",
      "e30.e30",
    ])
      expect(access.unlockedProjects(bad, [a, b])).toEqual(new Set());
  });

  it("reads its value out of a Cookie header", () => {
    expect(access.readAccessCookie("x=1; project_access=abc.d=; y=2")).toBe("abc.d=");
    expect(access.readAccessCookie("xproject_access=1")).toBeUndefined();
    expect(access.readAccessCookie(null)).toBeUndefined();
  });
});
