import "server-only";
import fs from "node:fs";
import path from "node:path";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { PROJECT_ACCESS_COOKIE_NAME } from "./routing-rules";
import { PROJECT_ACCESS_DAYS } from "@/lib/validation/limits";

/*
 * The access cookie of protected projects (docs/spec.md §11, docs/security.md): the right password
 * opens that one project in that browser for PROJECT_ACCESS_DAYS. One HttpOnly cookie holds every
 * project the browser opened, as `<payload>.<HMAC-SHA256 of payload>`, signed with a key kept in
 * DATA_DIR/auth beside the auth service's signing key. Each grant names the project, its expiry and
 * a fingerprint of the project's password hash, so changing the password (or the status) closes
 * the project again for every browser that had opened it.
 */

export const PROJECT_ACCESS_COOKIE = PROJECT_ACCESS_COOKIE_NAME;
const MAX_GRANTS = 50;
const ACCESS_SECONDS = PROJECT_ACCESS_DAYS * 24 * 60 * 60;

type Grant = { id: string; exp: number; v: string };

const keys = new Map<string, Buffer>();

/** Where the HMAC key lives: DATA_DIR/auth, readable by the site's user only. */
export function projectAccessKeyPath(dataDir = env().DATA_DIR): string {
  return path.join(/* turbopackIgnore: true */ dataDir, "auth", "project-access-key");
}

function accessKey(): Buffer {
  const file = projectAccessKeyPath();
  let key = keys.get(file);
  if (key) return key;
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      // "wx": concurrent first uses agree on one key.
      fs.writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  key = Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64url");
  if (key.length < 32) throw new Error(`The project access key ${file} is too short`);
  keys.set(file, key);
  return key;
}

const sign = (payload: string) =>
  createHmac("sha256", accessKey()).update(payload).digest("base64url");

/** HMAC-SHA256 with the same site key, for the contact form's tokens (lib/site/contact.ts). */
export const signWithSiteKey = sign;

/** A short fingerprint of a password hash: a grant is only good for the password it was made for. */
const fingerprint = (passwordHash: string) =>
  createHash("sha256").update(passwordHash).digest("base64url").slice(0, 16);

/** The unexpired grants of a cookie value whose signature checks out; [] for anything else. */
function readGrants(value: string | undefined, now: number): Grant[] {
  if (!value) return [];
  const dot = value.lastIndexOf(".");
  if (dot < 1) return [];
  const payload = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(sign(payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return [];
  try {
    const grants = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown;
    if (!Array.isArray(grants)) return [];
    return grants.filter(
      (grant): grant is Grant =>
        typeof grant?.id === "string" &&
        typeof grant?.v === "string" &&
        typeof grant?.exp === "number" &&
        grant.exp > now / 1000,
    );
  } catch {
    return [];
  }
}

/** Reads one cookie's value out of a Cookie header. */
export function readAccessCookie(cookieHeader: string | null | undefined): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === PROJECT_ACCESS_COOKIE) return rest.join("=");
  }
  return undefined;
}

/** The ids of the given projects this cookie opens (protected, same password, not expired). */
export function unlockedProjects(
  cookieValue: string | undefined,
  projects: { id: string; passwordHash: string | null }[],
  now = Date.now(),
): Set<string> {
  const grants = readGrants(cookieValue, now);
  const open = new Set<string>();
  for (const project of projects) {
    if (!project.passwordHash) continue;
    const v = fingerprint(project.passwordHash);
    if (grants.some((grant) => grant.id === project.id && grant.v === v)) open.add(project.id);
  }
  return open;
}

/**
 * The cookie value after opening one more project: the earlier unexpired grants (other projects)
 * kept, this project's renewed for PROJECT_ACCESS_DAYS, the oldest dropped beyond MAX_GRANTS.
 */
export function grantAccess(
  cookieValue: string | undefined,
  project: { id: string; passwordHash: string },
  now = Date.now(),
): { value: string; maxAge: number } {
  const kept = readGrants(cookieValue, now).filter((grant) => grant.id !== project.id);
  const grants = [
    ...kept,
    {
      id: project.id,
      exp: Math.floor(now / 1000) + ACCESS_SECONDS,
      v: fingerprint(project.passwordHash),
    },
  ].slice(-MAX_GRANTS);
  const payload = Buffer.from(JSON.stringify(grants)).toString("base64url");
  return { value: `${payload}.${sign(payload)}`, maxAge: ACCESS_SECONDS };
}
