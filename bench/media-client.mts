// What the motion-media phases of the bench (bench/encode.mts, bench/resumable.mts,
// bench/phone-loop.mts) share: the owner's side of the API (tus 1.0 over plain HTTP PATCHes, a
// master attached to a section, its encode awaited) and readings of the server's process tree
// that tell the site's own processes from the ffmpeg children its encoder runs.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { children } from "../reliability/soak-stats.mts";

/** An owner's API access: the site's URL and a session's bearer token. */
export type Owner = { url: string; token: string };

const auth = (owner: Owner) => ({ Authorization: `Bearer ${owner.token}` });
const TUS = { "Tus-Resumable": "1.0.0" };

/** `POST /api/uploads` (tus creation) of a master of `size` bytes; its path (`/api/uploads/{id}`). */
export async function createUpload(owner: Owner, size: number, filename: string): Promise<string> {
  const metadata = Object.entries({ filename, filetype: "", kind: "video" })
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");
  const response = await fetch(`${owner.url}/api/uploads`, {
    method: "POST",
    headers: { ...TUS, ...auth(owner), "Upload-Length": String(size), "Upload-Metadata": metadata },
  });
  const location = response.headers.get("location");
  if (response.status !== 201 || !location)
    throw new Error(`tus creation answered ${response.status}: ${await response.text()}`);
  return location;
}

/** The offset `HEAD` answers for an upload (how many of its bytes the server has stored). */
export async function uploadOffset(owner: Owner, location: string): Promise<number> {
  const response = await fetch(owner.url + location, {
    method: "HEAD",
    headers: { ...TUS, ...auth(owner) },
  });
  if (response.status !== 200) throw new Error(`tus HEAD answered ${response.status}`);
  return Number(response.headers.get("upload-offset"));
}

/** `DELETE /api/uploads/{id}`: the server removes the upload and its files. */
export async function cancelUpload(owner: Owner, location: string): Promise<void> {
  const response = await fetch(owner.url + location, {
    method: "DELETE",
    headers: { ...TUS, ...auth(owner) },
  });
  if (response.status !== 204) throw new Error(`tus DELETE answered ${response.status}`);
}

/**
 * One PATCH carrying `body`'s bytes from `offset`, written as the socket takes them. With
 * `abortAfter`, the connection is destroyed once that many bytes were handed to it (a dropped
 * connection): resolves with status 0 then.
 */
export function patchUpload(
  owner: Owner,
  location: string,
  offset: number,
  length: number,
  body: AsyncIterable<Buffer>,
  abortAfter?: number,
): Promise<{ status: number; sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let aborted = false;
    const request = http.request(owner.url + location, {
      method: "PATCH",
      headers: {
        ...TUS,
        ...auth(owner),
        "Content-Type": "application/offset+octet-stream",
        "Upload-Offset": String(offset),
        "Content-Length": String(length),
      },
    });
    request.once("error", (error) => (aborted ? resolve({ status: 0, sent }) : reject(error)));
    request.once("response", (response) => {
      response.resume();
      response.once("end", () => resolve({ status: response.statusCode ?? 0, sent }));
    });
    void (async () => {
      for await (const chunk of body) {
        if (request.destroyed) return;
        const piece =
          abortAfter === undefined ? chunk : chunk.subarray(0, Math.max(0, abortAfter - sent));
        sent += piece.length;
        const drained = request.write(piece);
        if (abortAfter !== undefined && sent >= abortAfter) {
          aborted = true;
          request.destroy();
          resolve({ status: 0, sent });
          return;
        }
        if (!drained) await new Promise((done) => request.once("drain", done));
      }
      request.end();
    })().catch(reject);
  });
}

/** Uploads a file over tus in one PATCH; returns the upload's id. */
export async function uploadMaster(owner: Owner, file: string): Promise<string> {
  // Masters are made synchronously: the client's kept-alive connections the server closed in the
  // meantime are let go first, so no request goes out on one.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const size = fs.statSync(file).size;
  const location = await createUpload(owner, size, path.basename(file));
  const answer = await patchUpload(owner, location, 0, size, fs.createReadStream(file));
  if (answer.status !== 204) throw new Error(`tus PATCH of ${file} answered ${answer.status}`);
  return location.split("/").pop()!;
}

/** A section of `projectId` made from a finished upload; its id. */
export async function attachSection(
  owner: Owner,
  projectId: string,
  fields: Record<string, string>,
): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const response = await fetch(`${owner.url}/api/sections/${projectId}`, {
    method: "POST",
    headers: auth(owner),
    body: form,
  });
  const body = (await response.json()) as { message: string; data?: { _id: string } };
  if (response.status !== 201 || !body.data)
    throw new Error(`Attaching the master answered ${response.status}: ${body.message}`);
  return body.data._id;
}

export type SectionVideo = {
  _id: string;
  video: string | null;
  videoStatus: "processing" | "ready" | "failed" | null;
  videoRenditions: { url: string; type: string; width: number; height: number; bytes: number }[];
};

/** The section as the public API lists it. */
export async function sectionOf(url: string, projectId: string, id: string) {
  const body = (await (await fetch(`${url}/api/sections/${projectId}`)).json()) as {
    data: SectionVideo[];
  };
  const section = body.data.find((s) => s._id === id);
  if (!section) throw new Error(`Section ${id} is not listed`);
  return section;
}

/**
 * Polls the owner's `GET /api/sections/{id}/video` every 100 ms until the encode is ready; throws
 * on `failed` or after `ms`. Resolves when `ready` was read (performance.now()).
 */
export async function videoReady(owner: Owner, id: string, ms = 600_000): Promise<number> {
  const end = Date.now() + ms;
  for (;;) {
    const response = await fetch(`${owner.url}/api/sections/${id}/video`, { headers: auth(owner) });
    const { data } = (await response.json()) as {
      data: { videoStatus: string; videoError: string | null };
    };
    if (data.videoStatus === "ready") return performance.now();
    if (data.videoStatus === "failed") throw new Error(`The encode failed: ${data.videoError}`);
    if (Date.now() > end) throw new Error(`The encode was not ready within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Deletes a section for good (its video, renditions and poster with it). */
export async function deleteSection(owner: Owner, id: string): Promise<void> {
  const response = await fetch(`${owner.url}/api/sections/${id}?permanent=true`, {
    method: "DELETE",
    headers: auth(owner),
  });
  if (!response.ok) throw new Error(`Deleting section ${id} answered ${response.status}`);
}

/** One process of the server's tree as /proc shows it. */
export type TreeProcess = {
  pid: number;
  argv: string[];
  /** Resident and peak resident memory (VmRSS, VmHWM), kB. */
  rssKb: number;
  hwmKb: number;
  /** CPU time (user + system), ms (Linux counts 10 ms ticks). */
  cpuMs: number;
};

function readProcess(pid: number): TreeProcess | null {
  try {
    const argv = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return {
      pid,
      argv,
      rssKb: kb("VmRSS"),
      hwmKb: kb("VmHWM"),
      cpuMs: (Number(fields[11]) + Number(fields[12])) * 10,
    };
  } catch {
    return null; // Exited between listing and reading.
  }
}

/** Every process of the tree under `pid` (itself included). */
export function serverTree(pid: number): TreeProcess[] {
  const pids: number[] = [];
  const visit = (id: number) => {
    pids.push(id);
    for (const child of children(id)) visit(child);
  };
  visit(pid);
  return pids.map(readProcess).filter((p): p is TreeProcess => p !== null);
}

/**
 * The encoder's processes: ffmpeg, and the `sh`/`nice` it is started through
 * (lib/uploads/encode.ts runs `sh -c "ulimit -v …; exec nice -n 19 ffmpeg …"`).
 */
export const isEncoder = (p: TreeProcess) =>
  ["ffmpeg", "sh", "nice"].includes(path.basename(p.argv[0] ?? ""));
export const isFfmpeg = (p: TreeProcess) => path.basename(p.argv[0] ?? "") === "ffmpeg";

/** RSS of the site's own processes (the server's tree without the encoder's), MB. */
export const siteRssMb = (tree: TreeProcess[]) =>
  Math.round(tree.filter((p) => !isEncoder(p)).reduce((kb, p) => kb + p.rssKb, 0) / 102.4) / 10;

/** Samples `read` every `ms` until the returned `stop` is called; `stop` gives the highest value. */
export function peakOf(read: () => number, ms: number): () => number {
  let peak = read();
  const timer = setInterval(() => (peak = Math.max(peak, read())), ms);
  return () => {
    clearInterval(timer);
    return Math.max(peak, read());
  };
}
