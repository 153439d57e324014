import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OUTPUT, fontFacesCss } from "./font-faces-css.mts";

describe("generated font faces", () => {
  it("the committed CSS is what the generator writes from the fontsource packages and fonts.ts", () => {
    expect(readFileSync(OUTPUT, "utf8")).toBe(fontFacesCss());
  });

  it("names every family app/globals.css puts first in a pairing, with its unicode-range", () => {
    const css = fontFacesCss();
    const globals = readFileSync(new URL("../app/globals.css", import.meta.url), "utf8");
    const named = [...globals.matchAll(/"([^"]+ Latin Ext)"/g)].map((match) => match[1]);
    expect(new Set(named).size).toBe(7);
    for (const family of named) {
      const face = css.slice(css.indexOf(`font-family: "${family}"`));
      expect(face, family).toMatch(/^[^}]*unicode-range: U\+0100-02BA/);
      expect(face, family).toMatch(/^[^}]*url\(\.\.\/\.\.\/node_modules\/@fontsource-variable\//);
    }
  });
});
