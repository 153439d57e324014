import { describe, expect, it } from "vitest";
import { authCookieName, hasAuthCookie } from "./cookie-names";

describe("hasAuthCookie", () => {
  it("finds the session cookie @supabase/ssr writes, whole or in chunks", () => {
    expect(hasAuthCookie([authCookieName("http://localhost:3000")])).toBe(true);
    expect(hasAuthCookie(["theme", "sb-abcdefgh-auth-token.0", "sb-abcdefgh-auth-token.1"])).toBe(
      true,
    );
  });

  it("is false for visitors: no cookies, other cookies, or only a PKCE code verifier", () => {
    expect(hasAuthCookie([])).toBe(false);
    expect(hasAuthCookie(["theme", "sb-token", "auth-token"])).toBe(false);
    expect(hasAuthCookie(["sb-localhost-auth-token-code-verifier"])).toBe(false);
  });
});
