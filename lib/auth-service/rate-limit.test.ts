import { describe, expect, it } from "vitest";
import { AuthServiceError } from "./errors";
import { consumeRateLimit } from "./rate-limit";

delete process.env.AUTH_TRUST_PROXY;

const request = () => new Request("http://localhost/auth/v1/recover", { method: "POST" });

function countAllowed(name: "recover" | "token", at: number, attempts: number): number {
  let allowed = 0;
  for (let i = 0; i < attempts; i++) {
    try {
      consumeRateLimit(request(), name, at);
      allowed++;
    } catch (error) {
      expect(error).toBeInstanceOf(AuthServiceError);
      expect(error).toMatchObject({ status: 429, code: "over_request_rate_limit" });
    }
  }
  return allowed;
}

describe("rate limits", () => {
  it("allows a burst of 30, then refills at 30 per 5 minutes", () => {
    const start = 1_000_000;
    expect(countAllowed("recover", start, 40)).toBe(30);
    expect(countAllowed("recover", start + 10_000, 5)).toBe(1); // 10 s buys one request
    expect(countAllowed("recover", start + 310_000, 40)).toBe(30); // fully refilled
  });

  it("gives /token its own, faster budget (150 per 5 minutes)", () => {
    const start = 5_000_000;
    expect(countAllowed("token", start, 31)).toBe(30);
    expect(countAllowed("token", start + 10_000, 10)).toBe(5);
  });
});
