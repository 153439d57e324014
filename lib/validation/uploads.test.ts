import { describe, expect, it } from "vitest";
import {
  acceptOf,
  checkFile,
  coverRule,
  coverVideoRule,
  sectionImageRule,
  selectImages,
  videoRule,
} from "./uploads";

const checkImageFile = (file: { name: string; size: number; type: string }) =>
  checkFile(file, sectionImageRule);
const checkVideoFile = (file: { name: string; size: number; type: string }) =>
  checkFile(file, videoRule);

const MB = 1024 * 1024;
const image = (name: string, size = 1000, type = "image/png") => ({ name, size, type });

describe("section file rules", () => {
  it("offer the accepted types in the file pickers, JPEG also under its image/jpg alias", () => {
    expect(acceptOf(sectionImageRule)).toBe("image/jpeg,image/png,image/gif,image/jpg");
    expect(acceptOf(videoRule)).toBe("video/mp4");
  });

  it("accepts the four image types up to exactly 5 MB", () => {
    expect(sectionImageRule.maxBytes).toBe(5 * MB);
    expect(coverRule.maxBytes).toBe(5 * MB);
    for (const type of ["image/jpeg", "image/png", "image/gif", "image/jpg"]) {
      expect(checkImageFile(image("a", 5 * MB, type))).toBeNull();
    }
    expect(checkImageFile(image("big.png", 5 * MB + 1))).toBe("File too large: big.png");
  });

  it("refuses other types by name, before looking at the size", () => {
    expect(checkImageFile(image("photo.webp", 10, "image/webp"))).toBe(
      "Invalid file type: photo.webp",
    );
    expect(checkImageFile(image("doc.pdf", 99 * MB, "application/pdf"))).toBe(
      "Invalid file type: doc.pdf",
    );
    expect(checkImageFile(image("unknown", 10, ""))).toBe("Invalid file type: unknown");
  });

  it("accepts mp4 videos up to exactly 50 MB", () => {
    expect(videoRule.maxBytes).toBe(50 * MB);
    expect(checkVideoFile({ name: "reel.mp4", size: 50 * MB, type: "video/mp4" })).toBeNull();
    expect(checkVideoFile({ name: "reel.mp4", size: 50 * MB + 1, type: "video/mp4" })).toBe(
      "File too large: reel.mp4",
    );
    expect(checkVideoFile({ name: "clip.mov", size: 10, type: "video/quicktime" })).toBe(
      "Invalid file type: clip.mov",
    );
  });

  it("keeps at most 5 images in all, with an error for each refused file", () => {
    const picked = ["1", "2", "3", "4", "5", "6"].map((n) => image(`${n}.png`));
    const all = selectImages(picked, 0);
    expect(all.accepted.map((f) => f.name)).toEqual(["1.png", "2.png", "3.png", "4.png", "5.png"]);
    expect(all.errors).toEqual(["Too many images: 6.png (up to 5 per section)"]);

    const mixed = selectImages([image("x.bmp", 1, "image/bmp"), image("y.png"), image("z.png")], 4);
    expect(mixed.accepted.map((f) => f.name)).toEqual(["y.png"]);
    expect(mixed.errors).toEqual([
      "Invalid file type: x.bmp",
      "Too many images: z.png (up to 5 per section)",
    ]);
  });
});

describe("cover loop rule", () => {
  it("takes an mp4 of up to 10 MB and refuses others in its own wording", () => {
    const mp4 = (size: number) => ({ name: "loop.mp4", size, type: "video/mp4" });
    expect(checkFile(mp4(10 * MB), coverVideoRule)).toBeNull();
    expect(checkFile(mp4(10 * MB + 1), coverVideoRule)).toBe(
      "File too large: loop.mp4 (a cover loop is up to 10 MB)",
    );
    expect(checkFile({ name: "loop.mov", size: 10, type: "video/quicktime" }, coverVideoRule)).toBe(
      "Invalid file type: loop.mov (a cover loop must be an mp4 video)",
    );
    // Other rules keep the spec's wording.
    expect(checkFile(mp4(51 * MB), videoRule)).toBe("File too large: loop.mp4");
  });
});
