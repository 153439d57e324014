import { describe, expect, it } from "vitest";
import { checkSignRequest, parseUploadReference } from "./direct-uploads";
import { MB } from "./uploads";

describe("sign requests follow the multipart upload rules (docs/spec.md §5)", () => {
  it("answers 415 for a type and 413 for a size, with the multipart messages", () => {
    expect(
      checkSignRequest({ kind: "video", size: 10, type: "video/quicktime", name: "a.mov" }),
    ).toEqual({
      ok: false,
      status: 415,
      message: "Invalid file type: a.mov",
    });
    expect(
      checkSignRequest({ kind: "image", size: 5 * MB + 1, type: "image/jpeg", name: "a.jpg" }),
    ).toEqual({
      ok: false,
      status: 413,
      message: "File too large: a.jpg",
    });
    expect(
      checkSignRequest({ kind: "poster", size: 5 * MB, type: "image/jpg", name: "p.jpg" }).ok,
    ).toBe(true);
    expect(checkSignRequest({ kind: "video", size: 50 * MB, type: "video/mp4" }).ok).toBe(true);
  });

  it("answers 400 for a malformed body", () => {
    for (const body of [
      null,
      {},
      { kind: "audio", size: 1, type: "x" },
      { kind: "image", size: 1.5, type: "image/png" },
    ])
      expect(checkSignRequest(body)).toMatchObject({
        ok: false,
        status: 400,
        message: "Invalid form data",
      });
  });
});

describe("upload references", () => {
  it("reads Cloudinary's public id, version and signature from a form field's text", () => {
    const text = JSON.stringify({
      public_id: "portfolio/x",
      version: 17,
      signature: "a".repeat(40),
      name: "x.png",
    });
    expect(parseUploadReference(text)).toEqual({
      public_id: "portfolio/x",
      version: 17,
      signature: "a".repeat(40),
      name: "x.png",
    });
    expect(parseUploadReference("not json")).toBeNull();
    expect(
      parseUploadReference(JSON.stringify({ public_id: "x", version: 1, signature: "short" })),
    ).toBeNull();
    expect(parseUploadReference("{")).toBeNull();
  });
});
