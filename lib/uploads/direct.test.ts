import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUploadToken, signParams } from "@/lib/storage/direct-token";
import { startCloudinaryStandIn } from "@/test/helpers/cloudinary-stand-in";
import { pngOfSize } from "@/test/helpers/media-fixtures";

let standIn: Awaited<ReturnType<typeof startCloudinaryStandIn>>;
let config: import("@/lib/storage/cloudinary").CloudinaryConfig;
let sweepAbandonedDirectUploads: typeof import("./direct").sweepAbandonedDirectUploads;

beforeAll(async () => {
  standIn = await startCloudinaryStandIn("sweep-cloud", "k3", "secret-3");
  // The SDK picks http or https once, from CLOUDINARY_URL, when it is first loaded.
  process.env.CLOUDINARY_URL = `cloudinary://k3:secret-3@sweep-cloud?upload_prefix=${standIn.url}`;
  const { parseCloudinaryUrl } = await import("@/lib/storage/cloudinary");
  ({ sweepAbandonedDirectUploads } = await import("./direct"));
  config = parseCloudinaryUrl(process.env.CLOUDINARY_URL, "portfolio");
});
afterAll(async () => {
  delete process.env.CLOUDINARY_URL;
  await standIn?.stop();
});

/** Uploads a file under `publicId` in `folder`, signed as the browser's upload would be. */
async function upload(publicId: string, folder = "portfolio"): Promise<string> {
  const signed = { timestamp: Math.floor(Date.now() / 1000), folder, public_id: publicId };
  const form = new FormData();
  for (const [key, value] of Object.entries(signed)) form.append(key, String(value));
  form.append("signature", signParams(signed, "secret-3"));
  form.append("api_key", "k3");
  form.append("file", new Blob([new Uint8Array(await pngOfSize(1000))]), "x.png");
  const response = await fetch(`${standIn.url}/v1_1/sweep-cloud/image/upload`, {
    method: "POST",
    body: form,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { public_id: string }).public_id;
}

describe("sweeping abandoned direct uploads", () => {
  it("destroys only this site's unsaved uploads signed too long ago to be saved", async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = (ago: number) => makeUploadToken("secret-3", "portfolio", "image", now - ago);
    const abandoned = await upload(token(2 * 3600));
    const saved = await upload(token(2 * 3600));
    const recent = await upload(token(30 * 60));
    // Just past the hour a reference is accepted: a save may still be committing.
    const committing = await upload(token(3600 + 60));
    const foreign = await upload("d-i0-00000000000000000000-000000000000000000000000");
    const otherFolder = await upload(token(2 * 3600), "elsewhere");

    const destroyed = await sweepAbandonedDirectUploads(config, {
      inUse: async (key) => key === `cloudinary:image:${saved}`,
      now,
    });
    expect(destroyed).toEqual([abandoned]);
    expect(standIn.uploads.has(abandoned)).toBe(false);
    for (const kept of [saved, recent, committing, foreign, otherFolder])
      expect(standIn.uploads.has(kept)).toBe(true);
  });
});
