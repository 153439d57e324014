import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The browser's forms import these rules: a server import here (the Drizzle model, lib/db,
// "server-only") would break the client bundle or pull the database into it.
describe("lib/validation", () => {
  it("imports only zod and its own files", () => {
    const dir = path.resolve("lib/validation");
    const imports = fs
      .readdirSync(dir)
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
      .flatMap((name) =>
        [...fs.readFileSync(path.join(dir, name), "utf8").matchAll(/from "([^"]+)"/g)].map(
          (match) => `${name}: ${match[1]}`,
        ),
      );
    expect(imports.length).toBeGreaterThan(5);
    expect(imports.filter((line) => !/: (zod|\.\/[\w-]+)$/.test(line))).toEqual([]);
  });
});
