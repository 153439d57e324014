import { describe, expect, it } from "vitest";
import { TokenBuckets } from "./token-bucket";

const rule = { burst: 3, requests: 1, perSeconds: 1 };

describe("TokenBuckets", () => {
  it("allows a burst, then refills at the rule's rate", () => {
    const buckets = new TokenBuckets();
    expect([0, 0, 0, 0].map((at) => buckets.take("a", rule, at))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(buckets.take("b", rule, 0)).toBe(true);
    expect(buckets.take("a", rule, 999)).toBe(false);
    expect(buckets.take("a", rule, 1000)).toBe(true);
    expect(buckets.take("a", rule, 1000)).toBe(false);
  });

  it("keeps at most maxKeys buckets, forgetting the least recently used", () => {
    const buckets = new TokenBuckets(100);
    for (let i = 0; i < 3; i++) buckets.take("busy", rule, 0);
    for (let i = 0; i < 10_000; i++) {
      buckets.take(`address-${i}`, rule, 0);
      if (i % 50 === 0) expect(buckets.take("busy", rule, 0)).toBe(false);
    }
    expect(buckets.size).toBe(100);
    // Still known (used recently), so still empty.
    expect(buckets.take("busy", rule, 0)).toBe(false);
  });
});
