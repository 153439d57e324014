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
  // The server answers and closes the connection with body bytes unread, so the kernel resets it.
  // The answer is then in this side's receive queue ahead of the reset; a write that fails first
  // (EPIPE) destroys the socket before the answer, or the rest of it, is read. sendOnce gives the
  // event loop a turn to read between chunks, which makes that rare (under CPU load, 1 request in
  // ~30 here, never twice in a row; a tight write loop lost all 5 attempts in CI); when it happens
  // the request is sent again. The server closing the connection is itself what is being tested.
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
    /** Set once the status line has been read; the answer is then this request's result. */
    let responded = false;
    let answer: BigBodyAnswer | undefined;
    let closed = false;
    const request = http.request(new URL(pathname, baseUrl), { method, headers, agent: false });
    const finish = () => {
      if (answer && closed) resolve(answer);
    };
    request.on("response", (response) => {
      responded = true;
      const ms = performance.now() - started;
      const sentBytes = sent;
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => {
        answer = { status: response.statusCode ?? 0, ms, sentBytes, text };
        finish();
      });
      // Destroyed before its end: the connection broke in the middle of the answer.
      response.on("close", () => {
        if (!answer) reject(new Error(`The ${response.statusCode} answer was cut off`));
      });
      response.on("error", () => {});
    });
    // The server may close the connection while the body is still being sent: once its answer has
    // begun, that answer decides (its 'end' or 'close' above).
    request.on("error", (error) => {
      closed = true;
      if (!responded) reject(error);
    });
    request.on("close", () => {
      closed = true;
      // Let a pending answer's 'end' arrive first.
      setImmediate(() => (responded ? finish() : reject(new Error("Closed without an answer"))));
    });
    // One chunk per turn of the event loop, so that an answer that has arrived is read (and the
    // request marked as answered) before the next write can meet the connection's reset.
    const pump = () => {
      if (closed) return;
      if (sent >= options.size) {
        request.end();
        return;
      }
      const chunk =
        sent === 0 && prefix.length > 0
          ? prefix
          : filler.subarray(0, Math.min(filler.length, options.size - sent));
      sent += chunk.length;
      if (request.write(chunk)) setImmediate(pump);
      else request.once("drain", () => setImmediate(pump));
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
