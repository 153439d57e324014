import { describe, expect, it } from "vitest";
import { CONTENT_MAX } from "@/components/layout/content-width";
import { cardSizes, desktopSpans, ROW_TEMPLATES } from "./grid-spans";

/** The spans grouped into rows of the 4-column grid, as CSS grid places them in order. */
function rows(spans: number[]): number[][] {
  const result: number[][] = [];
  let used = 4;
  for (const span of spans) {
    if (used + span > 4) {
      result.push([]);
      used = 0;
    }
    result.at(-1)!.push(span);
    used += span;
  }
  return result;
}

describe("desktopSpans", () => {
  it("fills every row, the last one included, for any number of cards", () => {
    for (let count = 1; count <= 100; count++) {
      const spans = desktopSpans(count);
      expect(spans).toHaveLength(count);
      for (const row of rows(spans))
        expect(
          row.reduce((a, b) => a + b),
          `${count} cards`,
        ).toBe(4);
    }
  });

  it("keeps the five row templates for every full row", () => {
    // 12 cards a round of the five templates.
    expect(rows(desktopSpans(24))).toEqual(
      [...ROW_TEMPLATES, ...ROW_TEMPLATES].map((row) => [...row]),
    );
    expect(rows(desktopSpans(13))).toEqual([...ROW_TEMPLATES.map((row) => [...row]), [4]]);
  });

  it("gives a last row of one card the whole width and a short row of two the next two-card template", () => {
    expect(desktopSpans(1)).toEqual([4]);
    expect(rows(desktopSpans(4))).toEqual([
      [2, 2],
      [3, 1],
    ]);
    expect(rows(desktopSpans(9))).toEqual([
      [2, 2],
      [1, 1, 2],
      [3, 1],
      [1, 3],
    ]);
  });
});

describe("cardSizes", () => {
  it("follows the content-width setting's gallery width (issue 18.7)", () => {
    expect(cardSizes(2, 1)).toContain("min(100vw, 96rem)");
    expect(cardSizes(2, 1, CONTENT_MAX.standard.gallery)).toBe(cardSizes(2, 1));
    expect(cardSizes(2, 1, CONTENT_MAX.wide.gallery)).toContain("min(100vw, 120rem)");
    expect(cardSizes(2, 1, CONTENT_MAX.wide.gallery)).not.toContain("96rem");
  });
});
