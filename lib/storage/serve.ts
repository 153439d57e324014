import "server-only";
import fs from "node:fs/promises";
import { Readable } from "node:stream";
import { contentTypeOfKey, localPath } from "./local";

export type ByteRange = { start: number; end: number };

/**
 * Reads a single-range `Range` header against a file size. Returns the inclusive byte range,
 * "unsatisfiable" (416), or null to send the whole file: RFC 9110 lets a server ignore ranges it
 * does not support (multiple ranges) or that are malformed.
 */
export function parseRange(
  header: string | null,
  size: number,
): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header);
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? Infinity : Number(last);
  if (end < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end: Math.min(end, size - 1) };
}

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Answers a GET or HEAD for a locally stored media key: correct type, nosniff, immutable caching
 * (a key's bytes never change), and byte ranges so browsers can seek in videos.
 */
export async function serveLocalMedia(
  dataDir: string,
  key: string,
  request: Request,
): Promise<Response> {
  const file = localPath(dataDir, key);
  const contentType = contentTypeOfKey(key);
  if (!file || !contentType) return notFound();
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, "r");
  } catch {
    return notFound();
  }
  const { size } = await handle.stat();
  const etag = `"${key.slice(0, key.indexOf("."))}-${size}"`;
  const headers = new Headers({
    "Content-Type": contentType,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": IMMUTABLE,
    "Accept-Ranges": "bytes",
    ETag: etag,
  });
  if (
    request.headers
      .get("if-none-match")
      ?.split(/\s*,\s*/)
      .includes(etag)
  ) {
    await handle.close();
    return new Response(null, { status: 304, headers });
  }
  const range = parseRange(request.headers.get("range"), size);
  if (range === "unsatisfiable") {
    await handle.close();
    headers.set("Content-Range", `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  headers.set("Content-Length", String(Math.max(0, end - start + 1)));
  if (range) headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
  const status = range ? 206 : 200;
  if (request.method === "HEAD" || size === 0) {
    await handle.close();
    return new Response(null, { status, headers });
  }
  const stream = handle.createReadStream({ start, end });
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status, headers });
}

function notFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
  });
}
