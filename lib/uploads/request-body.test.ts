import { EventEmitter } from "node:events";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { mp4OfSize } from "@/test/helpers/media-fixtures";
import { UploadError } from "./errors";
import { parseMultipart } from "./parse";
import { coverRule, videoRule } from "@/lib/validation/uploads";
import { JsonBodyError, readJsonObject } from "@/lib/http/json-body";

/**
 * A request body fed the way Next.js 16 feeds a route handler's (NodeNextRequest.stream()): a
 * Node 'data' listener enqueues every chunk, with no cancel handler, so a chunk arriving after
 * the stream was cancelled throws ERR_INVALID_STATE from the listener: an uncaught exception.
 */
function nextLikeBody() {
  const socket = new EventEmitter();
  const thrown: unknown[] = [];
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      socket.on("data", (chunk: Buffer) => {
        try {
          controller.enqueue(new Uint8Array(chunk));
        } catch (error) {
          thrown.push(error);
        }
      });
      socket.on("end", () => {
        try {
          controller.close();
        } catch (error) {
          thrown.push(error);
        }
      });
    },
  });
  const send = async (chunk: string | Buffer) => {
    socket.emit("data", Buffer.from(chunk));
    await new Promise((resolve) => setTimeout(resolve, 5));
  };
  return { body, thrown, send, end: () => socket.emit("end") };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A temporary upload folder, removed after the test. */
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "body-"));
  dirs.push(dir);
  return dir;
}

describe("refused request bodies", () => {
  // Found by test/api/hostile-input.test.ts: an HTML "cover" followed by more parts logged
  // "uncaughtException: TypeError: Invalid state: ReadableStream is already closed".
  it("a refused upload keeps reading the rest of the body instead of cancelling it", async () => {
    const tmp = tempDir();
    const { body, thrown, send, end } = nextLikeBody();
    const request = new Request("http://x/", {
      method: "POST",
      body,
      headers: { "content-type": "multipart/form-data; boundary=b" },
      duplex: "half",
    } as RequestInit);
    const parsed = parseMultipart(request, { cover: coverRule }, tmp);
    const refused = expect(parsed).rejects.toMatchObject({
      status: 415,
      message: "Invalid file type: evil.png",
    });
    await send(
      '--b\r\nContent-Disposition: form-data; name="cover"; filename="evil.png"\r\n' +
        "Content-Type: image/png\r\n\r\n<html><script>alert(1)</script></html>\r\n",
    );
    await send('--b\r\nContent-Disposition: form-data; name="title"\r\n\r\n');
    await refused;
    for (let i = 0; i < 5; i++) await send("x".repeat(1000));
    await send("\r\n--b--\r\n");
    end();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(thrown).toEqual([]);
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it("a JSON body over the limit is refused without being held, and without a cancel", async () => {
    const { body, thrown, send, end } = nextLikeBody();
    const request = new Request("http://x/", {
      method: "POST",
      body,
      duplex: "half",
    } as RequestInit);
    const text = readJsonObject(request, 10);
    const refused = expect(text).rejects.toEqual(new JsonBodyError("too_large"));
    await send("12345678");
    await send("90abc");
    await refused;
    await send("more");
    end();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(thrown).toEqual([]);
  });
});

/**
 * A server whose handler gets its Request as an App Router route handler does: the Node.js request
 * as the body of a web Request (Next.js's NextRequestAdapter.fromNodeNextRequest). It answers with
 * the refusal's status, or 201.
 */
async function nodeUploadServer(
  rules: Parameters<typeof parseMultipart>[1],
  tmp: string,
  /** What the handler awaits before it parses (the owner check, lookups: they take time). */
  beforeParse: (req: http.IncomingMessage) => Promise<void> = async () => {},
) {
  const seen: { parsed: Promise<string>; bodyEnded: Promise<boolean> }[] = [];
  const server = http.createServer((req, res) => {
    const request = new Request(`http://x${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: req as unknown as ReadableStream,
      duplex: "half",
    } as RequestInit);
    const bodyEnded = new Promise<boolean>((resolve) => {
      req.once("end", () => resolve(true));
      req.once("close", () => resolve(req.readableEnded));
    });
    const parsed = beforeParse(req)
      .then(() => parseMultipart(request, rules, tmp))
      .then(
        async (form) => {
          await form.cleanup();
          res.writeHead(201).end();
          return "stored";
        },
        (error: unknown) => {
          const status = error instanceof UploadError ? error.status : 500;
          res.writeHead(status, { "content-type": "text/plain" }).end((error as Error).message);
          return `${status} ${(error as Error).message}`;
        },
      );
    seen.push({ parsed, bodyEnded });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { port, seen, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A multipart POST (boundary "b") of `length` bytes to the server, its body still to be written. */
function openUpload(port: number, length: number): http.ClientRequest {
  return http.request({
    port,
    method: "POST",
    headers: {
      "content-type": "multipart/form-data; boundary=b",
      "content-length": String(length),
    },
  });
}

describe("uploads read from the request as a route handler gets it", () => {
  it("a refused file is answered while the client sends, and the rest is read, not cut off", async () => {
    const tmp = tempDir();
    const server = await nodeUploadServer({ cover: coverRule }, tmp);
    try {
      // A script named .png, then 4 MB more: the refusal comes at the first bytes.
      const head = Buffer.from(
        '--b\r\nContent-Disposition: form-data; name="cover"; filename="evil.png"\r\n' +
          "Content-Type: image/png\r\n\r\n<html><script>alert(1)</script></html>",
      );
      const rest = Buffer.alloc(4 * 1024 * 1024, "x");
      const tail = Buffer.from("\r\n--b--\r\n");
      const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const request = openUpload(server.port, head.length + rest.length + tail.length);
        request.once("error", reject);
        request.once("response", (response) => {
          let text = "";
          response.on("data", (chunk: Buffer) => (text += chunk.toString()));
          response.once("end", () => resolve({ status: response.statusCode ?? 0, text }));
        });
        request.write(head);
        // The rest goes out in pieces, after the server had time to refuse the file.
        setTimeout(() => {
          for (let at = 0; at < rest.length; at += 256 * 1024)
            request.write(rest.subarray(at, at + 256 * 1024));
          request.end(tail);
        }, 50);
      });
      expect(answer).toEqual({ status: 415, text: "Invalid file type: evil.png" });
      expect(await server.seen[0]!.parsed).toBe("415 Invalid file type: evil.png");
      // Every byte was read and dropped: the connection was not reset under the client.
      expect(await server.seen[0]!.bodyEnded).toBe(true);
      expect(fs.readdirSync(tmp)).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it("a client that goes away mid-upload gets a 400 on the server and leaves no file", async () => {
    const tmp = tempDir();
    const server = await nodeUploadServer({ video: videoRule }, tmp);
    try {
      const video = mp4OfSize(4 * 1024 * 1024);
      const head = Buffer.from(
        '--b\r\nContent-Disposition: form-data; name="video"; filename="reel.mp4"\r\n' +
          "Content-Type: video/mp4\r\n\r\n",
      );
      const request = openUpload(server.port, head.length + video.length + 12);
      request.once("error", () => {});
      request.write(Buffer.concat([head, video.subarray(0, 2 * 1024 * 1024)]));
      await new Promise((resolve) => setTimeout(resolve, 100));
      request.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await server.seen[0]!.parsed).toBe("400 Invalid form data");
      expect(fs.readdirSync(tmp)).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it("a client that went away before the parser was ready still ends the request with a 400", async () => {
    const tmp = tempDir();
    // The handler reaches parseMultipart only once the connection is gone: its "aborted" and
    // "error" events are past by then.
    const server = await nodeUploadServer(
      { video: videoRule },
      tmp,
      (req) => new Promise((resolve) => req.once("close", () => setTimeout(resolve, 20))),
    );
    try {
      const request = openUpload(server.port, 100000);
      request.once("error", () => {});
      request.write("--b\r\n");
      await new Promise((resolve) => setTimeout(resolve, 50));
      request.destroy();
      await expect.poll(() => server.seen.length).toBe(1);
      const outcome = await Promise.race([
        server.seen[0]!.parsed,
        new Promise((resolve) => setTimeout(() => resolve("still waiting after 2 s"), 2000)),
      ]);
      expect(outcome).toBe("400 Invalid form data");
      expect(fs.readdirSync(tmp)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
