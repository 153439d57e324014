// The two ceilings a page is compared with: the same HTML bytes from a bare node:http server, and a
// Next.js prerendered static page of the same size (built once into bench/out/ceiling-app).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";

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

/** Builds a one-page Next.js app whose prerendered page is `size` bytes of HTML, and starts it. */
export async function startNextStaticServer(
  root: string,
  size: number,
  port: number,
): Promise<{ url: string; process: ChildProcess }> {
  // Outside the repository, or Next.js would take the repository as its root and load its files;
  // Turbopack's root is "/" so it may follow the node_modules link back into the repository.
  const app = path.join(os.tmpdir(), "portfolio-bench-ceiling-app");
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
  // Text padding to reach the target size. The framework adds its own bytes and repeats the text
  // in the inline RSC payload, so fit size = a + k * pad from two probe builds, then build the real one.
  const page = (pad: number) =>
    `export const dynamic = "force-static";\nexport default function P() { return <main>{${JSON.stringify("x".repeat(pad))}}</main>; }\n`;
  const buildWith = (pad: number) => {
    fs.writeFileSync(path.join(app, "app/page.js"), page(pad));
    execFileSync(path.join(root, "node_modules/.bin/next"), ["build"], {
      cwd: app,
      stdio: "ignore",
      env: process.env,
    });
    return fs.statSync(path.join(app, ".next/server/app/index.html")).size;
  };
  const p1 = Math.floor(size / 4);
  const p2 = Math.floor(size / 8);
  const s1 = buildWith(p1);
  const s2 = buildWith(p2);
  const k = (s1 - s2) / (p1 - p2);
  buildWith(Math.max(0, Math.round((size - (s1 - k * p1)) / k)));
  const child = spawn(
    path.join(root, "node_modules/.bin/next"),
    ["start", "--port", String(port)],
    {
      cwd: app,
      stdio: "ignore",
      env: process.env,
    },
  );
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return { url, process: child };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  child.kill();
  throw new Error("The ceiling app did not start");
}
