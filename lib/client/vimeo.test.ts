import { describe, expect, it } from "vitest";
import { invalidVimeoAdd, invalidVimeoEdit, normalizeVimeoUrl } from "./vimeo";

// The normaliser itself is the API's (lib/validation/vimeo.test.ts covers its cases); this checks
// what the forms rely on: pasted embed code becomes the player URL, and the two refusal texts.
describe("Vimeo links in the section forms", () => {
  it("turns pasted embed code into the player URL and refuses other sites", () => {
    expect(
      normalizeVimeoUrl(
        '<iframe src="https://player.vimeo.com/video/76979871?h=8272103f6e" width="640"></iframe>',
      ),
    ).toBe("https://player.vimeo.com/video/76979871?h=8272103f6e");
    expect(normalizeVimeoUrl("vimeo.com/123456789")).toBe(
      "https://player.vimeo.com/video/123456789",
    );
    expect(normalizeVimeoUrl("https://youtube.com/watch?v=123")).toBeNull();
    expect(normalizeVimeoUrl("<script>alert(1)</script>")).toBeNull();
  });

  it("words the add and edit errors as the spec does", () => {
    expect(invalidVimeoAdd).toBe(
      "Invalid Vimeo URL or embed code. Example: https://vimeo.com/123456789 or <iframe...>",
    );
    expect(invalidVimeoEdit).toBe("Invalid Vimeo URL. Example: https://vimeo.com/123456789");
  });
});
