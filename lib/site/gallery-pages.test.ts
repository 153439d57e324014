import { describe, expect, it } from "vitest";
import {
  GALLERY_PAGE_SIZE,
  MAX_GALLERY_PAGE,
  galleryHref,
  parseGalleryPage,
  shownOnPage,
} from "./gallery-pages";

// `?page=N` of the home gallery as visitors type or share it (docs/architecture.md, "/").
const WHOLE_PAGES: [string, number][] = [
  ["2", 2],
  [" 7 ", 7],
  [String(MAX_GALLERY_PAGE), MAX_GALLERY_PAGE],
];

describe("gallery pages", () => {
  it("reads whole page numbers and falls back to the first page for anything else", () => {
    for (const [text, page] of WHOLE_PAGES) expect(parseGalleryPage(text), text).toBe(page);
    for (const value of [
      undefined,
      null,
      "",
      "0",
      "-1",
      "1.5",
      "2e1",
      "abc",
      String(MAX_GALLERY_PAGE + 1),
      "9999",
      ["2"],
    ]) {
      expect(parseGalleryPage(value), JSON.stringify(value)).toBe(1);
    }
  });

  it("shows a page's worth more on every page, up to the total", () => {
    expect(shownOnPage(1, 200)).toBe(GALLERY_PAGE_SIZE);
    expect(shownOnPage(2, 200)).toBe(2 * GALLERY_PAGE_SIZE);
    expect(shownOnPage(1, 5)).toBe(5);
    expect(shownOnPage(3, 50)).toBe(50);
  });

  it("builds plain gallery URLs, leaving out the defaults", () => {
    expect(galleryHref({ category: "all" })).toBe("/");
    expect(galleryHref({ category: "all", page: 1 })).toBe("/");
    expect(galleryHref({ category: "all", page: 3 })).toBe("/?page=3");
    expect(galleryHref({ category: "Assets & Tools", page: 2 })).toBe(
      "/?category=Assets+%26+Tools&page=2",
    );
    expect(galleryHref({ category: "Motion Design", query: "loop", page: 2 })).toBe(
      "/?category=Motion+Design&q=loop&page=2",
    );
  });
});
