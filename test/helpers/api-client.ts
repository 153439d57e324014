import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { authHeaders, signUp } from "./auth";
import { startServer, type RunningServer } from "./server";

export const OWNER_EMAIL = "owner@example.com";
export const PASSWORD = "Sup3r-secret-pass";

export type ApiSite = {
  server: RunningServer;
  dataDir: string;
  ownerToken: string;
  strangerToken: string;
  /** Stored media files (not the temporary area). */
  uploads: () => string[];
  /** Leftovers of the temporary upload area. */
  tmpFiles: () => string[];
  stop: () => Promise<void>;
};

/**
 * Runs the production server on a fresh data directory with an owner and a second, non-owner
 * account (AUTH_SIGNUP=open with OWNER_EMAILS set), both signed in through the real /auth/v1.
 */
export async function startApiSite(extraEnv: Record<string, string> = {}): Promise<ApiSite> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-api-"));
  const server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    OWNER_EMAILS: OWNER_EMAIL,
    AUTH_SIGNUP: "open",
    ...extraEnv,
  });
  const owner = await signUp(server.url, OWNER_EMAIL, PASSWORD);
  const stranger = await signUp(server.url, STRANGER_EMAIL, PASSWORD);
  return {
    ...siteFiles(dataDir),
    server,
    ownerToken: owner.accessToken,
    strangerToken: stranger.accessToken,
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const STRANGER_EMAIL = "someone@example.com";

/** The data directory and what a test reads of it. */
export function siteFiles(dataDir: string): Pick<ApiSite, "dataDir" | "uploads" | "tmpFiles"> {
  const list = (dir: string) =>
    fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String) : [];
  return {
    dataDir,
    uploads: () => list(path.join(dataDir, "uploads")).sort(),
    tmpFiles: () => list(path.join(dataDir, "tmp")),
  };
}

export type Envelope<T = unknown> = { success: boolean; message: string; data: T };
export type Answer<T = unknown> = { status: number; body: Envelope<T> };

export type Part = string | { bytes: Buffer; name: string; type?: string };

export function multipart(parts: [string, Part][]): FormData {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === "string") form.append(name, value);
    else
      form.append(
        name,
        new Blob([new Uint8Array(value.bytes)], { type: value.type ?? "" }),
        value.name,
      );
  }
  return form;
}

/** Calls the API; `token` signs the request in with a Bearer token. */
export async function call<T = unknown>(
  baseUrl: string,
  method: string,
  pathname: string,
  options: { token?: string; form?: FormData; json?: unknown } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = options.token ? authHeaders(options.token) : {};
  let body: BodyInit | undefined = options.form;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  }
  const response = await fetch(new URL(pathname, baseUrl), { method, headers, body });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

/** Reads until `done` holds (every 150 ms, at most `ms`), or fails with the last value read. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`Still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/**
 * Sends a master with tus in one PATCH (docs/api.md#resumable-uploads), as the owner signed in
 * with `token`; the finished upload's id, for a form's `…Upload` field. The test's `expect`s fail
 * on a refusal.
 */
export async function tusUpload(
  baseUrl: string,
  token: string,
  file: string,
  kind: "video" | "cover-loop",
): Promise<string> {
  const bytes = fs.readFileSync(file);
  const encode = (value: string) => Buffer.from(value).toString("base64");
  const headers = { "Tus-Resumable": "1.0.0", ...authHeaders(token) };
  const created = await fetch(new URL("/api/uploads", baseUrl), {
    method: "POST",
    headers: {
      ...headers,
      "Upload-Length": String(bytes.length),
      "Upload-Metadata": `filename ${encode(path.basename(file))},kind ${encode(kind)}`,
    },
  });
  if (created.status !== 201) throw new Error(`tus creation answered ${created.status}`);
  const location = created.headers.get("location")!;
  const sent = await fetch(new URL(location, baseUrl), {
    method: "PATCH",
    headers: {
      ...headers,
      "Upload-Offset": "0",
      "Content-Type": "application/offset+octet-stream",
    },
    body: new Uint8Array(bytes),
  });
  if (sent.status !== 204) throw new Error(`tus PATCH answered ${sent.status}`);
  return location.split("/").pop()!;
}
