import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderReport, writeReportFromResults, type Results } from "./report.mts";

/** The smallest run the report renders: one page, one Lighthouse result, every budget met. */
function run(upload: unknown): Results {
  const load = { name: "bare node:http", url: "http://127.0.0.1:1/", requests: 10, rps: 100 };
  return {
    date: "2026-01-01T00:00:00.000Z",
    machine: { cores: 2, node: "v22", memoryGb: 4 },
    seed: { projects: 2, sectionsPerProject: 1, seconds: 1 },
    load: {
      amount: 10,
      connections: 1,
      bare: { ...load, p50: 1, p99: 2, errors: 0, non2xx: 0, bytesPerResponse: 10 },
      nextStatic: [],
      likeForLike: [],
      pages: [],
    },
    lighthouse: [],
    firstLoadJs: { "/": 2048 },
    frameworkJs: 1024,
    upload: upload as Results["upload"],
    memory: { idleMb: 200, afterLoadMb: 300 },
    verdicts: [{ budget: "idle RSS ≤ 300 MB after warm-up", actual: "200 MB", ok: true }],
  };
}

describe("the bench report", () => {
  it("lists every upload figure, nested ones flattened, and says the loopback ratio is no budget", () => {
    const report = renderReport(
      run({
        bytes: 50 * 2 ** 20,
        paceMbit: 100,
        runs: 5,
        answerAfterLastByteMs: 120,
        answerRangeMs: [90, 180],
        rssGrowthMb: 20,
        loopback: { runs: 9, uploadMs: 700, transferMs: 500, vsTransfer: 1.4 },
        somethingNew: 3,
      }),
    );
    expect(report).toContain("| Answer after the last byte, median (ms) | 120 |");
    expect(report).toContain("| Answer after the last byte, fastest and slowest (ms) | 90 – 180 |");
    expect(report).toContain("| Server RSS growth during an upload, the largest (MB) | 20 |");
    expect(report).toContain(
      "| Unpaced upload against the bare-socket floor, median of the paired ratios | 1.4 |",
    );
    expect(report).toContain("| somethingNew | 3 |");
    expect(report).toContain("reported\nbeside them, not budgeted");
    expect(report).toContain("Every one of the 1 budgets was met");
  });

  it("renders results whose upload budget was the loopback ratio as they are", () => {
    const r = run({ bytes: 1, runs: 25, uploadMs: 84, transferMs: 76, vsTransfer: 1.12 });
    r.verdicts.push({
      budget: "50 MB upload ≤ 1.5× the bare transfer floor",
      actual: "1.12×",
      ok: false,
    });
    const report = renderReport(r);
    expect(report).toContain("This run's budget was the upload's ratio to that floor");
    expect(report).toContain("| Upload on loopback, median (ms) | 84 |");
    expect(report).toContain("1 of the 2 budgets missed");
    expect(report).toContain("| 50 MB upload ≤ 1.5× the bare transfer floor | 1.12× | **no** |");
    expect(renderReport(run(null))).toContain("## Upload\n\nNot measured.");
  });

  it("lists how long each phase of the run took, and the whole run", () => {
    const r = run(null);
    r.phases = [
      { name: "seeding", seconds: 57 },
      { name: "Lighthouse", seconds: 425 },
    ];
    const report = renderReport(r);
    expect(report).toContain(
      "| seeding | 0m57s |\n| Lighthouse | 7m05s |\n| **whole run** | 8m02s |",
    );
    expect(renderReport(run(null))).not.toContain("## Run time");
  });

  it("is rendered again, whole, from a stored results.json", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-bench-report-"));
    try {
      fs.mkdirSync(path.join(root, "bench"));
      fs.writeFileSync(path.join(root, "bench/REPORT.md"), "# Hand-kept notes\n");
      fs.writeFileSync(path.join(root, "bench/results.json"), JSON.stringify(run(null)));
      writeReportFromResults(root);
      expect(fs.readFileSync(path.join(root, "bench/REPORT.md"), "utf8")).toBe(
        renderReport(run(null)),
      );
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
