import { describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address-header";
import { AuthServiceError } from "./errors";
import { readClientAddress } from "./http";
import {
  checkAccount,
  consumeRateLimit,
  recordFailure,
  recordProof,
  type RateLimitName,
} from "./rate-limit";

delete process.env.AUTH_TRUST_PROXY;
delete process.env.AUTH_TRUSTED_PROXY_HOPS;

const request = (address = "192.0.2.1", headers: Record<string, string> = {}) =>
  new Request("http://localhost/auth/v1/recover", {
    method: "POST",
    headers: { [CLIENT_ADDRESS_HEADER]: address, ...headers },
  });

function countAllowed(name: RateLimitName, at: number, attempts: number, address?: string) {
  let allowed = 0;
  for (let i = 0; i < attempts; i++) {
    try {
      consumeRateLimit(request(address), name, at);
      allowed++;
    } catch (error) {
      expect(error).toBeInstanceOf(AuthServiceError);
      expect(error).toMatchObject({ status: 429, code: "over_request_rate_limit" });
    }
  }
  return allowed;
}

describe("rate limits per client address", () => {
  it("allows a burst of 30, then refills at 30 per 5 minutes", () => {
    const start = 1_000_000;
    expect(countAllowed("recover", start, 40)).toBe(30);
    expect(countAllowed("recover", start + 10_000, 5)).toBe(1); // 10 s buys one request
    expect(countAllowed("recover", start + 310_000, 40)).toBe(30); // fully refilled
  });

  it("gives password sign-in its own, faster budget (150 per 5 minutes)", () => {
    const start = 5_000_000;
    expect(countAllowed("password", start, 31)).toBe(30);
    expect(countAllowed("password", start + 10_000, 10)).toBe(5);
  });

  it("keeps each address's budget apart, and a refresh apart from password guesses", () => {
    const start = 9_000_000;
    expect(countAllowed("password", start, 100, "198.51.100.7")).toBe(30);
    expect(countAllowed("password", start, 5, "198.51.100.8")).toBe(5);
    expect(countAllowed("refresh", start, 5, "198.51.100.7")).toBe(5);
  });
});

describe("client address", () => {
  it("is the connection's peer unless a proxy is trusted; X-Forwarded-For cannot forge it", () => {
    const forged = request("203.0.113.5", { "x-forwarded-for": "10.9.9.9" });
    expect(readClientAddress(forged)).toBe("203.0.113.5");
  });

  it("behind trusted proxies is the entry the outermost one appended", () => {
    process.env.AUTH_TRUST_PROXY = "true";
    try {
      const viaOne = request("127.0.0.1", { "x-forwarded-for": "10.9.9.9, 203.0.113.5" });
      expect(readClientAddress(viaOne)).toBe("203.0.113.5");
      process.env.AUTH_TRUSTED_PROXY_HOPS = "2";
      const viaTwo = request("127.0.0.1", {
        "x-forwarded-for": "10.9.9.9, 203.0.113.5, 172.16.0.2",
      });
      expect(readClientAddress(viaTwo)).toBe("203.0.113.5");
    } finally {
      delete process.env.AUTH_TRUST_PROXY;
      delete process.env.AUTH_TRUSTED_PROXY_HOPS;
    }
  });
});

describe("per-account sign-in back-off", () => {
  const refusedAt = async (address: string, email: string, now: number) => {
    try {
      await checkAccount(request(address), email, now);
      return false;
    } catch (error) {
      expect(error).toMatchObject({ status: 429, code: "over_request_rate_limit" });
      return true;
    }
  };

  it("starts after 5 wrong passwords and doubles with each further one", async () => {
    const email = "backoff@example.com";
    const start = 20_000_000;
    for (let i = 0; i < 5; i++) await recordFailure(email, start);
    expect(await refusedAt("203.0.113.9", email, start)).toBe(false);
    await recordFailure(email, start); // 6th: 1 s
    expect(await refusedAt("203.0.113.9", email, start + 500)).toBe(true);
    expect(await refusedAt("203.0.113.9", email, start + 1000)).toBe(false);
    await recordFailure(email, start + 1000); // 7th: 2 s
    expect(await refusedAt("203.0.113.10", email, start + 2500)).toBe(true);
    expect(await refusedAt("203.0.113.10", email, start + 3000)).toBe(false);
    for (let i = 0; i < 30; i++) await recordFailure(email, start + 3000);
    expect(await refusedAt("203.0.113.10", email, start + 3000 + 14 * 60_000)).toBe(true);
    expect(await refusedAt("203.0.113.10", email, start + 3000 + 15 * 60_000)).toBe(false); // capped
  });

  it("never refuses an address that proved the account", async () => {
    const email = "owner-throttle@example.com";
    const start = 30_000_000;
    await recordProof(request("192.0.2.50"), email, start);
    for (let i = 0; i < 20; i++) await recordFailure(email, start + 1);
    expect(await refusedAt("203.0.113.66", email, start + 2)).toBe(true);
    expect(await refusedAt("192.0.2.50", email, start + 2)).toBe(false);
  });
});
