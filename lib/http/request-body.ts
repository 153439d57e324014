import { Readable } from "node:stream";

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
