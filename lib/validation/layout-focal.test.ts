import { describe, expect, it } from "vitest";
import { formatFocal, objectPosition, parseFocal } from "./focal";
import { toLayout } from "./layout";
import { parseSectionFields } from "./section";

describe("section layout field", () => {
  it("takes grid, natural and full, and leaves the layout unchanged when not sent", () => {
    for (const layout of ["grid", "natural", "full"]) {
      expect(parseSectionFields({ layout: [layout] }, "edit")).toMatchObject({
        ok: true,
        value: { layout },
      });
    }
    const absent = parseSectionFields({}, "edit");
    expect(absent.ok && absent.value.layout).toBeUndefined();
  });

  it("refuses any other value with a message naming the three", () => {
    for (const layout of ["masonry", "", "Grid", "grid,full"]) {
      expect(parseSectionFields({ layout: [layout] }, "add")).toEqual({
        ok: false,
        message: "Invalid layout: use grid, natural or full",
      });
    }
  });

  it("reads an unknown stored value as grid", () => {
    expect(toLayout("natural")).toBe("natural");
    expect(toLayout(undefined)).toBe("grid");
    expect(toLayout("masonry")).toBe("grid");
  });
});

describe("focal points", () => {
  it('parses "x,y" with each value from 0 to 1', () => {
    expect(parseFocal("0.5,0.5")).toEqual({ x: 0.5, y: 0.5 });
    expect(parseFocal("0,1")).toEqual({ x: 0, y: 1 });
    expect(parseFocal(" 0.25 , .75 ")).toEqual({ x: 0.25, y: 0.75 });
    expect(parseFocal("1.0,0.000")).toEqual({ x: 1, y: 0 });
  });

  it("refuses malformed values and values outside 0–1", () => {
    for (const value of [
      "",
      "0.5",
      "0.5,0.5,0.5",
      "1.5,0.5",
      "-0.1,0.5",
      "0.5,1.01",
      "a,b",
      "NaN,0.5",
      "Infinity,0",
      "1e-1,0.5",
      "0x1,0",
      "0.5;0.5",
    ]) {
      expect(parseFocal(value), value).toBeNull();
    }
  });

  it("writes what it reads and turns a point into object-position", () => {
    expect(parseFocal(formatFocal({ x: 0.3333333, y: 1 }))).toEqual({ x: 0.333, y: 1 });
    expect(objectPosition({ x: 0.25, y: 0.8 })).toBe("25% 80%");
    expect(objectPosition(undefined)).toBe("50% 50%");
  });
});
