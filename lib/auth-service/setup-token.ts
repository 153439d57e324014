import "server-only";
import { randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

/**
 * The one-time owner setup token. Until an owner account exists, creating it needs this token
 * (or, with OWNER_EMAILS, a confirmation link sent to the address): whoever started the server
 * sees it in the start-up log or in DATA_DIR/auth/setup-token (mode 600), nobody else does.
 * AUTH_SETUP_TOKEN sets it instead (automated deployments, tests); it is never printed then.
 */
export function setupTokenFile(dataDir = env().DATA_DIR): string {
  return path.join(/* turbopackIgnore: true */ dataDir, "auth", "setup-token");
}

/** The token in force: AUTH_SETUP_TOKEN, else the file's; null when there is none (never made here). */
function currentSetupToken(): string | null {
  const configured = env().AUTH_SETUP_TOKEN;
  if (configured) return configured;
  try {
    return fs.readFileSync(setupTokenFile(), "utf8").trim() || null;
  } catch {
    return null;
  }
}

/**
 * The token to print at start while no owner exists: the file's, or a new one written to it
 * (mode 600). Only the start-up check calls this; a request never creates the file.
 */
export function readSetupToken(): string {
  const current = currentSetupToken();
  if (current) return current;
  const file = setupTokenFile();
  const token = randomBytes(24).toString("base64url");
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, `${token}\n`, { mode: 0o600, flag: "wx" });
    return token;
  } catch {
    // Another process wrote it first.
    return fs.readFileSync(file, "utf8").trim();
  }
}

/** Whether `candidate` is the setup token (compared in constant time); false when there is none. */
export function isSetupToken(candidate: unknown): boolean {
  if (typeof candidate !== "string" || candidate === "") return false;
  const current = currentSetupToken();
  if (!current) return false;
  const expected = Buffer.from(current);
  const actual = Buffer.from(candidate);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Once the owner exists the token has done its job: the file goes. */
export function retireSetupToken(): void {
  fs.rmSync(setupTokenFile(), { force: true });
}

/** Whether the token file is still there (one stat, no read). */
export function setupTokenFileExists(): boolean {
  return fs.existsSync(setupTokenFile());
}

/** Google sign-ins started with the setup token (flow id → expiry), see handlers/authorize.ts. */
const setupFlows = new Map<string, number>();

export function rememberSetupFlow(flowId: string, ttlMs: number): void {
  const now = Date.now();
  for (const [id, expires] of setupFlows) if (expires < now) setupFlows.delete(id);
  setupFlows.set(flowId, now + ttlMs);
}

export function takeSetupFlow(flowId: string): boolean {
  const expires = setupFlows.get(flowId);
  setupFlows.delete(flowId);
  return expires !== undefined && expires >= Date.now();
}
