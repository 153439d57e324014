import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OUTPUT, fontFacesCss } from "./font-faces-css.mts";

describe("generated font faces", () => {
  it("the committed CSS is what the generator writes from the fontsource packages and fonts.ts", () => {
    expect(readFileSync(OUTPUT, "utf8")).toBe(fontFacesCss());
  });
});
