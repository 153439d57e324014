import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import formidable from "formidable";

export type StandInUpload = {
  resourceType: string;
  folder: string;
  bytes: Buffer;
  publicId: string;
  version: number;
  format: string;
  width?: number;
  height?: number;
  /** A video's, as Cloudinary reports them (set with reportNext). */
  duration?: number;
  frameRate?: number;
  createdAt: string;
  /** The requests it came in: 1, or its chunks (X-Unique-Upload-Id). */
  chunks: number;
  /** SHA-256 of the bytes stored (assembled from the chunks). */
  sha256: string;
};

/** One chunk request of a chunked upload, as received (before any refusal). */
export type StandInChunk = { uploadId: string; start: number; end: number; total: number };

/** The format Cloudinary would detect, from the first bytes. */
function sniffFormat(bytes: Buffer): string {
  if (bytes.subarray(0, 8).equals(Buffer.from("89504e470d0a1a0a", "hex"))) return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpg";
  if (bytes.subarray(0, 4).toString("latin1") === "GIF8") return "gif";
  if (bytes.subarray(4, 8).toString("latin1") === "ftyp") return "mp4";
  return "bin";
}

/** Pixel size from a PNG's IHDR or a GIF's screen descriptor; JPEGs get a fixed 640×480. */
function sniffSize(format: string, bytes: Buffer): { width?: number; height?: number } {
  if (format === "png" && bytes.length >= 24)
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (format === "gif" && bytes.length >= 10)
    return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  if (format === "jpg") return { width: 640, height: 480 };
  return {};
}

const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

/**
 * A local stand-in for Cloudinary's Upload API (POST /v1_1/<cloud>/<type>/upload and /destroy).
 * It checks each request's signature the way Cloudinary documents it: every parameter except
 * file, cloud_name, resource_type and api_key, sorted by name, joined as k=v with &, followed by
 * the API secret, hashed with SHA-1. A bad signature or key gets Cloudinary's 401 answer, a signed
 * timestamp over an hour old its "Stale request" 400, a file outside the signed `allowed_formats`
 * its 400. A signed `public_id` is used (under the signed `folder`), as Cloudinary does in
 * fixed-folder mode; its answer carries `version` and the response signature
 * (SHA-1 of `public_id=…&version=…` and the secret). GET /v1_1/<cloud>/resources/<type>/upload/<id>
 * (Basic auth with key and secret) is the Admin API's record of an upload, and
 * GET /v1_1/<cloud>/resources/<type>/upload?prefix=… its listing (one page, no cursor). Browsers may call it
 * (CORS), as they call Cloudinary for direct uploads.
 *
 * Chunked uploads (`X-Unique-Upload-Id` and `Content-Range: bytes <first>-<last>/<total>`): every
 * chunk signed, each one starting where the one before of the same id ended, all with one total;
 * chunks before the last are answered `{ done: false }`, and the last one stores the assembled file
 * and answers like a whole upload. A gap, an overlap or another total is a 400.
 */
export async function startCloudinaryStandIn(cloudName: string, apiKey: string, apiSecret: string) {
  const uploads = new Map<string, StandInUpload>();
  const destroyed: { publicId: string; resourceType: string }[] = [];
  let rejected = 0;
  let adminCalls = 0;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cloudinary-stand-in-"));

  let versions = 1_700_000_000;
  /** Changes what the next upload's record says (a test's way to make Cloudinary report more). */
  let nextReport: Partial<StandInUpload> | null = null;
  const chunkLog: StandInChunk[] = [];
  const partial = new Map<string, { parts: Buffer[]; next: number; total: number }>();
  /** Chunk start offsets answered 503 the first time they come (a failure to retry). */
  const failOnce = new Set<number>();
  /** A message the last chunk of the next chunked upload is refused with (400). */
  let refusal: string | null = null;

  const server = http.createServer(async (request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, {
        "content-type": "application/json",
        "access-control-allow-origin": "*",
      });
      response.end(JSON.stringify(body));
    };
    if (request.method === "OPTIONS") {
      response.writeHead(204, {
        "access-control-allow-origin": "*",
        "access-control-allow-methods": "POST, GET",
        "access-control-allow-headers": "content-type, x-requested-with",
      });
      return response.end();
    }
    const listing = /^\/v1_1\/([^/]+)\/resources\/(image|video)\/upload(\?.*)?$/.exec(
      request.url ?? "",
    );
    if (request.method === "GET" && listing && listing[1] === cloudName) {
      const expected = `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString("base64")}`;
      if (request.headers.authorization !== expected)
        return reply(401, { error: { message: "Invalid credentials" } });
      const prefix = new URLSearchParams(listing[3]?.slice(1) ?? "").get("prefix") ?? "";
      const resources = [...uploads.values()]
        .filter((upload) => upload.resourceType === listing[2])
        .filter((upload) => upload.publicId.startsWith(prefix))
        .map(resourceRecord);
      return reply(200, { resources });
    }
    const admin = /^\/v1_1\/([^/]+)\/resources\/(image|video)\/upload\/(.+)$/.exec(
      request.url ?? "",
    );
    if (request.method === "GET" && admin && admin[1] === cloudName) {
      const expected = `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString("base64")}`;
      if (request.headers.authorization !== expected)
        return reply(401, { error: { message: "Invalid credentials" } });
      const publicId = decodeURIComponent(admin[3]!);
      const upload = uploads.get(publicId);
      if (!upload || upload.resourceType !== admin[2])
        return reply(404, { error: { message: `Resource not found - ${publicId}` } });
      adminCalls++;
      return reply(200, resourceRecord(upload));
    }
    const match = /^\/v1_1\/([^/]+)\/(image|video)\/(upload|destroy)$/.exec(request.url ?? "");
    if (request.method !== "POST" || !match || match[1] !== cloudName)
      return reply(404, { error: { message: "Not found" } });
    const [, , resourceType, action] = match;
    const [fields, files] = await formidable({
      uploadDir: tmp,
      maxFileSize: 200 * 1024 * 1024,
    }).parse(request);
    const params = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v?.[0] ?? ""]));
    const { signature, api_key: key, ...signed } = params;
    const toSign = Object.entries(signed)
      .filter(([, value]) => value !== "")
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}=${v}`.replace(/&/g, "%26"))
      .join("&");
    const expected = createHash("sha1")
      .update(toSign + apiSecret)
      .digest("hex");
    if (key !== apiKey || signature !== expected || !signed.timestamp) {
      rejected++;
      return reply(401, {
        error: { message: `Invalid Signature ${signature}. String to sign - '${toSign}'.` },
      });
    }
    if (Date.now() / 1000 - Number(signed.timestamp) > 3600) {
      rejected++;
      return reply(400, { error: { message: "Stale request - reported time is too old" } });
    }
    if (action === "destroy") {
      destroyed.push({ publicId: signed.public_id ?? "", resourceType: resourceType! });
      const existed = uploads.delete(signed.public_id ?? "");
      return reply(200, { result: existed ? "ok" : "not found" });
    }
    const file = files.file?.[0];
    if (!file) return reply(400, { error: { message: "Missing required parameter - file" } });
    let bytes = fs.readFileSync(file.filepath);
    fs.rmSync(file.filepath);
    let chunks = 1;
    const uploadId = request.headers["x-unique-upload-id"];
    if (typeof uploadId === "string") {
      const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(request.headers["content-range"] ?? "");
      if (!range) return reply(400, { error: { message: "Invalid Content-Range" } });
      const [start, end, total] = range.slice(1).map(Number) as [number, number, number];
      chunkLog.push({ uploadId, start, end, total });
      if (failOnce.delete(start)) return reply(503, { error: { message: "Service Unavailable" } });
      const state = partial.get(uploadId) ?? { parts: [], next: 0, total };
      if (start !== state.next || total !== state.total || end - start + 1 !== bytes.length)
        return reply(400, { error: { message: `Chunk ${start}-${end}/${total} out of sequence` } });
      state.parts.push(bytes);
      state.next = end + 1;
      partial.set(uploadId, state);
      if (state.next < total) return reply(200, { done: false, bytes: state.next });
      partial.delete(uploadId);
      if (refusal) {
        const message = refusal;
        refusal = null;
        return reply(400, { error: { message } });
      }
      bytes = Buffer.concat(state.parts);
      chunks = state.parts.length;
    }
    const format = sniffFormat(bytes);
    const allowed = signed.allowed_formats?.split(",").filter(Boolean);
    if (allowed && !allowed.includes(format)) {
      rejected++;
      return reply(400, {
        error: {
          message: `${resourceType === "video" ? "Video" : "Image"} file format ${format} not allowed`,
        },
      });
    }
    const name = signed.public_id || randomBytes(10).toString("hex");
    const publicId = `${signed.folder ? `${signed.folder}/` : ""}${name}`;
    const upload: StandInUpload = {
      resourceType: resourceType!,
      folder: signed.folder ?? "",
      bytes,
      publicId,
      version: ++versions,
      format,
      ...(resourceType === "image" ? sniffSize(format, bytes) : {}),
      createdAt: new Date().toISOString(),
      chunks,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      ...nextReport,
    };
    nextReport = null;
    uploads.set(publicId, upload);
    reply(200, {
      ...resourceRecord(upload),
      signature: sha1(`public_id=${publicId}&version=${upload.version}${apiSecret}`),
      original_filename: file.originalFilename ?? "file",
    });
  });
  const resourceRecord = (upload: StandInUpload) => ({
    public_id: upload.publicId,
    version: upload.version,
    resource_type: upload.resourceType,
    type: "upload",
    format: upload.format,
    created_at: upload.createdAt,
    secure_url: `https://res.cloudinary.com/${cloudName}/${upload.resourceType}/upload/v${upload.version}/${upload.publicId}.${upload.format}`,
    width: upload.width,
    height: upload.height,
    bytes: upload.bytes.length,
    duration: upload.duration,
    frame_rate: upload.frameRate,
  });
  // The SDK keeps its sockets alive: one closed by the server's default 5 s idle timeout just as the
  // SDK reuses it (a loaded machine's slow test) fails the call with no status.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    uploads,
    destroyed,
    rejected: () => rejected,
    adminCalls: () => adminCalls,
    /** What Cloudinary reports for the next upload, over what it measured. */
    reportNext: (report: Partial<StandInUpload>) => {
      nextReport = report;
    },
    /** Every chunk request received, in order (retries too). */
    chunks: chunkLog,
    /** The chunk starting at `start` is answered 503 the first time it comes. */
    failChunkOnce: (start: number) => failOnce.add(start),
    /** The next chunked upload's last chunk is refused with Cloudinary's 400 and `message`. */
    refuseNextChunked: (message: string) => {
      refusal = message;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        fs.rmSync(tmp, { recursive: true, force: true });
        server.close(() => resolve());
      }),
  };
}
