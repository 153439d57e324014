import { describe, expect, it } from "vitest";
import { cloudinaryUploadOrigin, contentSecurityPolicy, securityHeaders } from "./security-headers";

const directive = (csp: string, name: string) =>
  csp
    .split("; ")
    .find((part) => part.startsWith(`${name} `))
    ?.slice(name.length + 1)
    .split(" ");

describe("security headers", () => {
  it("allow only the site's own origin, Vimeo frames and Cloudinary media, and forbid framing", () => {
    const csp = contentSecurityPolicy({ production: true });
    expect(directive(csp, "default-src")).toEqual(["'self'"]);
    expect(directive(csp, "frame-src")).toEqual(["https://player.vimeo.com"]);
    expect(directive(csp, "frame-ancestors")).toEqual(["'none'"]);
    expect(directive(csp, "img-src")).toContain("https://res.cloudinary.com");
    expect(directive(csp, "connect-src")).toEqual(["'self'"]);
    expect(directive(csp, "object-src")).toEqual(["'none'"]);
    expect(directive(csp, "script-src")).not.toContain("'unsafe-eval'");
  });

  it("let the browser reach a hosted Supabase project when one is configured", () => {
    const csp = contentSecurityPolicy({
      production: true,
      supabaseUrl: "https://abc.supabase.co/",
    });
    expect(directive(csp, "connect-src")).toEqual([
      "'self'",
      "https://abc.supabase.co",
      "wss://abc.supabase.co",
    ]);
  });

  it("let the owner's browser upload straight to Cloudinary only when it stores the media", () => {
    const connect = (options: Parameters<typeof contentSecurityPolicy>[0]) =>
      directive(contentSecurityPolicy(options), "connect-src");
    expect(connect({ production: true, cloudinaryUrl: "cloudinary://k:s@cloud" })).toEqual([
      "'self'",
      "https://api.cloudinary.com",
    ]);
    expect(
      connect({
        production: true,
        cloudinaryUrl: "cloudinary://k:s@cloud?upload_prefix=http://127.0.0.1:9000/x",
      }),
    ).toEqual(["'self'", "http://127.0.0.1:9000"]);
    expect(connect({ production: true, anyCloudinaryUpload: true })).toEqual([
      "'self'",
      "https://api.cloudinary.com",
    ]);
    expect(cloudinaryUploadOrigin("not a url")).toBeNull();
  });

  it("send HSTS in production only, and nosniff and a referrer policy always", () => {
    const names = (production: boolean) => securityHeaders({ production }).map((h) => h.key);
    expect(names(true)).toContain("Strict-Transport-Security");
    expect(names(false)).not.toContain("Strict-Transport-Security");
    expect(securityHeaders({ production: false })).toEqual(
      expect.arrayContaining([
        { key: "X-Content-Type-Options", value: "nosniff" },
        { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
      ]),
    );
  });
});
