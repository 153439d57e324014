// Time to upload a 50 MB mp4 through the API, against a plain copy of the same bytes (the ceiling).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { signUp } from "../test/auth.ts";

const BYTES = 50 * 1024 * 1024;

/** An mp4 of exactly 50 MB: a real `ftyp` box (what the type check reads) and an `mdat` of filler. */
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
  fs.ftruncateSync(fd, BYTES);
  fs.closeSync(fd);
}

export async function measureUpload(baseUrl: string, projectId: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-upload-"));
  try {
    const file = path.join(dir, "reel.mp4");
    writeMp4(file);
    const copyStart = performance.now();
    fs.copyFileSync(file, path.join(dir, "copy.mp4"));
    const copyMs = Math.round(performance.now() - copyStart);

    const owner = await signUp(baseUrl, "bench-owner@example.com", "bench-password-123");
    const form = new FormData();
    form.set("title", "Upload benchmark");
    form.set("description", "");
    form.set("project", projectId);
    form.set("video", await fs.openAsBlob(file, { type: "video/mp4" }), "reel.mp4");
    const uploadStart = performance.now();
    const response = await fetch(`${baseUrl}/api/sections/${projectId}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${owner.accessToken}` },
      body: form,
    });
    const body = (await response.json()) as { success: boolean; message: string };
    const uploadMs = Math.round(performance.now() - uploadStart);
    if (!response.ok || !body.success)
      throw new Error(`Upload failed: ${response.status} ${body.message}`);
    return { bytes: BYTES, uploadMs, copyMs: Math.max(copyMs, 1) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
