import { afterEach, describe, expect, it, vi } from "vitest";
import { answer } from "@/lib/api/respond";
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseReachable,
  isDatabaseUnavailableError,
  registerDatabasePing,
  reportDatabaseError,
} from "./availability";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

afterEach(() => {
  registerDatabasePing(null);
  vi.restoreAllMocks();
});

describe("telling an unreachable database from a failed query", () => {
  it("recognises refused and cut connections, wrapped or not", () => {
    const refused = withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED");
    for (const error of [
      refused,
      new AggregateError([refused], "all attempts failed"),
      new Error("Failed query: select 1", { cause: withCode("terminating connection", "57P01") }),
      new Error("Connection terminated unexpectedly"),
      withCode("the database system is starting up", "57P03"),
      withCode("connection failure", "08006"),
    ])
      expect(isDatabaseUnavailableError(error), error.message).toBe(true);
  });

  it("leaves real query faults alone", () => {
    for (const error of [
      withCode("duplicate key value violates unique constraint", "23505"),
      withCode('relation "projects" does not exist', "42P01"),
      new Error("Failed query", { cause: withCode("syntax error", "42601") }),
      new Error("something else"),
      "ECONNREFUSED",
      null,
    ])
      expect(isDatabaseUnavailableError(error)).toBe(false);
  });
});

describe("the availability probe", () => {
  it("is always reachable on the embedded database (no ping registered)", async () => {
    expect(await isDatabaseReachable()).toBe(true);
  });

  it("shares one probe between concurrent callers and sees a recovery after a failure", async () => {
    const down = vi.fn(() => Promise.reject(withCode("refused", "ECONNREFUSED")));
    registerDatabasePing(down);
    expect(await Promise.all([1, 2, 3].map(() => isDatabaseReachable()))).toEqual([
      false,
      false,
      false,
    ]);
    expect(down).toHaveBeenCalledTimes(1);
    // Within the interval the answer is reused.
    expect(await isDatabaseReachable()).toBe(false);
    expect(down).toHaveBeenCalledTimes(1);

    // One server that goes away and comes back, with the clock under the test's control.
    let serverUp = true;
    let now = 1_000_000;
    vi.spyOn(Date, "now").mockImplementation(() => now);
    const ping = vi.fn(() =>
      serverUp ? Promise.resolve() : Promise.reject(withCode("refused", "ECONNREFUSED")),
    );
    registerDatabasePing(ping);
    expect(await isDatabaseReachable()).toBe(true);
    serverUp = false;
    expect(await isDatabaseReachable()).toBe(true); // the last answer is trusted for a second
    // A query failing for want of a connection makes the next check probe at once.
    expect(reportDatabaseError(withCode("refused", "ECONNREFUSED"))).toBe(true);
    expect(await isDatabaseReachable()).toBe(false);
    serverUp = true;
    now += 1500;
    expect(await isDatabaseReachable()).toBe(true);
    expect(ping).toHaveBeenCalledTimes(3);
  });
});

describe("the API answer while the database is down", () => {
  it("is a 503 envelope with a clear message and Retry-After, not a 500", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await answer(async () => {
      throw new Error("Failed query: select …", {
        cause: withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
      });
    });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toEqual({
      success: false,
      message: DATABASE_UNAVAILABLE_MESSAGE,
      data: null,
    });
  });
});
