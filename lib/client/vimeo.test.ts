import { describe, expect, it } from "vitest";
import { invalidVimeoAdd, invalidVimeoEdit, normalizeVimeoUrl } from "./vimeo";

describe("Vimeo links", () => {
  it.each([
    ["https://vimeo.com/123456789", "https://player.vimeo.com/video/123456789"],
    ["vimeo.com/123456789", "https://player.vimeo.com/video/123456789"],
    ["https://www.vimeo.com/video/42", "https://player.vimeo.com/video/42"],
    [
      "https://player.vimeo.com/video/76979871?autoplay=1",
      "https://player.vimeo.com/video/76979871",
    ],
    ["https://vimeo.com/76979871/abc123ef", "https://player.vimeo.com/video/76979871?h=abc123ef"],
    [
      "https://player.vimeo.com/video/76979871?h=abc123ef",
      "https://player.vimeo.com/video/76979871?h=abc123ef",
    ],
    [
      '<iframe src="https://player.vimeo.com/video/76979871?h=8272103f6e" width="640" allow="autoplay"></iframe>',
      "https://player.vimeo.com/video/76979871?h=8272103f6e",
    ],
    ["  https://vimeo.com/5  ", "https://player.vimeo.com/video/5"],
  ])("normalises %s", (input, expected) => {
    expect(normalizeVimeoUrl(input)).toBe(expected);
  });

  it.each([
    "",
    "https://youtube.com/watch?v=123",
    "https://vimeo.com/channels/staffpicks",
    "https://vimeo.com/abc",
    "https://evil.example/vimeo.com/123",
    "https://vimeo.com.evil.example/123",
    '<iframe src="javascript:alert(1)"></iframe>',
    "<script>alert(1)</script>",
  ])("refuses %s", (input) => {
    expect(normalizeVimeoUrl(input)).toBeNull();
  });

  it("words the add and edit errors as the spec does", () => {
    expect(invalidVimeoAdd).toBe(
      "Invalid Vimeo URL or embed code. Example: https://vimeo.com/123456789 or <iframe...>",
    );
    expect(invalidVimeoEdit).toBe("Invalid Vimeo URL. Example: https://vimeo.com/123456789");
  });
});
