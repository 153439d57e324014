import { EventEmitter } from "node:events";
import { finished, Readable } from "node:stream";

/**
 * Reads what is left of a request body and drops it. Next.js feeds the body into its web stream
 * from a Node 'data' listener with no cancel handler: once the stream is cancelled, every later
 * chunk makes that listener throw an uncaught exception. So a refused body is never cancelled;
 * it is read to its end (the bytes reach the server either way) and nothing more is done with it.
 */
export async function discardBody(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  try {
    while (!(await reader.read()).done) {
      // Dropped.
    }
  } catch {
    // The client went away: nothing left to read.
  }
}

/**
 * A Node stream over a request body, for formidable. Destroying it (a refused file, a malformed
 * form) stops using the bytes and discards the rest instead of cancelling the body (see discardBody).
 */
export function bodyToNodeStream(body: ReadableStream<Uint8Array>): Readable {
  const reader = body.getReader();
  return new Readable({
    read() {
      reader.read().then(
        ({ done, value }) => this.push(done ? null : value),
        (error: Error) => this.destroy(error),
      );
    },
    destroy(error, callback) {
      void discardBody(reader);
      callback(error);
    },
  });
}

/** Whether a Content-Type header names a multipart form (any spelling, any parameters). */
export function isMultipartFormData(contentType: string | null | undefined): boolean {
  return /^multipart\/form-data\b/i.test(contentType ?? "");
}

/** What formidable reads a body from: its events, and pause/resume for back-pressure. */
export type BodySource = NodeJS.EventEmitter & {
  pause(): unknown;
  resume(): unknown;
  /** Stops passing bytes on; with an error, reports it once. The rest is read and dropped. */
  destroy(error?: Error): unknown;
};

/**
 * Node.js request bodies of the web Requests lib/api/node-route.ts makes for multipart uploads:
 * the upload routes read them as they come off the socket, without the web stream Next.js puts
 * every App Router body through (docs/performance.md#where-an-uploads-time-goes).
 */
const nodeBodies = new WeakMap<Request, Readable>();

export function attachNodeBody(request: Request, body: Readable): void {
  nodeBodies.set(request, body);
}

export function nodeBodyOf(request: Request): Readable | undefined {
  return nodeBodies.get(request);
}

/**
 * A Node.js request body for formidable, with the same contract as bodyToNodeStream: destroying
 * it (a refused file, a malformed form) stops passing bytes on and reads the rest to its end
 * without using it, so the connection stays open for the answer. Not a stream of its own: every
 * chunk is handed on as it arrives, with no extra buffering. The body starts flowing only when
 * formidable listens for data, so nothing arrives before the parser is ready.
 */
export function nodeBodySource(body: Readable): BodySource {
  const source = new EventEmitter() as BodySource;
  let stopped = false;
  // formidable pauses its source for every chunk it writes to a file and resumes it once the
  // file took the chunk, which is nearly always before the next one comes off the socket. So a
  // pause is only noted, and becomes the request's own (the socket then stops being read) when a
  // chunk arrives while it lasts: that chunk is held and handed on at the resume.
  let pauseWanted = false;
  let bodyPaused = false;
  let held: Buffer[] = [];
  let endHeld = false;
  const stop = (error?: Error) => {
    if (stopped) return;
    stopped = true;
    held = [];
    // Dropped from here on: the client is still sending, and gets its answer once we reply.
    body.resume();
    if (error) source.emit("error", error);
  };
  const flush = () => {
    while (!stopped && !pauseWanted && held.length > 0) source.emit("data", held.shift()!);
    if (stopped || pauseWanted) return;
    if (endHeld) {
      endHeld = false;
      source.emit("end");
    } else if (bodyPaused) {
      bodyPaused = false;
      body.resume();
    }
  };
  source.pause = () => {
    pauseWanted = true;
  };
  source.resume = () => {
    pauseWanted = false;
    // Handed on from a tick of its own, as a Readable's resume does, never inside the caller.
    if (held.length > 0 || endHeld || bodyPaused) process.nextTick(flush);
  };
  source.destroy = stop;
  let listening = false;
  source.on("newListener", (event) => {
    if (event !== "data" || listening) return;
    listening = true;
    body.on("data", (chunk: Buffer) => {
      if (stopped) return;
      if (pauseWanted || held.length > 0) {
        held.push(chunk);
        if (!bodyPaused) {
          bodyPaused = true;
          body.pause();
        }
      } else source.emit("data", chunk);
    });
    body.once("end", () => {
      if (stopped) return;
      if (pauseWanted || held.length > 0) endHeld = true;
      else source.emit("end");
    });
    // The client went away, now or already before the parser was ready (its "aborted" and
    // "error" events would then be past): finished() reports both.
    finished(body, { readable: true, writable: false }, (error) => {
      if (error) stop(error);
    });
  });
  return source;
}
