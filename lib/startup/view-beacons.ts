import "server-only";
import http from "node:http";
import { Readable } from "node:stream";
import { answer } from "@/lib/api/respond";
import { recordView } from "@/lib/api/views";
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
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers))
    for (const item of [value ?? []].flat()) headers.append(name, item);
  const request = new Request(`http://${incoming.headers.host ?? "localhost"}/api/views`, {
    method: "POST",
    headers,
    body: Readable.toWeb(incoming) as ReadableStream<Uint8Array>,
    duplex: "half",
  } as RequestInit);
  const response = await answer(() => recordView(request));
  outgoing.writeHead(response.status, Object.fromEntries(response.headers));
  outgoing.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}
