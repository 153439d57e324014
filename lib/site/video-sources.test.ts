import { describe, expect, it } from "vitest";
import { shapeClass, videoShape } from "@/lib/site/video-sources";

describe("a section video's box", () => {
  it("takes the video's own shape, at most 85 % of the window tall", () => {
    expect(videoShape({ width: 1080, height: 1920 })).toEqual({
      aspectRatio: "1080 / 1920",
      maxWidth: "calc(85svh * 0.5625)",
    });
    expect(videoShape({ width: 1920, height: 1080 })?.maxWidth).toBe("calc(85svh * 1.7778)");
  });

  it("stays 16:9 while the size is unknown or unreadable", () => {
    expect(videoShape(null)).toBeNull();
    expect(videoShape({ width: 0, height: 1080 })).toBeNull();
    expect(shapeClass(null)).toBe("aspect-video");
    expect(shapeClass(videoShape({ width: 1, height: 1 }))).toBe("mx-auto");
  });
});
