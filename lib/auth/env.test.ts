import { describe, expect, it } from "vitest";
import { env, parseEnv } from "@/lib/env";

describe("auth environment variables", () => {
  it("reads the owner list lower-cased and the defaults", () => {
    const env = parseEnv({ OWNER_EMAILS: " Me@Example.com, you@example.com ," });
    expect(env.OWNER_EMAILS).toEqual(["me@example.com", "you@example.com"]);
    expect(env.AUTH_SIGNUP).toBe("owner");
    expect(env.AUTH_PASSWORD_MIN_LENGTH).toBe(10);
    expect(env.AUTH_REFRESH_REUSE_INTERVAL).toBe(10);
    expect(env.AUTH_TRUST_PROXY).toBe(false);
    expect(env.NEXT_PUBLIC_SUPABASE_URL).toBeUndefined();
  });

  it.each([
    [{ OWNER_EMAILS: "not-an-address" }, "OWNER_EMAILS"],
    [{ AUTH_SIGNUP: "everyone" }, "AUTH_SIGNUP"],
    [{ SMTP_URL: "mail.example.com" }, "SMTP_URL"],
    [{ NEXT_PUBLIC_SUPABASE_URL: "https://x.supabase.co" }, "NEXT_PUBLIC_SUPABASE_ANON_KEY"],
    [{ GOOGLE_CLIENT_ID: "id-only" }, "GOOGLE_CLIENT_SECRET"],
    [{ AUTH_PASSWORD_MIN_LENGTH: "3" }, "AUTH_PASSWORD_MIN_LENGTH"],
    [{ AUTH_PASSWORD_MIN_LENGTH: "8" }, "AUTH_PASSWORD_MIN_LENGTH"],
    [{ AUTH_SETUP_TOKEN: "too-short" }, "AUTH_SETUP_TOKEN"],
    [{ AUTH_TRUSTED_PROXY_HOPS: "0" }, "AUTH_TRUSTED_PROXY_HOPS"],
  ])("names the bad variable in its error: %o", (source, name) => {
    expect(() => parseEnv(source)).toThrow(`Invalid environment variable ${name}`);
  });
});

describe("env()", () => {
  it("parses once, and again when a variable it reads changes", () => {
    const before = process.env.AUTH_SIGNUP;
    try {
      process.env.AUTH_SIGNUP = "owner";
      const first = env();
      expect(env()).toBe(first);
      process.env.AUTH_SIGNUP = "open";
      expect(env()).not.toBe(first);
      expect(env().AUTH_SIGNUP).toBe("open");
      // A variable outside the schema does not count.
      const current = env();
      process.env.SOMETHING_ELSE_ENTIRELY = "x";
      expect(env()).toBe(current);
    } finally {
      if (before === undefined) delete process.env.AUTH_SIGNUP;
      else process.env.AUTH_SIGNUP = before;
      delete process.env.SOMETHING_ELSE_ENTIRELY;
    }
  });
});
