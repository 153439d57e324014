import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OUTPUT, latinExtCss } from "./latin-ext-css.mts";

describe("latin-ext font faces", () => {
  it("the committed CSS is what the generator writes from the installed fontsource packages", () => {
    expect(readFileSync(OUTPUT, "utf8")).toBe(latinExtCss());
  });

  it("names every family app/globals.css puts first in a pairing, with its unicode-range", () => {
    const css = latinExtCss();
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
