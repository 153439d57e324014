import http from "node:http";
import { expect } from "vitest";

/** What came back: status, headers and the raw body text (status 0: no answer at all). */
export type RawAnswer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  error?: string;
};

/**
 * Sends one request exactly as given: the path is not normalised or re-encoded (unlike fetch),
 * the body is sent byte for byte and the headers are only those passed (plus Host). An answer
 * that starts before the body is fully sent (an early 413 or 404) is still read.
 */
export function sendRaw(
  baseUrl: string,
  request: {
    method: string;
    path: string;
    headers?: Record<string, string | number>;
    body?: Buffer;
  },
): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    let answered = false;
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        headers: request.headers ?? {},
        agent: false,
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        );
        res.on("error", (error) =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: "",
            error: `${error}`,
          }),
        );
      },
    );
    // A reset after the answer began is the server dropping an unread upload: not a failure.
    req.on("error", (error) => {
      if (!answered) resolve({ status: 0, headers: {}, text: "", error: `${error}` });
    });
    req.end(request.body);
  });
}

/** The statuses a refused request may have (docs/spec.md §7 and docs/api.md: 400, 401, 403, 404, 413, 415). */
export const REFUSAL_STATUSES = [400, 401, 403, 404, 405, 413, 415] as const;

/** Traces of internals that must never reach a client: stack frames, paths, driver errors. */
const LEAKS = [
  /\bat [\w.<>]+ \(/,
  /\.next\//,
  /node_modules/,
  /\/work\//,
  /\.(?:ts|js|mjs):\d+/,
  /\b(?:TypeError|ReferenceError|SyntaxError|URIError|RangeError)\b/,
  /\bFailed query\b/,
  /invalid byte sequence/i,
];

export type Envelope = { success: boolean; message: string; data: unknown };

/**
 * Asserts the REST envelope of a refusal: a JSON content type, exactly `success`, `message` and
 * `data` (false, a non-empty text, null), a status among `allowed`, and nothing internal leaked.
 */
export function expectRefusal(
  answer: RawAnswer,
  allowed: readonly number[] = REFUSAL_STATUSES,
): Envelope {
  const context = `${answer.status} ${answer.error ?? ""} ${answer.text.slice(0, 300)}`;
  expect(answer.status, context).toBeGreaterThan(0);
  expect(answer.status, context).toBeLessThan(500);
  expect(allowed, context).toContain(answer.status);
  expect(answer.headers["content-type"], context).toMatch(/^application\/json\b/);
  const body = JSON.parse(answer.text) as Envelope;
  expect(Object.keys(body).sort(), context).toEqual(["data", "message", "success"]);
  expect(body.success, context).toBe(false);
  expect(body.data, context).toBeNull();
  expect(typeof body.message, context).toBe("string");
  expect(body.message.length, context).toBeGreaterThan(0);
  for (const leak of LEAKS) expect(answer.text, context).not.toMatch(leak);
  return body;
}

export type RawPart = {
  name: string;
  filename?: string;
  contentType?: string;
  /** Extra header lines, sent as they are. */
  extraHeaders?: string[];
  content: Buffer;
};

/** Quotes a name for a Content-Disposition parameter the way browsers do (", CR and LF escaped). */
function quote(value: string): string {
  return `"${value.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A")}"`;
}

/** A multipart/form-data body built by hand, so tests can break it in every way a client could. */
export function multipartBody(boundary: string, parts: readonly RawPart[], close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const lines = [
      `--${boundary}`,
      `Content-Disposition: form-data; name=${quote(part.name)}${
        part.filename === undefined ? "" : `; filename=${quote(part.filename)}`
      }`,
      ...(part.contentType ? [`Content-Type: ${part.contentType}`] : []),
      ...(part.extraHeaders ?? []),
    ];
    chunks.push(Buffer.from(`${lines.join("\r\n")}\r\n\r\n`), part.content, Buffer.from("\r\n"));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** Polls until `check` holds or `ms` pass (clean-up after an answer may finish just after it). */
export async function eventually(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}
