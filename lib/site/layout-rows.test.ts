import { describe, expect, it } from "vitest";
import { CONTENT_MAX } from "@/lib/site/content-width";
import {
  capWidth,
  layoutRows,
  rowMaxWidth,
  rowSizes,
  tileSizes,
} from "@/lib/site/image-grid-layout";
import { sectionCrops, sectionImageTargetWidth } from "@/lib/site/image-targets";

describe("natural and full layouts", () => {
  it("keep the grid's column count as the most images in a row, rows as even as possible", () => {
    expect(layoutRows("natural", 1)).toEqual([[0]]);
    expect(layoutRows("natural", 2)).toEqual([[0, 1]]);
    expect(layoutRows("natural", 3)).toEqual([[0, 1], [2]]);
    expect(layoutRows("natural", 4)).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(layoutRows("natural", 5)).toEqual([
      [0, 1, 2],
      [3, 4],
    ]);
  });

  it("keeps a row of several no taller than its shortest file, so none is drawn wider than its pixels", () => {
    // 400 × 300 beside 2400 × 1500: (4/3 + 1.6) × 300 px, plus the gap.
    expect(
      rowMaxWidth([
        { width: 400, height: 300 },
        { width: 2400, height: 1500 },
      ]),
    ).toBe("calc(880px + 0.75rem)");
    // An image of unknown size counts as 4:3 and sets no height: (4/3 + 4/3 + 3/4) × 600 px, two gaps.
    expect(
      rowMaxWidth([
        { width: null, height: null },
        { width: 800, height: 600 },
        { width: 600, height: 800 },
      ]),
    ).toBe("calc(2050px + 1.5rem)");
    expect(
      rowMaxWidth([
        { width: null, height: null },
        { width: null, height: null },
      ]),
    ).toBeNull();
  });

  it("full puts every image on a row of its own", () => {
    expect(layoutRows("full", 3)).toEqual([[0], [1], [2]]);
  });

  it("gives each image of a row its share of the width by aspect ratio, never less", () => {
    // 16:10 next to 4:5: 1.6 ÷ 2.4 and 0.8 ÷ 2.4 of the content width less one gap.
    expect(rowSizes([1.6, 0.8], 0)).toBe(
      "(min-width: 640px) calc(((min(100vw, 72rem) - 4rem) - 0.75rem) * 0.667), calc(100vw - 2.5rem)",
    );
    expect(rowSizes([1.6, 0.8], 1)).toContain("* 0.334)");
    expect(rowSizes([1.5], 0)).toBe(
      "(min-width: 640px) min(calc(min(100vw, 72rem) - 4rem), 127.5vh), min(calc(100vw - 2.5rem), 127.5vh)",
    );
  });

  it("draws an image alone on its row at most 85 % of the window tall (a portrait narrower)", () => {
    // 4:5: 85vh × 0.8 = 68vh wide at most, in the box (section-images.tsx) and in the file chosen.
    expect(capWidth(0.8)).toBe("calc(85svh * 0.8)");
    expect(rowSizes([0.8], 0)).toBe(
      "(min-width: 640px) min(calc(min(100vw, 72rem) - 4rem), 68vh), min(calc(100vw - 2.5rem), 68vh)",
    );
    expect(tileSizes(1, 0, 1200, 1500)).toBe(rowSizes([0.8], 0));
    // Side by side, images share the row's width: no cap.
    expect(rowSizes([0.8, 0.8], 0)).not.toContain("vh");
  });

  it("follows the content-width setting's column, so wider columns get wider files", () => {
    expect(rowSizes([1.5], 0, CONTENT_MAX.wide.column)).toContain(
      "(min-width: 640px) min(calc(min(100vw, 96rem) - 4rem), 127.5vh)",
    );
    expect(rowSizes([1.5], 0, CONTENT_MAX.full.column)).toContain(
      "(min-width: 640px) min(calc(min(100vw, 100vw) - 4rem), 127.5vh)",
    );
    expect(tileSizes(1, 0, 1600, 900)).toContain("min(100vw, 72rem)");
    expect(tileSizes(1, 0, 1600, 900, CONTENT_MAX.wide.column)).toContain("min(100vw, 96rem)");
  });
});

describe("the grid of five", () => {
  it("draws the last two tiles half a row wide each, at 2:1, and the owner's form crops them so", () => {
    // A 4:3 file fills a third of the row in the first three tiles, half of it in the last two
    // (cropped top and bottom); a 3:1 panorama is drawn 1.5× wider than a 2:1 tile, to cover it.
    expect(tileSizes(5, 0, 1600, 1200)).toContain(
      "(min-width: 640px) max(calc(((min(100vw, 72rem) - 4rem) - 1.5rem) / 3 * 1),",
    );
    expect(tileSizes(5, 4, 1600, 1200)).toContain(
      "(min-width: 640px) max(calc(((min(100vw, 72rem) - 4rem) - 0.75rem) / 2 * 1),",
    );
    expect(tileSizes(5, 4, 3000, 1000)).toContain("- 0.75rem) / 2 * 1.5),");
    expect(sectionCrops("grid", 5, 2)).toEqual([{ label: "Tile", ratio: 4 / 3 }]);
    expect(sectionCrops("grid", 5, 3)).toEqual([{ label: "Wide tile", ratio: 2 }]);
    // The size advice's target: half the 72rem column (less its padding and the gap), × 1.5.
    expect(sectionImageTargetWidth("grid", 5, 4, 3, "standard")).toBe(
      Math.round(((72 * 16 - 64 - 12) / 2) * 1.5),
    );
  });
});
