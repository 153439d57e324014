import { describe, expect, it } from "vitest";
import { collectRuns, presentationStalled, type ObservedTimings } from "./lighthouse.mts";

/** A Lighthouse report's observed timings and main-thread tasks, as `presentationStalled` reads them. */
function report(fcp: number, load: number, tasks: [start: number, duration: number][] = []) {
  return {
    audits: {
      metrics: {
        details: { items: [{ observedFirstContentfulPaint: fcp, observedLoad: load }] },
      },
      "main-thread-tasks": {
        details: { items: tasks.map(([startTime, duration]) => ({ startTime, duration })) },
      },
    },
  } satisfies ObservedTimings;
}

describe("presentationStalled", () => {
  it("takes a first paint long after the load event, the main thread idle, as the browser's stall", () => {
    // A stalled run of the home page: first paint at 1,231 ms, load at 419 ms, a few short tasks.
    expect(
      presentationStalled(
        report(1231, 419, [
          [533, 10],
          [564, 8],
          [1209, 21],
        ]),
      ),
    ).toBe(true);
  });

  it("keeps runs that painted before or shortly after the load event", () => {
    expect(presentationStalled(report(263, 452))).toBe(false);
    expect(presentationStalled(report(239, 115, [[150, 51]]))).toBe(false);
    expect(presentationStalled(report(880, 419))).toBe(false);
  });

  it("keeps a late first paint that the page's own main-thread work held back", () => {
    // 800 ms between load and paint, 600 of them in the page's tasks: the page's doing, counted.
    expect(
      presentationStalled(
        report(1300, 500, [
          [500, 300],
          [820, 300],
          [1150, 20],
        ]),
      ),
    ).toBe(false);
  });

  it("counts only the part of a task inside the gap", () => {
    // A long task that ends 100 ms into an 800 ms gap leaves it mostly idle.
    expect(presentationStalled(report(1300, 500, [[0, 600]]))).toBe(true);
  });

  it("keeps a run whose report lacks the observed timings", () => {
    expect(presentationStalled({ audits: {} })).toBe(false);
  });
});

describe("collectRuns", () => {
  /** A stand-in for one Lighthouse run: scores 90 + its index, stalled where `stalls` says. */
  function runs(stalls: boolean[] = []) {
    let calls = 0;
    const measure = async () => {
      const index = calls++;
      return {
        performance: 90 + index,
        accessibility: 100,
        bestPractices: 100,
        seo: 100,
        lcpMs: 1000,
        cls: 0,
        tbtMs: 50,
        failedAudits: [],
        stalled: stalls[index] ?? false,
      };
    };
    return { measure, calls: () => calls };
  }

  it("takes as many runs as asked when none stalls", async () => {
    const three = runs();
    const taken = await collectRuns(three.measure, 3);
    expect(three.calls()).toBe(3);
    expect(taken).toMatchObject({ results: [90, 91, 92].map((performance) => ({ performance })) });
    expect(taken.stalledRuns).toBe(0);
  });

  it("measures a stalled run again, up to as many times again as there are runs", async () => {
    const once = runs([true, false]);
    expect(await collectRuns(once.measure, 1)).toMatchObject({
      results: [{ performance: 91 }],
      stalledRuns: 1,
    });
    // Past that, a stalled run counts.
    const always = runs([true, true, true]);
    const counted = await collectRuns(always.measure, 1);
    expect(always.calls()).toBe(2);
    expect(counted).toMatchObject({ results: [{ performance: 90 }], stalledRuns: 2 });
  });
});
