import { EventEmitter } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseMultipart } from "./parse";
import { coverRule } from "@/lib/validation/uploads";
import { JsonBodyError, readJsonObject } from "@/lib/api/json-body";

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

describe("refused request bodies", () => {
  // Found by test/api-hostile-input.test.ts: an HTML "cover" followed by more parts logged
  // "uncaughtException: TypeError: Invalid state: ReadableStream is already closed".
  it("a refused upload keeps reading the rest of the body instead of cancelling it", async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "body-"));
    dirs.push(tmp);
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
