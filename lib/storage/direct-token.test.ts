import { describe, expect, it } from "vitest";
import {
  makeUploadToken,
  readUploadToken,
  responseSignature,
  signParams,
  verifyResponseSignature,
} from "./direct-token";

describe("direct-upload public ids", () => {
  const issuedAt = 1_790_000_000;

  it("reads back the kind and signing time of a token this secret sealed in this folder", () => {
    const token = makeUploadToken("s3cret", "portfolio", "video", issuedAt);
    expect(readUploadToken("s3cret", "portfolio", `portfolio/${token}`)).toEqual({
      kind: "video",
      issuedAt,
    });
    // Two signatures for the same kind and second still name two files.
    expect(makeUploadToken("s3cret", "portfolio", "video", issuedAt)).not.toBe(token);
  });

  it("refuses another secret, another folder, a changed kind or time, and a bare token", () => {
    const token = makeUploadToken("s3cret", "portfolio", "image", issuedAt);
    expect(readUploadToken("other", "portfolio", `portfolio/${token}`)).toBeNull();
    expect(readUploadToken("s3cret", "other", `other/${token}`)).toBeNull();
    expect(readUploadToken("s3cret", "portfolio", token)).toBeNull();
    expect(
      readUploadToken("s3cret", "portfolio", `portfolio/${token.replace("d-i", "d-v")}`),
    ).toBeNull();
    const later = token.replace(issuedAt.toString(36), (issuedAt + 3600).toString(36));
    expect(readUploadToken("s3cret", "portfolio", `portfolio/${later}`)).toBeNull();
    expect(readUploadToken("s3cret", "portfolio", "portfolio/../x")).toBeNull();
  });
});

describe("Cloudinary signatures", () => {
  it("signs sorted parameters with the secret, leaving out empty values (Cloudinary's example)", () => {
    // https://cloudinary.com/documentation/authentication_signatures: the documented example.
    expect(
      signParams(
        {
          timestamp: 1315060510,
          public_id: "sample_image",
          eager: "w_400,h_300,c_pad|w_260,h_200,c_crop",
          empty: "",
        },
        "abcd",
      ),
    ).toBe("bfd09f95f331f558cbd1320e67aa8d488770583e");
  });

  it("verifies an upload answer's signature over public id and version", () => {
    const signature = responseSignature("portfolio/a", 1700000001, "s3cret");
    expect(verifyResponseSignature("portfolio/a", "1700000001", signature, "s3cret")).toBe(true);
    expect(verifyResponseSignature("portfolio/a", 1700000002, signature, "s3cret")).toBe(false);
    expect(verifyResponseSignature("portfolio/b", 1700000001, signature, "s3cret")).toBe(false);
    expect(verifyResponseSignature("portfolio/a", 1700000001, "0".repeat(40), "s3cret")).toBe(
      false,
    );
  });
});
