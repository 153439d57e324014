import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";

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
