import http from "node:http";

/** A hook on a server's events: true when it took the event itself (no listener then sees it). */
export type ServerEventHook = (
  server: http.Server,
  event: string | symbol,
  args: unknown[],
) => boolean;

/**
 * Puts `hook` in front of every event the HTTP servers of this process emit (`Server` and its
 * subclasses). Node's servers emit through `Server.prototype.emit`, so this also reaches the
 * server `next start` created before instrumentation ran. The hook put in last runs first.
 */
export function hookServerEvents(hook: ServerEventHook, Server: typeof http.Server = http.Server) {
  const proto = Server.prototype;
  const emit = proto.emit as (
    this: http.Server,
    event: string | symbol,
    ...args: unknown[]
  ) => boolean;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    return hook(this, event, args) || emit.call(this, event, ...args);
  } as typeof proto.emit;
}
