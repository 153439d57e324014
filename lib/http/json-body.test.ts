import { describe, expect, it } from "vitest";
import { JsonBodyError, readJsonObject } from "./json-body";

const post = (body: string, headers: Record<string, string> = {}) =>
  new Request("http://x/", { method: "POST", body, headers });

describe("readJsonObject", () => {
  it("reads a JSON object within the cap", async () => {
    await expect(readJsonObject(post('{"a":1}'), 100)).resolves.toEqual({ a: 1 });
  });

  it("refuses a declared Content-Length over the cap before reading", async () => {
    const request = post("{}", { "content-length": "101" });
    await expect(readJsonObject(request, 100)).rejects.toEqual(new JsonBodyError("too_large"));
  });

  it("refuses an undeclared body once it passes the cap", async () => {
    await expect(readJsonObject(post(`{"a":"${"x".repeat(200)}"}`), 100)).rejects.toEqual(
      new JsonBodyError("too_large"),
    );
  });

  it("tells invalid JSON from a non-object", async () => {
    await expect(readJsonObject(post("{"), 100)).rejects.toEqual(new JsonBodyError("invalid_json"));
    await expect(readJsonObject(post("[1]"), 100)).rejects.toEqual(new JsonBodyError("not_object"));
    await expect(readJsonObject(post(""), 100)).rejects.toEqual(new JsonBodyError("invalid_json"));
  });

  it("reads an empty body as {} only when asked", async () => {
    await expect(readJsonObject(post(" "), 100, { allowEmpty: true })).resolves.toEqual({});
  });
});
