import { describe, expect, it } from "vitest";
import { shouldUseSecureCookies } from "./cookie-options";

describe("shouldUseSecureCookies", () => {
  it.each([
    ["https://portfolio.example/dashboard", undefined, false, true],
    ["https://localhost:3000/", "http://localhost:3000", true, true],
    ["http://localhost:3000/", "https://portfolio.example", true, true],
    ["http://localhost:3000/", "https://portfolio.example", false, false],
    ["http://localhost:3000/", "http://localhost:3000", true, false],
    ["http://localhost:3000/", undefined, true, false],
  ])("%s with site URL %s (production: %s) → %s", (requestUrl, siteUrl, production, secure) => {
    expect(shouldUseSecureCookies({ requestUrl, siteUrl, production })).toBe(secure);
  });
});
