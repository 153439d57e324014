import fs from "node:fs";
import path from "node:path";
import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import { matchHas } from "next/dist/shared/lib/router/utils/prepare-destination";
import { describe, expect, it } from "vitest";
import { STATIC_SIBLINGS, UPLOAD_API_PREFIX, UPLOAD_ROUTES, uploadRewrites } from "./upload-routes";

const API = path.join(process.cwd(), "app", "api");

/**
 * Where next.config.ts's rewrites send a request, matched with Next.js's own path and condition
 * code: the destination with its params filled in, or null when no rewrite takes it.
 */
function rewritten(pathname: string, contentType?: string): string | null {
  const headers = contentType === undefined ? {} : { "content-type": contentType };
  for (const rewrite of uploadRewrites()) {
    const params = getPathMatch(rewrite.source, { removeUnnamedParams: true, strict: true })(
      pathname,
    );
    if (!params) continue;
    if (!matchHas({ headers } as never, {}, rewrite.has, [])) continue;
    return rewrite.destination.replace(/:(\w+)/g, (_, name: string) => String(params[name]));
  }
  return null;
}

const MULTIPART = "multipart/form-data; boundary=----x";

describe("upload rewrites", () => {
  it("send each multipart route's uploads to the upload API route, with their params", () => {
    expect(rewritten("/api/projects", MULTIPART)).toBe(`${UPLOAD_API_PREFIX}/projects`);
    expect(rewritten("/api/projects/6a1f", MULTIPART)).toBe(`${UPLOAD_API_PREFIX}/projects/6a1f`);
    expect(rewritten("/api/sections/6a1f", MULTIPART)).toBe(`${UPLOAD_API_PREFIX}/sections/6a1f`);
    expect(rewritten("/api/settings", MULTIPART)).toBe(`${UPLOAD_API_PREFIX}/settings`);
  });

  it("take any spelling of the multipart type, and nothing else", () => {
    for (const type of [
      MULTIPART,
      "Multipart/Form-Data; boundary=x",
      "MULTIPART/FORM-DATA;boundary=x",
    ])
      expect(rewritten("/api/sections/6a1f", type), type).not.toBeNull();
    for (const type of [
      undefined,
      "",
      "application/json",
      "application/x-www-form-urlencoded",
      "multipart/form-dataX; boundary=x",
      "text/plain; multipart/form-data",
      "multipart/mixed; boundary=x",
    ])
      expect(rewritten("/api/sections/6a1f", type), String(type)).toBeNull();
  });

  it("leave every other API path to the App Router, as the App Router would route it", () => {
    for (const pathname of [
      "/api/projects/counts",
      "/api/projects/filter",
      "/api/projects/order",
      "/api/projects/6a1f/restore",
      "/api/projects/6a1f/unlock",
      "/api/sections/6a1f/restore",
      "/api/sections/edit/6a1f",
      "/api/sections/order/6a1f",
      "/api/uploads/sign",
      "/api/health",
      "/api/settings/x",
      "/api/projectsx",
    ])
      expect(rewritten(pathname, MULTIPART), pathname).toBeNull();
  });

  it("name routes that exist, and every static route beside their [param] folders", () => {
    for (const route of UPLOAD_ROUTES) {
      expect(fs.existsSync(path.join(API, route, "route.ts")), route).toBe(true);
      const segments = route.split("/");
      const last = segments.at(-1)!;
      if (!last.startsWith("[")) continue;
      // The App Router answers a static folder's route before its [param] sibling's.
      const parent = path.join(API, ...segments.slice(0, -1));
      const statics = fs
        .readdirSync(parent, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && !entry.name.startsWith("["))
        .filter((entry) => fs.existsSync(path.join(parent, entry.name, "route.ts")))
        .map((entry) => entry.name)
        .sort();
      expect([...(STATIC_SIBLINGS[route] ?? [])].sort(), route).toEqual(statics);
    }
  });

  it("cover every App Router route that parses a multipart body", () => {
    // The handlers that read uploads call into lib/api/{projects,sections,settings}.ts; a route
    // file reaching one of their multipart functions must be among UPLOAD_ROUTES.
    const multipartEntry =
      /\b(createSectionFromRequest|updateSectionFromRequest|createProjectFromRequest|updateProjectFromRequest|saveSettingsFromRequest)\b/;
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name === "route.ts" && multipartEntry.test(fs.readFileSync(full, "utf8")))
          found.push(path.relative(API, dir).split(path.sep).join("/"));
      }
    };
    walk(API);
    expect(found.sort()).toEqual([...UPLOAD_ROUTES].sort());
  });
});
