import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "@/lib/startup/client-address-header";
import { nodeBodyOf } from "@/lib/uploads/request-body";
import { autoImplementMethods } from "next/dist/server/route-modules/app-route/helpers/auto-implement-methods";
import { methodHandler, nodeRouteHandler, outsideAppRouter, type RouteModule } from "./node-route";

type Seen = {
  url: string;
  method: string;
  params: Record<string, string>;
  hasWebBody: boolean;
  nodeBody: boolean;
  text: string | null;
  outside: boolean;
  contentType: string | null;
  clientAddress: string | null;
};

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

/**
 * The adapter behind a Node.js server, as Next.js runs a Pages Router API route: `query.route`
 * holds the catch-all's segments (here: the path after /api/upload/).
 */
async function serve(
  routes: Record<string, RouteModule>,
  siblings: Partial<Record<string, readonly string[]>> = {},
) {
  const handler = nodeRouteHandler(routes, siblings);
  const server = http.createServer((request, response) => {
    const { pathname, searchParams } = new URL(request.url ?? "/", "http://x");
    const route = pathname
      .replace(/^\/api\/upload\/?/, "")
      .split("/")
      .filter(Boolean);
    const query = { ...Object.fromEntries(searchParams), route };
    // As lib/startup/client-address.ts stamps every request before Next.js sees it.
    request.headers[CLIENT_ADDRESS_HEADER] = "203.0.113.9";
    void handler(Object.assign(request, { query }), response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}/api/upload`;
}

function recorder(seen: Seen[]) {
  return async (request: Request, context: { params: Promise<Record<string, string>> }) => {
    const nodeBody = nodeBodyOf(request);
    seen.push({
      url: request.url,
      method: request.method,
      params: await context.params,
      hasWebBody: request.body !== null,
      nodeBody: nodeBody !== undefined,
      text: request.body ? await request.text() : null,
      outside: outsideAppRouter(),
      contentType: request.headers.get("content-type"),
      clientAddress: request.headers.get(CLIENT_ADDRESS_HEADER),
    });
    // Read what the multipart body holds, as parseMultipart would.
    if (nodeBody) for await (const chunk of nodeBody) void chunk;
    const response = Response.json({ success: true }, { status: 201 });
    response.headers.append("set-cookie", "a=1; Path=/");
    response.headers.append("set-cookie", "b=2; Path=/");
    response.headers.set("x-route", "yes");
    return response;
  };
}

describe("nodeRouteHandler (uploads on the Node.js request)", () => {
  it("runs the matching route's handler with its params, the URL the client asked for, and the Node.js body of a multipart request", async () => {
    const seen: Seen[] = [];
    const base = await serve({
      projects: { POST: recorder(seen) },
      "projects/[id]": { PUT: recorder(seen) },
    });
    const form = new FormData();
    form.set("title", "A");
    const created = await fetch(`${base}/projects?x=1`, {
      method: "POST",
      body: form,
      // A client's own client-address header never reaches the handler: the server's stamp does.
      headers: { "x-forwarded-proto": "https", [CLIENT_ADDRESS_HEADER]: "198.51.100.1" },
    });
    expect(created.status).toBe(201);
    expect(created.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(created.headers.get("x-route")).toBe("yes");
    expect(await created.json()).toEqual({ success: true });
    const updated = await fetch(`${base}/projects/6a1f`, {
      method: "PUT",
      body: JSON.stringify({ title: "B" }),
      headers: { "content-type": "application/json" },
    });
    expect(updated.status).toBe(201);
    expect(seen).toEqual([
      {
        // The path before the rewrite; the protocol read from X-Forwarded-Proto, as Next.js does.
        url: expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+\/api\/projects\?x=1$/),
        method: "POST",
        params: {},
        // The bytes stay on the Node.js request, for parseMultipart.
        hasWebBody: false,
        nodeBody: true,
        text: null,
        outside: true,
        contentType: expect.stringMatching(/^multipart\/form-data; boundary=/),
        clientAddress: "203.0.113.9",
      },
      {
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/api\/projects\/6a1f$/),
        method: "PUT",
        params: { id: "6a1f" },
        // Any other body is the Request's, as in the App Router.
        hasWebBody: true,
        nodeBody: false,
        text: '{"title":"B"}',
        outside: true,
        contentType: "application/json",
        clientAddress: "203.0.113.9",
      },
    ]);
    expect(outsideAppRouter()).toBe(false);
  });

  it("answers an unknown route 404 in the envelope, and a static sibling's name as that route", async () => {
    const base = await serve(
      { "projects/[id]": { PUT: recorder([]) } },
      { "projects/[id]": ["order", "counts"] },
    );
    for (const path of ["/projects/a/b", "/projects/order", "/nothing"]) {
      const missing = await fetch(`${base}${path}`, { method: "PUT" });
      expect([missing.status, await missing.json()], path).toEqual([
        404,
        { success: false, message: "Not found", data: null },
      ]);
    }
  });

  it("picks each method's handler as the App Router does (HEAD by GET, OPTIONS, 405)", async () => {
    const get = () => Response.json({ got: true });
    const put = () => new Response("put");
    const head = () => new Response(null, { status: 299 });
    const options = () => new Response(null, { status: 298 });
    const modules: RouteModule[] = [
      { GET: get, PUT: put },
      { PUT: put },
      { GET: get, HEAD: head, OPTIONS: options, DELETE: put },
      {},
    ];
    const summary = async (response: Response | Promise<Response>) => {
      const answer = await response;
      return {
        status: answer.status,
        allow: answer.headers.get("allow"),
        body: await answer.text(),
      };
    };
    const request = new Request("http://x/");
    const context = { params: Promise.resolve({}) };
    type Table = Record<string, (...args: unknown[]) => Response | Promise<Response>>;
    for (const routeModule of modules) {
      const nextTable = autoImplementMethods(routeModule as never) as unknown as Table;
      for (const method of ["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"]) {
        expect(
          await summary(methodHandler(routeModule, method)(request, context)),
          `${method} of ${Object.keys(routeModule).join(",")}`,
        ).toEqual(await summary(nextTable[method]!(request, context)));
      }
    }
  });

  it("keeps the headers the server set before the route (next.config.ts's), and adds to Vary", async () => {
    const handler = nodeRouteHandler({
      settings: {
        PUT: () =>
          new Response("{}", {
            headers: { "x-frame-options": "SAMEORIGIN", vary: "Cookie", "x-own": "1" },
          }),
      },
    });
    const server = http.createServer((request, response) => {
      response.setHeader("x-frame-options", "DENY");
      response.setHeader("vary", "Accept-Encoding");
      void handler(Object.assign(request, { query: { route: ["settings"] } }), response);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const response = await fetch(
      `http://127.0.0.1:${(server.address() as { port: number }).port}/`,
      {
        method: "PUT",
      },
    );
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    expect(response.headers.get("x-own")).toBe("1");
  });

  it("answers a handler's unexpected failure with the REST envelope's 500, not an HTML page", async () => {
    const base = await serve({
      settings: {
        PUT: () => {
          throw new Error("disk on fire");
        },
      },
    });
    const response = await fetch(`${base}/settings`, { method: "PUT" });
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect((await response.json()).success).toBe(false);
  });
});
