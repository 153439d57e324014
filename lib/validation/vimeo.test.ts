import { describe, expect, it } from "vitest";
import { normalizeVimeoUrl, toVimeoPlayerUrl, toVimeoWatchUrl } from "./vimeo";

const player = "https://player.vimeo.com/video/123456789";

describe("normalizeVimeoUrl", () => {
  it.each([
    ["https://vimeo.com/123456789", player],
    ["vimeo.com/123456789", player],
    ["http://www.vimeo.com/123456789", player],
    ["https://vimeo.com/video/123456789", player],
    ["https://player.vimeo.com/video/123456789", player],
    ["  https://player.vimeo.com/video/123456789?autoplay=1  ", player],
    [
      `<iframe src="https://player.vimeo.com/video/123456789?h=ab12cd&amp;badge=0" width="640" allowfullscreen></iframe>`,
      `${player}?h=ab12cd`,
    ],
    [`<iframe title='x' src='https://player.vimeo.com/video/123456789'></iframe>`, player],
    ["https://vimeo.com/123456789/ab12cd34ef", `${player}?h=ab12cd34ef`],
    ["https://player.vimeo.com/video/123456789?h=AB12", `${player}?h=ab12`],
  ])("%s", (input, expected) => {
    expect(normalizeVimeoUrl(input)).toBe(expected);
  });

  it.each([
    "",
    "https://vimeo.com/abc",
    "https://youtube.com/watch?v=123",
    "https://evil.example/vimeo.com/123456789",
    "https://vimeo.com.evil.example/123456789",
    "javascript:alert(1)//vimeo.com/123",
    "<script>alert(1)</script>",
    '<iframe src="https://evil.example/video/1"></iframe>',
    "https://player.vimeo.com/video/123/extra",
    "https://vimeo.com/123456789/not-a-hash!",
    "https://user:pass@vimeo.com/123",
    "https://vimeo.com/",
  ])("refuses %s", (input) => {
    expect(normalizeVimeoUrl(input)).toBeNull();
  });
});

describe("toVimeoPlayerUrl", () => {
  it("embeds the stored player URL without tracking, keeping an unlisted video's hash", () => {
    expect(toVimeoPlayerUrl(player)).toBe(`${player}?dnt=1`);
    expect(toVimeoPlayerUrl(`${player}?h=ab12`)).toBe(`${player}?h=ab12&dnt=1`);
    expect(toVimeoPlayerUrl("https://example.com/video/1")).toBeNull();
  });
});

describe("toVimeoWatchUrl", () => {
  it("leads to the video's page on vimeo.com, an unlisted one's with its hash", () => {
    expect(toVimeoWatchUrl(`${player}?dnt=1`)).toBe("https://vimeo.com/123456789");
    expect(toVimeoWatchUrl(`${player}?h=ab12&dnt=1`)).toBe("https://vimeo.com/123456789/ab12");
    expect(toVimeoWatchUrl("https://example.com/video/1")).toBeNull();
  });
});
