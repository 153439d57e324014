// What a person waits for when uploading a 50 MB video: the client sends it at a paced 100 Mbit/s
// (a good office uplink), and the budget is how long the answer takes after the last byte left,
// with the server's RSS growth during the upload. The loopback time against a bare node:http
// server that writes the same body to a file is reported beside it, not budgeted: over any real
// uplink the transfer dwarfs it (docs/media.md#uploads).
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { killGroup, spawnGroup } from "../test/helpers/processes.ts";
import { treeRssMb } from "../reliability/soak-stats.mts";
import { median } from "./median.mts";

const BYTES = 50 * 1024 * 1024;
/** Paced uploads, each about 4.2 s at 100 Mbit/s; the budget reads their median. */
export const PACED_RUNS = 5;
export const PACE_MBIT = 100;
/** Unpaced pairs (bare transfer, upload) on loopback, for the reported ratio. */
const LOOPBACK_RUNS = 9;
const CHUNK = 1024 * 1024;
/** What the paced client writes at a time: 64 kB, about 5 ms of the uplink. */
const PACED_CHUNK = 64 * 1024;
/** How often the server's RSS is read during an upload. */
const RSS_SAMPLE_MS = 50;
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

type Answer = { status: number; text: string; lastByteAt: number; answeredAt: number };

/**
 * POSTs the body over a fresh loopback connection and reads the whole answer; with `paceMbit`,
 * writes it 64 kB at a time no faster than that rate. `lastByteAt` is when the last byte was
 * handed to the socket, `answeredAt` when the answer's last byte arrived (performance.now()).
 */
function post(
  url: string,
  headers: Record<string, string>,
  body: { contentType: string; bytes: Buffer },
  paceMbit?: number,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let lastByteAt = 0;
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
        resolve({
          status: response.statusCode ?? 0,
          text: Buffer.concat(chunks).toString("utf8"),
          lastByteAt: lastByteAt || performance.now(),
          answeredAt: performance.now(),
        }),
      );
    });
    if (!paceMbit) {
      request.end(body.bytes, () => (lastByteAt = performance.now()));
      return;
    }
    const bytesPerMs = (paceMbit * 1e6) / 8 / 1000;
    const start = performance.now();
    let sent = 0;
    const next = () => {
      if (request.destroyed) return;
      const chunk = body.bytes.subarray(sent, sent + PACED_CHUNK);
      sent += chunk.length;
      if (sent >= body.bytes.length) {
        request.end(chunk, () => (lastByteAt = performance.now()));
        return;
      }
      const write = () =>
        setTimeout(next, Math.max(0, start + sent / bytesPerMs - performance.now()));
      if (request.write(chunk)) write();
      else request.once("drain", write);
    };
    next();
  });
}

/**
 * The transfer floor: what an upload costs on this machine before any parsing, checking or
 * storing. A bare node:http server in its own process (as the site's server is: in the bench's
 * process it would share one event loop with the client) that writes each chunk of the request
 * body to a file as it arrives.
 */
const RECEIVER = `
const fs = require("node:fs");
const http = require("node:http");
const [file] = process.argv.slice(1);
const server = http.createServer((request, response) => {
  const fd = fs.openSync(file, "w");
  request.on("data", (chunk) => fs.writeSync(fd, chunk));
  request.on("end", () => { fs.closeSync(fd); response.end("ok"); });
});
server.listen(0, "127.0.0.1", () => process.stdout.write(server.address().port + "\\n"));
`;

async function startBareReceiver(dir: string) {
  const child = spawnGroup(process.execPath, ["-e", RECEIVER, path.join(dir, "received")], {
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

/** The highest RSS of the server's process tree (MB) while `work` runs, sampled every 50 ms. */
async function peakRssDuring<T>(pid: number, work: () => Promise<T>): Promise<[T, number]> {
  let peak = treeRssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, treeRssMb(pid))), RSS_SAMPLE_MS);
  try {
    const result = await work();
    return [result, Math.max(peak, treeRssMb(pid))];
  } finally {
    clearInterval(timer);
  }
}

export type UploadResult = {
  bytes: number;
  paceMbit: number;
  runs: number;
  /** Median time from the last byte sent to the whole answer received, paced uploads (ms). */
  answerAfterLastByteMs: number;
  /** The fastest and slowest of them. */
  answerRangeMs: number[];
  /** The largest growth of the server's RSS during one paced upload, over its RSS before (MB). */
  rssGrowthMb: number;
  /** Unpaced, on loopback: median upload and bare-transfer times and their paired ratio. */
  loopback: { runs: number; uploadMs: number; transferMs: number; vsTransfer: number };
};

/**
 * After one uncounted upload (the first into a fresh server compiles its parse and write paths),
 * sends the 50 MB section form `PACED_RUNS` times at 100 Mbit/s, reading the server's RSS
 * throughout; then `LOOPBACK_RUNS` unpaced pairs of (bare transfer, upload). Each section is
 * deleted for good afterwards, so no 50 MB file stays in the trash. `pid` is the server's,
 * `accessToken` the owner's.
 */
export async function measureUpload(
  baseUrl: string,
  projectId: string,
  dataDir: string,
  accessToken: string,
  pid: number,
): Promise<UploadResult> {
  const dir = fs.mkdtempSync(path.join(dataDir, "bench-upload-"));
  try {
    const file = path.join(dir, "reel.mp4");
    writeMp4(file);
    const headers = { Authorization: `Bearer ${accessToken}` };
    const multipart = await encodeForm(file, projectId);
    /** One upload through the API, its section and files deleted again. */
    const uploadOnce = async (paceMbit?: number) => {
      const answer = await post(
        `${baseUrl}/api/sections/${projectId}`,
        headers,
        multipart,
        paceMbit,
      );
      const body = JSON.parse(answer.text) as {
        success: boolean;
        message: string;
        data?: { _id: string };
      };
      if (answer.status !== 201 || !body.success || !body.data)
        throw new Error(`Upload failed: ${answer.status} ${body.message}`);
      const removed = await fetch(`${baseUrl}/api/sections/${body.data._id}?permanent=true`, {
        method: "DELETE",
        headers,
      });
      if (!removed.ok) throw new Error(`Could not delete the benchmark section: ${removed.status}`);
      return answer;
    };
    await uploadOnce();

    const answers: number[] = [];
    const growths: number[] = [];
    for (let run = 0; run < PACED_RUNS; run++) {
      const before = treeRssMb(pid);
      const [answer, peak] = await peakRssDuring(pid, () => uploadOnce(PACE_MBIT));
      answers.push(answer.answeredAt - answer.lastByteAt);
      growths.push(peak - before);
    }

    const uploads: number[] = [];
    const transfers: number[] = [];
    /** Each upload against the transfer just before it: both see about the same machine. */
    const ratios: number[] = [];
    const bare = await startBareReceiver(dir);
    try {
      await post(bare.url, {}, multipart);
      fs.rmSync(path.join(dir, "received"));
      for (let run = 0; run < LOOPBACK_RUNS; run++) {
        let start = performance.now();
        transfers.push((await post(bare.url, {}, multipart)).answeredAt - start);
        fs.rmSync(path.join(dir, "received"));
        start = performance.now();
        uploads.push((await uploadOnce()).answeredAt - start);
        ratios.push(uploads.at(-1)! / transfers.at(-1)!);
      }
    } finally {
      bare.close();
    }
    const round = (value: number, places = 0) => Math.round(value * 10 ** places) / 10 ** places;
    return {
      bytes: BYTES,
      paceMbit: PACE_MBIT,
      runs: PACED_RUNS,
      answerAfterLastByteMs: round(median(answers)),
      answerRangeMs: [Math.min(...answers), Math.max(...answers)].map((ms) => round(ms)),
      rssGrowthMb: round(Math.max(...growths), 1),
      loopback: {
        runs: LOOPBACK_RUNS,
        uploadMs: round(median(uploads)),
        transferMs: round(median(transfers)),
        vsTransfer: round(median(ratios), 2),
      },
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
