import { describe, expect, it } from "vitest";
import { redirectWith, resolveRedirect } from "./redirects";

delete process.env.NEXT_PUBLIC_SITE_URL;

const request = (origin: string) => new Request(`${origin}/auth/v1/recover`, { method: "POST" });

describe("redirect_to handling", () => {
  it("keeps links on the site's own origin, relative ones included", () => {
    const site = "https://portfolio.example";
    expect(resolveRedirect(`${site}/auth/callback?x=1`, request(site))).toBe(
      `${site}/auth/callback?x=1`,
    );
    expect(resolveRedirect("/auth/callback", request(site))).toBe(`${site}/auth/callback`);
  });

  it("replaces foreign, protocol-relative and malformed targets by the site URL", () => {
    const site = "https://portfolio.example";
    for (const target of [
      "https://evil.example/steal",
      "//evil.example/steal",
      "https://portfolio.example.evil.example/",
      "http://portfolio.example/", // downgraded scheme is another origin
      "javascript:alert(1)",
    ]) {
      expect(resolveRedirect(target, request(site)), target).toBe(site);
    }
  });

  it("accepts any loopback port while developing on loopback", () => {
    expect(resolveRedirect("http://127.0.0.1:5173/cb", request("http://localhost:3000"))).toBe(
      "http://127.0.0.1:5173/cb",
    );
    expect(resolveRedirect("http://localhost:9/cb", request("https://portfolio.example"))).toBe(
      "https://portfolio.example",
    );
  });

  it("adds codes to the query, keeping what is there, and tokens to the fragment", () => {
    const withCode = redirectWith("https://a.example/cb?sb_flow_id=7", { code: "c1" }, "query");
    expect(withCode.status).toBe(303);
    expect(withCode.headers.get("location")).toBe("https://a.example/cb?sb_flow_id=7&code=c1");
    const withTokens = redirectWith(
      "https://a.example/",
      { access_token: "t", type: "recovery" },
      "fragment",
    );
    expect(withTokens.headers.get("location")).toBe(
      "https://a.example/#access_token=t&type=recovery",
    );
  });
});
