import "server-only";
import http from "node:http";
import { answer } from "@/lib/api/respond";
import { recordView, type Beacon } from "@/lib/api/views";
import { JsonBodyError } from "@/lib/http/json-body";
import { hookServerEvents } from "./server-events";

let installed = false;

/**
 * Answers `POST /api/views` (docs/api.md#views) as soon as Node's server receives it, with the same
 * code as its route handler (`app/api/views/route.ts`) but without Next.js's routing and rendering
 * pipeline: beacons arrive at a tenth of the page rate and must cost the cached pages next to
 * nothing (docs/performance.md#view-beacons). Installed before the client-address stamp and the
 * request tracking, so both still run first for every beacon. Anything else goes on to Next.js.
 */
export function answerViewBeacons(): void {
  if (installed) return;
  installed = true;
  hookServerEvents((_server, event, args) => {
    if (event !== "request") return false;
    const request = args[0] as http.IncomingMessage;
    if (request.method !== "POST" || request.url !== "/api/views") return false;
    const response = args[1] as http.ServerResponse;
    answerBeacon(request, response).catch((error: unknown) => {
      console.error("View beacon failed:", error);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
    return true;
  });
}

async function answerBeacon(incoming: http.IncomingMessage, outgoing: http.ServerResponse) {
  const response = await answer(() => recordView(nodeBeacon(incoming)));
  outgoing.writeHead(response.status, Object.fromEntries(response.headers));
  outgoing.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}

/**
 * Node's request as a beacon: its headers read where Node parsed them and its body from the
 * socket, with no WHATWG Request, Headers or stream built (they were a third of a beacon's
 * cost); a Request only for the owner's session check.
 */
function nodeBeacon(incoming: http.IncomingMessage): Beacon {
  const url = `http://${incoming.headers.host ?? "localhost"}/api/views`;
  const header = (name: string) => incoming.headers[name.toLowerCase()];
  return {
    url,
    headers: {
      get: (name) => {
        const value = header(name);
        return value === undefined ? null : [value].flat().join(", ");
      },
      has: (name) => header(name) !== undefined,
    },
    text: (maxBytes) => readText(incoming, maxBytes),
    request: () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers))
        for (const item of [value ?? []].flat()) headers.append(name, item);
      return new Request(url, { method: "POST", headers });
    },
  };
}

/**
 * The body as text, at most `maxBytes` (lib/http/json-body.ts's readBodyText for Node's request):
 * a larger declared length is refused unread, an undeclared one at the first chunk past the cap;
 * the rest is drained, so the connection stays usable for the answer.
 */
function readText(incoming: http.IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) tooLarge();
      else chunks.push(chunk);
    };
    const onEnd = () => resolve(Buffer.concat(chunks).toString("utf8"));
    const tooLarge = () => {
      incoming.off("data", onData).off("end", onEnd).resume();
      reject(new JsonBodyError("too_large"));
    };
    if (Number(incoming.headers["content-length"]) > maxBytes) return tooLarge();
    incoming.on("data", onData).on("end", onEnd).on("error", reject);
  });
}
