import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { gifDeclaring } from "@/test/helpers/media-fixtures";
import { measureImage } from "./measure";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "measure-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, bytes: Buffer): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
}

describe("measureImage", () => {
  // Found by test/api/upload-attacks.test.ts: sharp measures the 1x1 frame, browsers allocate the
  // 65,535 x 65,535 logical screen, so this 29-byte GIF was accepted as a 1x1 image.
  it("refuses a GIF whose logical screen exceeds 50 megapixels, whatever its frames", async () => {
    const file = write("screen.gif", gifDeclaring(65_535, 65_535));
    await expect(measureImage(file, "screen.gif")).rejects.toMatchObject({
      status: 413,
      message: "File too large: screen.gif",
    });
  });

  it("reports a GIF at its logical screen size, and other images at their own", async () => {
    expect(await measureImage(write("small.gif", gifDeclaring(40, 30)), "small.gif")).toEqual({
      width: 40,
      height: 30,
    });
    const gif = await sharp({ create: { width: 7, height: 5, channels: 3, background: "#fff" } })
      .gif()
      .toBuffer();
    expect(await measureImage(write("real.gif", gif), "real.gif")).toEqual({ width: 7, height: 5 });
    const png = await sharp({ create: { width: 9, height: 4, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    expect(await measureImage(write("real.png", png), "real.png")).toEqual({ width: 9, height: 4 });
  });
});
