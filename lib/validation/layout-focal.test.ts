import { describe, expect, it } from "vitest";
import { formatFocal, invalidFocalMessage, objectPosition, parseFocal } from "./focal";
import { createProjectSchema, updateProjectSchema } from "./project";
import { toLayout } from "@/lib/domain";
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

describe("focal fields of the forms", () => {
  const project = { title: "T", role: "R", category: "Illustration" };

  it("a project's coverFocal becomes its cover focal columns; a bad one is refused", () => {
    expect(createProjectSchema.parse({ ...project, coverFocal: "0.2,0.9" })).toMatchObject({
      coverFocalX: 0.2,
      coverFocalY: 0.9,
    });
    expect(updateProjectSchema.parse(project)).not.toHaveProperty("coverFocalX");
    for (const coverFocal of ["1.2,0.5", "0.5", "", "x,y"]) {
      const result = updateProjectSchema.safeParse({ ...project, coverFocal });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(invalidFocalMessage);
    }
  });

  it("a section takes one resourceFocals value per new image", () => {
    expect(parseSectionFields({ resourceFocals: ["0,0", "1,1"] }, "add")).toMatchObject({
      ok: true,
      value: {
        focals: [
          { x: 0, y: 0 },
          { x: 1, y: 1 },
        ],
      },
    });
    expect(parseSectionFields({ resourceFocals: ["0.5,0.5", "0.5,-1"] }, "add")).toEqual({
      ok: false,
      message: invalidFocalMessage,
    });
  });

  it("existingImages lists the kept images with alt text and focal point, checked", () => {
    const list = [
      { url: "/media/b.png", alt: " B ", focalX: 0, focalY: 1 },
      { url: "/media/a.png", alt: "", focalX: 0.5, focalY: 0.5 },
    ];
    expect(parseSectionFields({ existingImages: [JSON.stringify(list)] }, "edit")).toMatchObject({
      ok: true,
      value: { existingImages: [{ ...list[0], alt: "B" }, list[1]] },
    });
    const refused = (value: string) => parseSectionFields({ existingImages: [value] }, "edit");
    const shape = "Invalid existingImages: send a JSON list of { url, alt, focalX, focalY }";
    expect(refused("not json")).toEqual({ ok: false, message: shape });
    expect(refused('{"url":"/media/a.png"}')).toEqual({ ok: false, message: shape });
    expect(refused('[{"url":"/media/a.png","alt":""}]')).toEqual({
      ok: false,
      message: invalidFocalMessage,
    });
    expect(refused(JSON.stringify([{ ...list[0], focalX: 2 }]))).toEqual({
      ok: false,
      message: invalidFocalMessage,
    });
    expect(refused(JSON.stringify([list[1], list[1]]))).toEqual({
      ok: false,
      message: "Duplicate image in existingImages: /media/a.png",
    });
    expect(refused(JSON.stringify([{ ...list[0], alt: "x".repeat(301) }]))).toEqual({
      ok: false,
      message: "Alt text must be at most 300 characters",
    });
  });
});
