import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { expectStartupFailure, startServer } from "../helpers/server";

// These run the production build, like a user would after `npm start`, on really empty data
// directories (not the test run's initialised template, test/helpers/pg-template.ts): the first
// start's initdb is part of what they check.
process.env.PORTFOLIO_TEST_PG_TEMPLATE = "off";
const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-startup-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe("server start-up", () => {
  it("keeps data across a restart, and a second process cannot open the same data directory", async () => {
    const dataDir = tempDir();
    const first = await startServer({ DATA_DIR: dataDir, DATABASE_URL: "" });
    expect((await fetch(first.url)).status).toBe(200);
    expect(fs.readFileSync(path.join(dataDir, ".lock"), "utf8")).toBe(String(first.process.pid));

    const second = await expectStartupFailure({ DATA_DIR: dataDir, DATABASE_URL: "" });
    expect(second.code).not.toBe(0);
    expect(second.output).toContain(`is in use by process ${first.process.pid}`);
    await first.stop();

    // Write through the data layer while no server runs, then check a restarted server sees it.
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    const { createProject } = await import("@/lib/data/projects");
    const { createReviewLink } = await import("@/lib/data/review-links");
    const { closeDb } = await import("@/lib/db");
    const project = await createProject({
      title: "Survives Restarts",
      role: "Director",
      category: "Illustration",
      coverUrl: "/media/x.png",
      coverKey: null,
      userId: "u",
    });
    // A client review link too (docs/spec.md §13): its URL keeps working.
    const link = await createReviewLink({
      name: "Acme — still here",
      projectIds: [project.id],
      expiresAt: null,
      passwordHash: null,
      allowDownload: false,
    });
    await closeDb();

    for (let round = 0; round < 2; round++) {
      const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: "" });
      expect(await (await fetch(server.url)).text()).toContain("Survives Restarts");
      const review = await fetch(`${server.url}/r/${link.token}`);
      expect(review.status).toBe(200);
      expect(await review.text()).toContain("Private review for Acme — still here");
      await server.stop();
    }
  });

  it("refuses to start with a DATABASE_URL that is not a PostgreSQL URL", async () => {
    const dataDir = tempDir();
    const result = await expectStartupFailure({
      DATA_DIR: dataDir,
      DATABASE_URL: "mysql://x@localhost/db",
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain("Invalid environment variable DATABASE_URL");
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it("refuses to start when the PostgreSQL server cannot be reached", async () => {
    const dataDir = tempDir();
    const result = await expectStartupFailure({
      DATA_DIR: dataDir,
      DATABASE_URL: "postgres://nobody@127.0.0.1:1/portfolio",
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain(
      "Cannot use the PostgreSQL database at 127.0.0.1:1 (DATABASE_URL)",
    );
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it("refuses to start when DATA_DIR is not writable", async () => {
    const parent = tempDir();
    const file = path.join(parent, "not-a-dir");
    fs.writeFileSync(file, "x");
    const result = await expectStartupFailure({ DATA_DIR: file, DATABASE_URL: "" });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain(`DATA_DIR ${file} is not a writable directory`);
    expect(fs.readFileSync(file, "utf8")).toBe("x");
  });
});
