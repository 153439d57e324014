import http from "node:http";
import https from "node:https";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address-header";
import { hookServerEvents } from "./server-events";

/** `::ffff:127.0.0.1` (an IPv4 client on a dual-stack socket) is 127.0.0.1. */
export function normalizeAddress(address: string | undefined): string {
  if (!address) return "unknown";
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}

let installed = false;

/**
 * Route handlers see a Web Request, which has no socket, and Next.js fills `X-Forwarded-For` from
 * the socket only when the client did not send one itself. So before any handler runs, each
 * incoming request gets CLIENT_ADDRESS_HEADER set to its connection's peer address, overwriting
 * whatever a client put there. Node's servers emit 'request' through Server.prototype.emit, so
 * this also covers the server `next start` created before instrumentation ran.
 */
export function stampClientAddresses(): void {
  if (installed) return;
  installed = true;
  for (const Server of [http.Server, https.Server])
    hookServerEvents((_server, event, args) => {
      if (event === "request") {
        const request = args[0] as http.IncomingMessage;
        request.headers[CLIENT_ADDRESS_HEADER] = normalizeAddress(request.socket?.remoteAddress);
      }
      return false;
    }, Server);
}
