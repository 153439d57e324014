// Time to upload a 50 MB mp4 through the API, against a plain copy of the same bytes (the ceiling).
import fs from "node:fs";
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { signIn, signUp } from "../test/auth.ts";

const BYTES = 50 * 1024 * 1024;
const RUNS = 3;

/**
 * An mp4 of exactly 50 MB: a real `ftyp` box (what the type check reads) and an `mdat` of random
 * bytes. Random, and written out in full: a sparse file of zeros would let the copy (the ceiling)
 * skip its holes, and real video does not compress.
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
  fs.writeSync(fd, ftypBox);
  fs.writeSync(fd, mdatHeader);
  const chunk = 1024 * 1024;
  for (let written = ftypBox.length + mdatHeader.length; written < BYTES;) {
    const size = Math.min(chunk, BYTES - written);
    fs.writeSync(fd, crypto.randomBytes(size));
    written += size;
  }
  fs.closeSync(fd);
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function videoForm(file: string): Promise<FormData> {
  const form = new FormData();
  form.set("video", await fs.openAsBlob(file, { type: "video/mp4" }), "reel.mp4");
  return form;
}

/**
 * The transfer floor: a bare node:http server that only writes the request body to a file. What
 * an upload costs on this machine before any parsing, checking or storing.
 */
async function startBareReceiver(dir: string) {
  let count = 0;
  const server = http.createServer((request, response) => {
    const out = fs.createWriteStream(path.join(dir, `received-${count++}`));
    request.pipe(out).on("finish", () => response.end("ok"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Medians of three: uploads through the API, plain copies (`fs.copyFile` to a new file, the
 * budget's ceiling) and bare transfers of the same file, made in `scratchDir`, which should be on
 * the data directory's file system.
 */
export async function measureUpload(baseUrl: string, projectId: string, scratchDir: string) {
  fs.mkdirSync(scratchDir, { recursive: true });
  const dir = fs.mkdtempSync(path.join(scratchDir, "bench-upload-"));
  try {
    const file = path.join(dir, "reel.mp4");
    writeMp4(file);
    const copies: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      fs.copyFileSync(file, path.join(dir, `copy-${i}.mp4`));
      copies.push(performance.now() - start);
    }

    // The first account is the owner; on a data directory that already has it, sign in.
    const credentials = ["bench-owner@example.com", "bench-password-123"] as const;
    const transfers: number[] = [];
    const bare = await startBareReceiver(dir);
    try {
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        const response = await fetch(bare.url, { method: "POST", body: await videoForm(file) });
        await response.text();
        transfers.push(performance.now() - start);
      }
    } finally {
      await bare.close();
    }

    const owner = await signUp(baseUrl, ...credentials).catch(() =>
      signIn(baseUrl, ...credentials),
    );
    const uploads: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const form = await videoForm(file);
      form.set("title", `Upload benchmark ${i + 1}`);
      form.set("description", "");
      form.set("project", projectId);
      const start = performance.now();
      const response = await fetch(`${baseUrl}/api/sections/${projectId}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${owner.accessToken}` },
        body: form,
      });
      const body = (await response.json()) as { success: boolean; message: string };
      uploads.push(performance.now() - start);
      if (!response.ok || !body.success)
        throw new Error(`Upload failed: ${response.status} ${body.message}`);
    }
    return {
      bytes: BYTES,
      uploadMs: Math.round(median(uploads)),
      copyMs: Math.max(Math.round(median(copies)), 1),
      transferMs: Math.round(median(transfers)),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
