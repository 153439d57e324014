// The two ceilings a page is compared with: the same HTML bytes from a bare node:http server, and a
// Next.js prerendered static page of the same size (built in the system's temporary directory).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { killGroup, spawnGroup } from "../test/helpers/processes.ts";
import { serverEnvironment } from "../scripts/node-options.mjs";

export async function startBareServer(
  html: Buffer,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-length": html.length,
    });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export type StaticCeiling = { url: string; bytes: number; stop: () => void };

/**
 * A one-page Next.js app (bare config, same Next.js and React) whose prerendered page can be built
 * at any HTML size: each cached page is compared with a static page of its own size, since bytes
 * per response weigh on throughput. `start(size)` builds and starts it; stop it before the next
 * start of the same app.
 */
export function prepareNextStaticCeiling(root: string, name = "ceiling") {
  // Outside the repository, or Next.js would take the repository as its root and load its files;
  // Turbopack's root is "/" so it may follow the node_modules link back into the repository.
  // `name` tells apart apps that run at the same time.
  const app = path.join(os.tmpdir(), `portfolio-bench-${name}-app`);
  fs.rmSync(app, { recursive: true, force: true });
  fs.mkdirSync(path.join(app, "app"), { recursive: true });
  fs.symlinkSync(path.join(root, "node_modules"), path.join(app, "node_modules"));
  fs.writeFileSync(
    path.join(app, "package.json"),
    JSON.stringify({ name: "ceiling", private: true }),
  );
  fs.writeFileSync(
    path.join(app, "next.config.mjs"),
    `export default { poweredByHeader: false, turbopack: { root: "/" } };\n`,
  );
  fs.writeFileSync(
    path.join(app, "app/layout.js"),
    'export default function L({ children }) { return <html lang="en"><body>{children}</body></html>; }\n',
  );
  // A page rendered per request, asked for once by a like-for-like ceiling (see `start`).
  fs.mkdirSync(path.join(app, "app/rendered"));
  fs.writeFileSync(
    path.join(app, "app/rendered/page.js"),
    `import { connection } from "next/server";\nexport default async function R() { await connection(); return <p>rendered</p>; }\n`,
  );
  // Text padding to reach the target size. The framework adds its own bytes and repeats the text
  // in the inline RSC payload, so size = a + k * pad, fitted once from two probe builds.
  const page = (pad: number, extra: string) =>
    `export const dynamic = "force-static";\nexport default function P() { return <main>{${JSON.stringify("x".repeat(pad) + extra)}}</main>; }\n`;
  const buildWith = (pad: number, extra = "") => {
    fs.writeFileSync(path.join(app, "app/page.js"), page(pad, extra));
    execFileSync(path.join(root, "node_modules/.bin/next"), ["build"], {
      cwd: app,
      stdio: "ignore",
      env: process.env,
    });
    return fs.statSync(path.join(app, ".next/server/app/index.html")).size;
  };
  let fit: { a: number; k: number } | null = null;
  const fitSize = () => {
    if (fit) return fit;
    const [p1, p2] = [100_000, 20_000];
    const [s1, s2] = [buildWith(p1), buildWith(p2)];
    const k = (s1 - s2) / (p1 - p2);
    return (fit = { a: s1 - k * p1, k });
  };

  return {
    /**
     * With `likeForLike`, the page also holds the given characters (a cached page's non-ASCII ones:
     * Node.js writes and measures a string with any of them far slower than pure ASCII) and the
     * server renders one page before it is measured (a static-only server never enters the
     * render path's AsyncLocalStorage and caches). Both hold for any real site; the plain ceiling
     * has neither. Both ceilings run with the site's own Node.js options and malloc settings
     * (scripts/node-options.mjs), so what they are spared is the site's work, not its runtime settings.
     */
    async start(
      size: number,
      port: number,
      likeForLike?: { characters: string },
    ): Promise<StaticCeiling> {
      const { a, k } = fitSize();
      const extra = likeForLike?.characters ?? "";
      const bytes = buildWith(
        Math.max(0, Math.round((size - a - 2 * Buffer.byteLength(extra)) / k)),
        extra,
      );
      // Its own process group: `next start` runs the server in a child that a plain kill leaves.
      const child = spawnGroup(
        path.join(root, "node_modules/.bin/next"),
        ["start", "--port", String(port)],
        {
          cwd: app,
          stdio: "ignore",
          env: serverEnvironment(),
        },
      );
      const url = `http://127.0.0.1:${port}/`;
      let up = false;
      for (let i = 0; i < 100 && !up; i++) {
        up = await fetch(url).then(
          (response) => response.ok,
          () => false,
        );
        if (!up) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      if (up && (!likeForLike || (await fetch(`${url}rendered`)).ok))
        return { url, bytes, stop: () => void killGroup(child.pid) };
      killGroup(child.pid);
      throw new Error("The ceiling app did not start");
    },
  };
}

/**
 * The framework floor page: a one-page App Router app with no code of the site, built
 * outside the repository with the same Next.js and React, started until `stop()`. Its Lighthouse
 * mobile score and first-load JS, measured in the same run as the site's, are what its pages are held to:
 * what Next.js alone costs on this machine under this load. It has a title, a description and
 * `lang`, as any real page does, so Lighthouse judges the framework, not a missing tag.
 */
export async function startFrameworkFloor(
  root: string,
  port: number,
): Promise<{ url: string; stop: () => void }> {
  const app = path.join(os.tmpdir(), "portfolio-bench-floor-app");
  fs.rmSync(app, { recursive: true, force: true });
  fs.mkdirSync(path.join(app, "app"), { recursive: true });
  fs.symlinkSync(path.join(root, "node_modules"), path.join(app, "node_modules"));
  fs.writeFileSync(
    path.join(app, "package.json"),
    JSON.stringify({ name: "floor", private: true }),
  );
  fs.writeFileSync(
    path.join(app, "next.config.mjs"),
    `export default { poweredByHeader: false, turbopack: { root: "/" } };\n`,
  );
  fs.writeFileSync(
    path.join(app, "app/layout.js"),
    [
      'export const metadata = { title: "Floor", description: "A page with no code of the site." };',
      'export default function L({ children }) { return <html lang="en"><body>{children}</body></html>; }',
      "",
    ].join("\n"),
  );
  fs.writeFileSync(
    path.join(app, "app/page.js"),
    "export default function P() { return <main><h1>Floor</h1><p>Next.js and React alone.</p></main>; }\n",
  );
  execFileSync(path.join(root, "node_modules/.bin/next"), ["build"], {
    cwd: app,
    stdio: "ignore",
    env: process.env,
  });
  const child = spawnGroup(
    path.join(root, "node_modules/.bin/next"),
    ["start", "--port", String(port)],
    { cwd: app, stdio: "ignore", env: process.env },
  );
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    const up = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { url, stop: () => void killGroup(child.pid) };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  killGroup(child.pid);
  throw new Error("The framework floor app did not start");
}
