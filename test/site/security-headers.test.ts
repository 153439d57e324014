import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useSharedSite, type SharedSite } from "../helpers/shared-site";

// On the run's shared site: the headers depend on the build, not on a setting of this file's own.
let site: SharedSite;
let url: string;

beforeAll(async () => {
  site = await useSharedSite();
  url = site.server.url;
});
afterAll(() => site?.stop());

describe("security headers of the running site", () => {
  it("send the CSP, framing, sniffing, referrer and HSTS headers on pages", async () => {
    const response = await fetch(`${url}/`);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("frame-src https://player.vimeo.com");
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain("unsafe-eval");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("strict-transport-security")).toContain("max-age=");
  });

  it("send one CSP on every page, with or without the proxy (lib/site/routing-rules.ts)", async () => {
    for (const pathname of [
      "/",
      "/?category=Illustration&page=2",
      "/?q=birds",
      "/?q=%20",
      "/sections/0123456789abcdef01234567",
      "/about",
      "/reel",
      "/signin",
      "/dashboard",
    ]) {
      const response = await fetch(`${url}${pathname}`, { redirect: "manual" });
      const csp = response.headers.get("content-security-policy") ?? "";
      // Two headers of one name arrive joined by ", ": the directive would then show twice.
      expect(csp.match(/frame-ancestors 'none'/g), pathname).toHaveLength(1);
      expect(csp, pathname).toContain("connect-src 'self'");
      expect(csp, pathname).toContain("object-src 'none'");
      // The production policy, also from proxy.ts (a build is production whatever the run-time
      // environment holds).
      expect(csp, pathname).not.toContain("unsafe-eval");
    }
  });

  it("send nosniff and no framing on API answers too", async () => {
    const response = await fetch(`${url}/api/projects`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });
});
