// Time to upload a 50 MB mp4 through the API, against a plain copy of the same bytes (the ceiling).
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { killGroup, spawnGroup } from "../test/helpers/processes.ts";
import { median } from "./median.mts";

const BYTES = 50 * 1024 * 1024;
/**
 * Pairs of (transfer, upload). On this shared 2-core machine, idle, two rounds of 9 pairs on one
 * server (2026-11-26): the first's paired ratios ranged 1.07–1.84× (median 1.40×), the second's
 * 0.33–1.50× (median 0.90×), its transfer floor alone anywhere from 52 to 181 ms. 25 pairs (about
 * 8 s more) narrow what one burst of the machine's noise does to the median; the budget's
 * statistic stays the same.
 */
const RUNS = 25;
const CHUNK = 1024 * 1024;

/**
 * An mp4 of exactly 50 MB: a real `ftyp` box (what the type check reads) and an `mdat` of
 * incompressible filler, written out in full. A sparse file (ftruncate) would let the copy skip
 * its holes and flatter the ceiling; the filler is derived from a fixed seed so runs compare.
 */
function writeMp4(file: string) {
  const ftypBox = Buffer.alloc(28);
  ftypBox.writeUInt32BE(28, 0);
  ftypBox.write("ftypmp42", 4);
  ftypBox.write("mp42mp41isom", 16);
  const mdatHeader = Buffer.alloc(8);
  mdatHeader.writeUInt32BE(BYTES - ftypBox.length, 0);
  mdatHeader.write("mdat", 4);
  const fd = fs.openSync(file, "w");
  try {
    fs.writeSync(fd, Buffer.concat([ftypBox, mdatHeader]));
    let written = ftypBox.length + mdatHeader.length;
    for (let block = 0; written < BYTES; block++) {
      const filler = seededBytes(block, Math.min(CHUNK, BYTES - written));
      fs.writeSync(fd, filler);
      written += filler.length;
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** `length` pseudo-random bytes: SHA-256 in counter mode over a fixed seed and the block number. */
function seededBytes(block: number, length: number): Buffer {
  const out = Buffer.alloc(length);
  for (let offset = 0, i = 0; offset < length; offset += 32, i++) {
    createHash("sha256").update(`bench-upload:${block}:${i}`).digest().copy(out, offset);
  }
  return out;
}

/**
 * The section form as one multipart body, encoded once before any timing: undici's streaming of
 * a FormData with a file Blob costs the test client about 200 ms of its own per 50 MB, which is
 * the client's work, not the server's (a browser encodes natively).
 */
async function encodeForm(file: string, projectId: string) {
  const form = new FormData();
  form.set("title", "Upload benchmark");
  form.set("description", "");
  form.set("project", projectId);
  form.set("video", await fs.openAsBlob(file, { type: "video/mp4" }), "reel.mp4");
  const encoded = new Response(form);
  return {
    contentType: encoded.headers.get("content-type")!,
    bytes: Buffer.from(await encoded.arrayBuffer()),
  };
}

/** POSTs the body over a fresh loopback connection and reads the whole answer. */
function post(
  url: string,
  headers: Record<string, string>,
  body: { contentType: string; bytes: Buffer },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: "POST",
      headers: {
        ...headers,
        "content-type": body.contentType,
        "content-length": String(body.bytes.length),
      },
    });
    request.once("error", reject);
    request.once("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.once("error", reject);
      response.once("end", () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
      );
    });
    request.end(body.bytes);
  });
}

/**
 * The transfer floor: what an upload costs on this machine before any parsing, checking or
 * storing. A bare node:http server in its own process (as the site's server is: in the bench's
 * process it would share one event loop with the client) that writes each chunk of the request
 * body to a file as it arrives. With "request" as its second argument it first wraps the request
 * in a web `Request`, as Next.js does for every route handler, and writes what that body's
 * reader gives: the floor any App Router upload route has on this Node.js (undici copies each
 * chunk into the body stream, which also makes V8 collect more often).
 */
const RECEIVER = `
const fs = require("node:fs");
const http = require("node:http");
const [file, mode] = process.argv.slice(1);
const server = http.createServer(async (request, response) => {
  const fd = fs.openSync(file, "w");
  if (mode === "request") {
    const web = new Request("http://receiver/", { method: "POST", headers: request.headers, body: request, duplex: "half" });
    const reader = web.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) fs.writeSync(fd, chunk.value);
    fs.closeSync(fd);
    return response.end("ok");
  }
  request.on("data", (chunk) => fs.writeSync(fd, chunk));
  request.on("end", () => { fs.closeSync(fd); response.end("ok"); });
});
server.listen(0, "127.0.0.1", () => process.stdout.write(server.address().port + "\\n"));
`;

async function startBareReceiver(dir: string, mode: "bare" | "request") {
  const child = spawnGroup(process.execPath, ["-e", RECEIVER, path.join(dir, "received"), mode], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`The bare receiver exited (${code})`)));
    child.stdout?.once("data", (data: Buffer) => resolve(Number(data.toString().trim())));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => {
      child.removeAllListeners("exit");
      killGroup(child.pid);
    },
  };
}

/**
 * After one uncounted round of each, uploads the file `RUNS` times into the project (each section
 * deleted for good afterwards, so no 50 MB file stays in the trash), copies it and sends it to a
 * bare receiver (the transfer floor) and to one reading it as a web Request
 * (the route-handler floor) as often, alternating, and reports the medians, and the median of each
 * upload's ratio to the transfer just before it (what the budget checks: a pair sees about the
 * same machine, where the two medians may come from different moments of a noisy one). The ceiling is `fs.copyFileSync`
 * of the same, fully written bytes to a new file under `dataDir`: one read and one write on the
 * file system the server stores uploads on, with no network, parsing or checks. `accessToken` is
 * the owner's.
 */
export async function measureUpload(
  baseUrl: string,
  projectId: string,
  dataDir: string,
  accessToken: string,
) {
  const dir = fs.mkdtempSync(path.join(dataDir, "bench-upload-"));
  try {
    const file = path.join(dir, "reel.mp4");
    writeMp4(file);
    const headers = { Authorization: `Bearer ${accessToken}` };
    const multipart = await encodeForm(file, projectId);
    const uploads: number[] = [];
    const copies: number[] = [];
    const transfers: number[] = [];
    const requestBodies: number[] = [];
    /** Each upload against the transfer just before it: both see about the same machine. */
    const ratios: number[] = [];
    const bare = await startBareReceiver(dir, "bare");
    const viaRequest = await startBareReceiver(dir, "request");
    try {
      /** One upload through the API, its section and files deleted again; its time in ms. */
      const uploadOnce = async () => {
        const uploadStart = performance.now();
        const response = await post(`${baseUrl}/api/sections/${projectId}`, headers, multipart);
        const elapsed = performance.now() - uploadStart;
        const body = JSON.parse(response.text) as {
          success: boolean;
          message: string;
          data?: { _id: string };
        };
        if (response.status !== 201 || !body.success || !body.data)
          throw new Error(`Upload failed: ${response.status} ${body.message}`);
        const removed = await fetch(`${baseUrl}/api/sections/${body.data._id}?permanent=true`, {
          method: "DELETE",
          headers,
        });
        if (!removed.ok)
          throw new Error(`Could not delete the benchmark section: ${removed.status}`);
        return elapsed;
      };
      /** The body into one of the bare receivers, its file removed again; its time in ms. */
      const receive = async (url: string) => {
        const start = performance.now();
        await post(url, {}, multipart);
        const elapsed = performance.now() - start;
        fs.rmSync(path.join(dir, "received"));
        return elapsed;
      };
      // One round first, not counted, as every other target of the bench gets a discarded warm-up:
      // the first 50 MB into a fresh server pays for compiling its parse and write paths. In 9
      // pairs on a just-started server (2026-11-26) the first read 108 ms of transfer and 277 ms
      // of upload, the other eight 48–95 and 77–135 ms.
      await receive(bare.url);
      await receive(viaRequest.url);
      await uploadOnce();
      for (let run = 0; run < RUNS; run++) {
        transfers.push(await receive(bare.url));
        requestBodies.push(await receive(viaRequest.url));

        const copyStart = performance.now();
        fs.copyFileSync(file, path.join(dir, `copy-${run}.mp4`));
        copies.push(performance.now() - copyStart);
        fs.rmSync(path.join(dir, `copy-${run}.mp4`));

        uploads.push(await uploadOnce());
        ratios.push(uploads.at(-1)! / transfers.at(-1)!);
      }
    } finally {
      bare.close();
      viaRequest.close();
    }
    return {
      bytes: BYTES,
      runs: RUNS,
      uploadMs: Math.round(median(uploads)),
      copyMs: Math.max(Math.round(median(copies)), 1),
      transferMs: Math.round(median(transfers)),
      requestBodyMs: Math.round(median(requestBodies)),
      vsTransfer: Math.round(median(ratios) * 100) / 100,
      /** The lowest and highest paired ratio: how noisy the machine was while they ran. */
      pairRange: [Math.min(...ratios), Math.max(...ratios)].map((r) => Math.round(r * 100) / 100),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
