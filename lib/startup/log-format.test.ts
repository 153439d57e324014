import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";

describe("LOG_FORMAT", () => {
  it("defaults to text and takes json", () => {
    expect(parseEnv({}).LOG_FORMAT).toBe("text");
    expect(parseEnv({ LOG_FORMAT: "" }).LOG_FORMAT).toBe("text");
    expect(parseEnv({ LOG_FORMAT: "json" }).LOG_FORMAT).toBe("json");
  });

  it("refuses anything else with a clear message", () => {
    expect(() => parseEnv({ LOG_FORMAT: "xml" })).toThrow(
      'Invalid environment variable LOG_FORMAT: must be "text" or "json"',
    );
  });
});
