// What the production build traces as the server's files (`.next/**/*.nft.json`): only what the
// server loads. A runtime path such as `path.join(dataDir, "uploads")` is a pattern to Turbopack's
// file tracer, which then reads every file of the project it matches: with a site's media in
// ./data (DATA_DIR's default), `next build` read gigabytes and ran out of memory. Runtime data
// paths carry `/* turbopackIgnore: true */`; this checks the build that the test run made
// (scripts/test.sh builds before Vitest), with test/fixtures/data-dir in the project as the bait:
// a folder with a file for every data path the server builds.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const buildDir = path.join(root, ".next");
const bait = path.join(root, "test/fixtures/data-dir");

/** The project files (outside node_modules and the build output) the server may need at run time. */
const SERVER_FILES = [
  /^package\.json$/,
  /^cache-handler\.mjs$/,
  /^drizzle\/(meta\/)?[\w.-]+\.(sql|json)$/,
  /^lib\/db\/pglite-initdb\.mjs$/,
];

/** Every trace of the build: the routes' under .next/server and the server's own beside them. */
function traces(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".nft.json"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !path.relative(dir, file).startsWith("cache/"));
}

/** The newest modification time of the files under `dir`. */
function newestFile(dir: string): number {
  return Math.max(
    ...fs
      .readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile())
      .map((entry) => fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs),
  );
}

describe("the production build's file traces", () => {
  it("list no project file the server does not load, so no data folder in the project is read", () => {
    const buildId = path.join(buildDir, "BUILD_ID");
    expect(fs.existsSync(buildId), "run `npm run build` first").toBe(true);
    // The bait was there when the build ran, or the traces cannot tell anything about it.
    expect(newestFile(bait), "the bait is newer than the build: rebuild").toBeLessThanOrEqual(
      fs.statSync(buildId).mtimeMs,
    );
    const found = traces(buildDir);
    expect(found.some((file) => file.includes("/server/app/"))).toBe(true);
    const unexpected = new Set<string>();
    let serverFiles = 0;
    for (const trace of found) {
      const { files } = JSON.parse(fs.readFileSync(trace, "utf8")) as { files: string[] };
      for (const file of files) {
        const relative = path.relative(root, path.resolve(path.dirname(trace), file));
        if (relative.startsWith("node_modules/") || relative.startsWith(".next/")) continue;
        if (SERVER_FILES.some((allowed) => allowed.test(relative))) serverFiles += 1;
        else unexpected.add(relative);
      }
    }
    const listed = [...unexpected].sort();
    expect({ count: listed.length, first: listed.slice(0, 20) }).toEqual({ count: 0, first: [] });
    // The migrations are traced (the database opens with them), so the check above saw real lists.
    expect(serverFiles).toBeGreaterThan(0);
  });
});
