import { describe, expect, it } from "vitest";
import { CONTENT_MAX } from "@/lib/site/content-width";
import { desktopSpans, ROW_TEMPLATES } from "./grid-rows";
import { cardSizes, leadsOnTablet, spanClass } from "./grid-spans";

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

  it("never ends in a lone card across the whole width, but for a grid of one", () => {
    // That one card is two rows tall (spanClass), so a picture's shape, not a strip's.
    expect(desktopSpans(1)).toEqual([4]);
    expect(spanClass(4, 0, 1)).toContain("lg:col-span-4");
    expect(spanClass(4, 0, 1)).not.toContain("lg:row-span-1");
    for (let count = 2; count <= 100; count++) {
      expect(rows(desktopSpans(count)).at(-1), `${count} cards`).not.toEqual([4]);
      expect(desktopSpans(count), `${count} cards`).not.toContain(4);
    }
  });

  it("keeps the five row templates for every full row", () => {
    // 12 cards a round of the five templates.
    expect(rows(desktopSpans(24))).toEqual(
      [...ROW_TEMPLATES, ...ROW_TEMPLATES].map((row) => [...row]),
    );
    for (let count = 2; count <= 100; count++)
      for (const row of rows(desktopSpans(count)))
        expect(
          ROW_TEMPLATES.map((template) => [...template]),
          `${count} cards`,
        ).toContainEqual(row);
  });

  it("deals a last lone card into the row before it: three in a row, or two rows of two", () => {
    // After a row of two: one row of three.
    expect(rows(desktopSpans(3))).toEqual([[1, 1, 2]]);
    expect(rows(desktopSpans(13))).toEqual([
      ...ROW_TEMPLATES.slice(0, 4).map((row) => [...row]),
      [1, 1, 2],
    ]);
    // After a row of three: two rows of two, the next two-card templates.
    expect(rows(desktopSpans(6))).toEqual([
      [2, 2],
      [3, 1],
      [1, 3],
    ]);
    // A short row of two takes the next two-card template.
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

describe("leadsOnTablet", () => {
  it("is the first card of an odd number, so every later tablet row holds two", () => {
    expect(leadsOnTablet(0, 1)).toBe(true);
    expect(leadsOnTablet(0, 7)).toBe(true);
    expect(leadsOnTablet(0, 6)).toBe(false);
    expect(leadsOnTablet(6, 7)).toBe(false);
  });
});

describe("cardSizes", () => {
  /** The box width in px, as the grid draws it (its formula written the long way). */
  const boxPx = (vw: number, span: number, columns: number, maxRem: number | null) => {
    const grid = Math.min(vw, maxRem === null ? vw : maxRem * 16) - 64;
    return ((grid - (columns - 1) * 12) * span) / columns + (span - 1) * 12;
  };
  /** Evaluates the first `calc(…)` of a sizes entry: min(Avw, Brem) - Crem or Avw - Crem. */
  const evaluate = (entry: string, vw: number) => {
    const match = /calc\((?:min\(([\d.]+)vw, ([\d.]+)rem\)|([\d.]+)vw) - ([\d.]+)rem\)/.exec(entry);
    expect(match, entry).not.toBeNull();
    const [, a, b, c, inset] = match!;
    const grid = a ? Math.min((Number(a) * vw) / 100, Number(b) * 16) : (Number(c) * vw) / 100;
    return grid - Number(inset) * 16;
  };

  it("writes each card's drawn width short, with the grid's formula's values", () => {
    expect(cardSizes(2, false)).toBe(
      "(min-width: 1280px) max(calc(min(50vw, 48rem) - 2.375rem), 34.6667rem), " +
        "(min-width: 1024px) max(calc(min(50vw, 48rem) - 2.375rem), 29.3333rem), " +
        "(min-width: 640px) max(calc(min(50vw, 48rem) - 2.375rem), 24rem), calc(100vw - 2.5rem)",
    );
    for (const [max, maxRem] of [
      ["96rem", 96],
      ["120rem", 120],
      ["100vw", null],
    ] as const) {
      for (const span of [1, 2, 3, 4] as const) {
        const [desktop, , tablet] = cardSizes(span, span !== 1, max).split(/, (?=\()/);
        for (const vw of [1280, 1536, 1920, 2560])
          expect(evaluate(desktop!, vw)).toBeCloseTo(boxPx(vw, span, 4, maxRem), 1);
        for (const vw of [640, 900])
          expect(evaluate(tablet!, vw)).toBeCloseTo(boxPx(vw, span === 1 ? 1 : 2, 2, maxRem), 1);
        // A tablet's leading card is two rows tall: its cover is at least that height × 4:3.
        if (span !== 1) expect(tablet).toContain(", 49rem)");
      }
    }
  });

  it("draws a grid's only card at least two desktop rows × 4:3 wide", () => {
    const [xl, lg] = cardSizes(4, true, "96rem", true).split(/, (?=\()/);
    expect(xl).toContain(", 70.3333rem)");
    expect(lg).toContain(", 59.6667rem)");
  });

  it("follows the content-width setting's gallery width", () => {
    expect(cardSizes(2, false, CONTENT_MAX.standard.gallery)).toBe(cardSizes(2, false));
    expect(cardSizes(2, false, CONTENT_MAX.wide.gallery)).toContain("min(50vw, 60rem)");
    expect(cardSizes(2, false, CONTENT_MAX.full.gallery)).toContain("calc(50vw - 2.375rem)");
  });
});
