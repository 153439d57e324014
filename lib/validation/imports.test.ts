import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// zod is about 30 kB of gzipped JavaScript: the client components a visitor's pages load must not
// reach it through the rules they borrow (a label, a message, a CSS helper). The owner's forms may.
describe("visitors' client components", () => {
  const VISITOR_CLIENT_FILES = [
    "components/sections/viewer-launcher.tsx",
    "components/sections/protected-project-form.tsx",
    "components/sections/image-viewer.tsx",
    "components/sections/loop-video.tsx",
    "components/sections/vimeo-facade.tsx",
    "components/gallery/cover-loops.tsx",
  ];

  /** Every module `file` imports, directly or not, among the project's own files. */
  function reach(file: string, seen = new Set<string>()): Set<string> {
    if (seen.has(file)) return seen;
    seen.add(file);
    const source = fs.readFileSync(file, "utf8");
    for (const [, spec] of source.matchAll(/^import (?!type )[^;]*? from "([^"]+)";/gms)) {
      if (spec === "zod") seen.add("zod");
      const local = spec!.startsWith("@/")
        ? spec!.slice(2)
        : spec!.startsWith(".")
          ? path.join(path.dirname(file), spec!)
          : null;
      if (!local) continue;
      const target = [".ts", ".tsx", "/index.ts"]
        .map((ext) => local + ext)
        .find((candidate) => fs.existsSync(candidate));
      if (target) reach(target, seen);
    }
    return seen;
  }

  it("do not import zod, directly or through lib/", () => {
    for (const file of VISITOR_CLIENT_FILES) {
      expect(fs.existsSync(file), file).toBe(true);
      expect(reach(file).has("zod"), file).toBe(false);
    }
    // The check can fail: an owner form does reach zod.
    expect(reach("components/owner/section-form.tsx").has("zod")).toBe(true);
  });
});
