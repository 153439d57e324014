import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { attachNodeBody, isMultipartFormData } from "@/lib/uploads/request-body";
import { answer, fail } from "./respond";

/**
 * Multipart uploads reach the same route handlers as every other API request, but through a Pages
 * Router API route on the Node.js request (pages/api/upload/[...route].ts, rewritten to by
 * next.config.ts for a multipart Content-Type): an App Router handler only ever sees a body that
 * Next.js copies chunk by chunk into a web stream, which cost a 50 MB upload about as much as the
 * whole transfer (docs/performance.md#where-an-uploads-time-goes). Here the handler gets a web
 * Request without that stream, and parseMultipart reads the Node.js request itself
 * (lib/uploads/request-body.ts). Everything else (the owner check, the answers, the cache
 * expiry: lib/cache.ts) is the handler's own code, unchanged.
 */

/** What an App Router route module exports for a method. */
type Handler = (
  request: Request,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response> | Response;

export type RouteModule = Partial<Record<string, unknown>>;

/** The methods an App Router route can export (Next.js's HTTP_METHODS). */
const METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"] as const;

// On globalThis: the API route's bundle and lib/cache.ts's callers must see the same store.
const storeKey = Symbol.for("portfolio.nodeRoute");
const store = ((globalThis as typeof globalThis & { [storeKey]?: AsyncLocalStorage<true> })[
  storeKey
] ??= new AsyncLocalStorage<true>());

/**
 * True inside a handler this adapter runs: Next.js's request context is not there, so
 * `revalidateTag` cannot be called and lib/cache.ts expires its tags in the page cache directly.
 */
export function outsideAppRouter(): boolean {
  return store.getStore() === true;
}

/**
 * The handler for `method` as the App Router picks it: the module's own, else HEAD answered by
 * GET, OPTIONS by a 204 listing the methods, anything else an empty 405 (Next.js's
 * autoImplementMethods; node-route.test.ts compares the two).
 */
export function methodHandler(module: RouteModule, method: string): Handler {
  const own = (name: string) =>
    typeof module[name] === "function" ? (module[name] as Handler) : undefined;
  const handler = own(method);
  if (handler) return handler;
  if (method === "HEAD" && own("GET")) return own("GET")!;
  if (method === "OPTIONS") {
    const allow = ["OPTIONS", ...METHODS.filter((name) => own(name))];
    if (!own("HEAD") && own("GET")) allow.push("HEAD");
    return () => new Response(null, { status: 204, headers: { Allow: allow.sort().join(", ") } });
  }
  return () => new Response(null, { status: 405 });
}

/**
 * The route's params for these path segments, or null when the pattern does not match them or a
 * `[param]` segment names one of `siblings`, a static route the App Router answers instead.
 */
function matchRoute(
  pattern: string,
  segments: string[],
  siblings: readonly string[],
): Record<string, string> | null {
  const parts = pattern.split("/").filter(Boolean);
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of parts.entries()) {
    const param = /^\[(\w+)\]$/.exec(part)?.[1];
    if (param && siblings.includes(segments[i]!)) return null;
    if (param) params[param] = segments[i]!;
    else if (part !== segments[i]) return null;
  }
  return params;
}

/**
 * The request's URL as the handler's Request carries it: the protocol from X-Forwarded-Proto
 * (Next.js's own reading), the host the client asked for, and the path the client sent before
 * the rewrite. Next.js's own is the address it listens on (`http://localhost:3000`); the origin
 * check (lib/auth/index.ts) accepts the `Host` header's either way. A `Host` no URL can hold
 * falls back to Next.js's.
 */
function requestUrl(request: IncomingMessage, pathname: string): URL {
  const forwarded = request.headers["x-forwarded-proto"];
  const https = [forwarded ?? ""].flat().join(",").includes("https");
  const protocol = https ? "https" : "http";
  const search = request.url?.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
  let url: URL;
  try {
    url = new URL(`${protocol}://${request.headers.host ?? "localhost"}`);
  } catch {
    url = new URL(`${protocol}://localhost:${request.socket.localPort ?? 80}`);
  }
  url.pathname = pathname;
  url.search = search;
  return url;
}

/**
 * The request's headers as Next.js gives them to a route handler: from the parsed header object,
 * where the server's own stamps (the client's address, lib/startup/client-address.ts) replace
 * what a client sent under the same name, never from the raw list the client wrote.
 */
function webHeaders(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of [value].flat()) headers.append(name, item);
  }
  return headers;
}

/** Headers a response may add to, not replace, when the server already set them. */
const REPEATABLE = new Set(["set-cookie", "www-authenticate", "proxy-authenticate", "vary"]);
/** Framing the server sets itself for the body it writes. */
const FRAMING = new Set(["content-length", "content-encoding", "transfer-encoding"]);

/**
 * Writes the handler's Response as Next.js's sendResponse does: headers already on the response
 * (next.config.ts's) are kept, repeatable ones added to, every cookie sent.
 */
async function send(response: Response, res: ServerResponse): Promise<void> {
  res.statusCode = response.status;
  for (const cookie of response.headers.getSetCookie()) res.appendHeader("set-cookie", cookie);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie" || FRAMING.has(name)) continue;
    if (!res.hasHeader(name) || REPEATABLE.has(name)) res.appendHeader(name, value);
  }
  if (!response.body) return void res.end();
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** A Pages Router API request: Next.js's query holds the catch-all's segments. */
type NodeApiRequest = IncomingMessage & { query: Partial<Record<string, string | string[]>> };

/**
 * A Pages Router API handler that answers `/api/<segments>` with the App Router handler of the
 * first route (`projects/[id]`: a route's folders under app/api) matching them, as the App Router
 * would; `siblings` names, per route, the static routes beside its `[param]` folder. A multipart
 * body is left on the Node.js request for parseMultipart; any other body is given to the
 * handler's Request as Next.js does.
 */
export function nodeRouteHandler(
  routes: Record<string, RouteModule>,
  siblings: Partial<Record<string, readonly string[]>> = {},
) {
  return async (request: NodeApiRequest, res: ServerResponse): Promise<void> => {
    // The handlers answer their own faults (respond.ts); this keeps anything else in the envelope
    // too, instead of the Pages Router's HTML error page.
    const response = await answer(() => run(routes, siblings, request));
    await send(response, res);
  };
}

async function run(
  routes: Record<string, RouteModule>,
  siblings: Partial<Record<string, readonly string[]>>,
  request: NodeApiRequest,
): Promise<Response> {
  const segments = [request.query.route ?? []].flat();
  let match: { module: RouteModule; params: Record<string, string> } | undefined;
  for (const [pattern, module] of Object.entries(routes)) {
    const params = matchRoute(pattern, segments, siblings[pattern] ?? []);
    if (params) {
      match = { module, params };
      break;
    }
  }
  if (!match) return fail(404, "Not found");
  const method = request.method ?? "GET";
  const handler = methodHandler(match.module, method);
  const multipart = isMultipartFormData(request.headers["content-type"]);
  const hasBody = method !== "GET" && method !== "HEAD";
  const pathname = `/api/${segments.map(encodeURIComponent).join("/")}`;
  const webRequest = new Request(requestUrl(request, pathname), {
    method,
    headers: webHeaders(request),
    ...(hasBody && !multipart
      ? { body: Readable.toWeb(request) as ReadableStream, duplex: "half" }
      : {}),
  } as RequestInit);
  if (hasBody && multipart) attachNodeBody(webRequest, request);
  const params = match.params;
  return store.run(true, async () => handler(webRequest, { params: Promise.resolve(params) }));
}
