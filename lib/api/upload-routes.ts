/*
 * The routes that take multipart uploads, and next.config.ts's rewrites of their multipart
 * requests to the Pages Router API route that answers them on the Node.js request
 * (pages/api/upload/[...route].ts, lib/api/node-route.ts). Free of server-only imports:
 * next.config.ts loads this file.
 */

/** The App Router routes under /api with a multipart handler, as their folders name them. */
export const UPLOAD_ROUTES = ["projects", "projects/[id]", "sections/[id]", "settings"] as const;
export type UploadRoute = (typeof UPLOAD_ROUTES)[number];

/** Where the rewrites send them: the Pages Router API route's path. */
export const UPLOAD_API_PREFIX = "/api/upload";

/**
 * Static routes beside a `[param]` one, which the App Router answers first: their requests are
 * not rewritten (lib/api/upload-routes.test.ts checks this list against app/api).
 */
export const STATIC_SIBLINGS: Partial<Record<UploadRoute, readonly string[]>> = {
  "projects/[id]": ["counts", "filter", "order"],
};

/** A case-insensitive expression for `text` in Next.js's `has` values, which take no flags. */
function anyCase(text: string): string {
  return [...text]
    .map((char) =>
      /[a-z]/i.test(char)
        ? `[${char.toLowerCase()}${char.toUpperCase()}]`
        : char.replace(/[-/]/g, "\\$&"),
    )
    .join("");
}

/** A multipart Content-Type header (Next.js anchors the expression). */
export const MULTIPART_CONTENT_TYPE = `${anyCase("multipart/form-data")}\\b.*`;

type Rewrite = {
  source: string;
  destination: string;
  has: { type: "header"; key: string; value: string }[];
};

/** `/api/sections/:id` with a multipart body → `/api/upload/sections/:id`, and so on. */
export function uploadRewrites(): Rewrite[] {
  return UPLOAD_ROUTES.map((route) => {
    const segments = route.split("/").map((segment) => {
      const param = /^\[(\w+)\]$/.exec(segment)?.[1];
      if (!param) return segment;
      const siblings = STATIC_SIBLINGS[route] ?? [];
      const notSibling = siblings.length ? `(?!(?:${siblings.join("|")})$)` : "";
      return `:${param}(${notSibling}[^/]+)`;
    });
    const path = segments.join("/");
    return {
      source: `/api/${path}`,
      has: [{ type: "header", key: "content-type", value: MULTIPART_CONTENT_TYPE }],
      destination: `${UPLOAD_API_PREFIX}/${route.replace(/\[(\w+)\]/g, ":$1")}`,
    };
  });
}
