import fs from "node:fs";
import http from "node:http";

export const MB = 1024 * 1024;

export type BigBodyAnswer = {
  status: number;
  /** Milliseconds from the first byte sent to the answer's status line. */
  ms: number;
  /** How much of the body had been sent when the answer came. */
  sentBytes: number;
  text: string;
};

/**
 * Sends `size` bytes (a `prefix`, then filler) as a request body, with a Content-Length or chunked.
 * Like a careless or hostile client it goes on sending after the server has answered, until the
 * whole body is sent or the server closes the connection. Nothing of that size is held in this
 * process: the same 64 kB chunk is written again and again, waiting for the socket to drain.
 */
export async function sendBigBody(
  baseUrl: string,
  method: string,
  pathname: string,
  options: Parameters<typeof sendOnce>[3],
): Promise<BigBodyAnswer> {
  // When the server answers and closes the connection while a chunk is on its way, the write can
  // fail (EPIPE) before the answer is read: that is this client's race, so the request is sent
  // again. The server closing the connection is itself what is being tested.
  for (let attempt = 1; ; attempt++) {
    try {
      return await sendOnce(baseUrl, method, pathname, options);
    } catch (error) {
      if (attempt === 5) throw error;
    }
  }
}

function sendOnce(
  baseUrl: string,
  method: string,
  pathname: string,
  options: {
    size: number;
    headers?: Record<string, string>;
    chunked?: boolean;
    prefix?: string | Buffer;
  },
): Promise<BigBodyAnswer> {
  const prefix = Buffer.from(options.prefix ?? "");
  const filler = Buffer.alloc(64 * 1024, "a");
  const headers: Record<string, string> = { ...options.headers };
  if (!options.chunked) headers["content-length"] = String(options.size);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answer: BigBodyAnswer | undefined;
    let closed = false;
    const request = http.request(new URL(pathname, baseUrl), { method, headers, agent: false });
    const finish = () => {
      if (answer && closed) resolve(answer);
    };
    request.on("response", (response) => {
      const ms = performance.now() - started;
      const sentBytes = sent;
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => {
        answer = { status: response.statusCode ?? 0, ms, sentBytes, text };
        finish();
      });
      response.on("error", () => {});
    });
    // The server may close the connection while the body is still being sent; its answer counts.
    request.on("error", (error) => {
      closed = true;
      if (answer) finish();
      else if (!request.writableEnded) reject(error);
    });
    request.on("close", () => {
      closed = true;
      // Let a pending answer's 'end' arrive first.
      setImmediate(() => (answer ? finish() : reject(new Error("Closed without an answer"))));
    });
    const pump = () => {
      while (!closed && sent < options.size) {
        const chunk =
          sent === 0 && prefix.length > 0
            ? prefix
            : filler.subarray(0, Math.min(filler.length, options.size - sent));
        sent += chunk.length;
        if (!request.write(chunk)) {
          request.once("drain", pump);
          return;
        }
      }
      if (!closed) request.end();
    };
    // The headers first, then a moment for an answer that needs no body (a 404, a 405, a refused
    // declared length): read before any body is sent, it cannot be lost to a connection the
    // server closes behind it with body bytes unread (a reset).
    // Then the body all the same, all of it, as a careless client would.
    request.flushHeaders();
    const timer = setTimeout(pump, 200);
    request.once("response", (response) => {
      if (sent > 0) return;
      clearTimeout(timer);
      response.once("end", pump);
    });
  });
}

/** Resident memory of a process in bytes (Linux). */
export function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (!kb) throw new Error(`No VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

/** Runs `work` while sampling a process's RSS every 20 ms; returns its result and the peak seen. */
export async function withPeakRss<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; peak: number }> {
  let peak = rssOf(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
  try {
    const result = await work();
    peak = Math.max(peak, rssOf(pid));
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}
