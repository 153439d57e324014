import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mallocEnvironment, serverEnvironment, startNodeOptions } from "./node-options.mjs";

describe("the production Node.js options", () => {
  it("are the ones the Docker image and the systemd unit spell out", () => {
    const options = startNodeOptions("512");
    expect(fs.readFileSync("Dockerfile", "utf8")).toContain(`NODE_OPTIONS="${options}"`);
    expect(fs.readFileSync("deploy/vps/portfolio.service", "utf8")).toContain(
      `Environment="NODE_OPTIONS=${options}"`,
    );
  });

  it("come with glibc's malloc settings, which the Docker image and the systemd unit spell out", () => {
    const malloc = mallocEnvironment({});
    expect(malloc).toEqual({ MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_TRIM_THRESHOLD_: "131072" });
    // The image's runtime stage, not the build stage.
    const runtime = fs.readFileSync("Dockerfile", "utf8").split(/ AS runtime\n/)[1] ?? "";
    const unit = fs.readFileSync("deploy/vps/portfolio.service", "utf8");
    const settings = Object.entries(malloc).map(([name, value]) => `${name}=${value}`);
    for (const setting of settings)
      expect(runtime).toMatch(new RegExp(`^ +${setting}( \\\\)?$`, "m"));
    expect(unit).toMatch(new RegExp(`^Environment=${settings.join(" ")}$`, "m"));
    // A value the environment already gives is kept.
    expect(mallocEnvironment({ MALLOC_TRIM_THRESHOLD_: "1048576" }).MALLOC_TRIM_THRESHOLD_).toBe(
      "1048576",
    );
  });

  it("are exported by scripts/start.sh to the server it starts, keeping a value already set", () => {
    // scripts/start.sh in a copy of the project whose dependencies and build are in place and whose
    // `next` only prints its arguments and environment.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-start-sh-"));
    try {
      fs.mkdirSync(path.join(root, "scripts"));
      for (const file of ["start.sh", "lib.sh", "node-options.mjs"])
        fs.copyFileSync(path.join("scripts", file), path.join(root, "scripts", file));
      fs.writeFileSync(path.join(root, "package-lock.json"), "{}");
      fs.mkdirSync(path.join(root, "node_modules/.bin"), { recursive: true });
      fs.writeFileSync(path.join(root, "node_modules/.package-lock.json"), "{}");
      fs.writeFileSync(
        path.join(root, "node_modules/.bin/next"),
        '#!/bin/sh\necho "next $*"\nenv\n',
        {
          mode: 0o755,
        },
      );
      fs.mkdirSync(path.join(root, ".next"));
      fs.writeFileSync(path.join(root, ".next/BUILD_ID"), "build");
      const result = spawnSync("bash", [path.join(root, "scripts/start.sh")], {
        env: {
          ...process.env,
          PORT: "4321",
          HEAP_LIMIT_MB: "300",
          NODE_OPTIONS: "--trace-warnings",
          MALLOC_MMAP_THRESHOLD_: undefined,
          MALLOC_TRIM_THRESHOLD_: "65536",
        },
        encoding: "utf8",
      });
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(
        /^next start --experimental-next-config-strip-types --port 4321$/m,
      );
      expect(result.stdout).toContain(
        `\nNODE_OPTIONS=${startNodeOptions("300")} --trace-warnings\n`,
      );
      expect(result.stdout).toMatch(/^MALLOC_MMAP_THRESHOLD_=131072$/m);
      expect(result.stdout).toMatch(/^MALLOC_TRIM_THRESHOLD_=65536$/m);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it("make up every test, bench and Playwright server's environment, or stand aside for given options", () => {
    const inherited = {
      PATH: "/usr/bin",
      HEAP_LIMIT_MB: "300",
      NODE_OPTIONS: "--trace-warnings",
      MALLOC_TRIM_THRESHOLD_: "65536",
    };
    expect(serverEnvironment(inherited)).toEqual({
      PATH: "/usr/bin",
      HEAP_LIMIT_MB: "300",
      NODE_OPTIONS: `${startNodeOptions("300")} --trace-warnings`,
      MALLOC_MMAP_THRESHOLD_: "131072",
      MALLOC_TRIM_THRESHOLD_: "65536",
    });
    expect(serverEnvironment({}).NODE_OPTIONS).toBe(startNodeOptions("512"));
    // Given options (the bench's reference servers): those alone, and no malloc setting, inherited or not.
    expect(serverEnvironment(inherited, "--trace-gc")).toEqual({
      PATH: "/usr/bin",
      HEAP_LIMIT_MB: "300",
      NODE_OPTIONS: "--trace-gc",
    });
  });

  it("are accepted by this Node.js in NODE_OPTIONS and set the heap limit", () => {
    const result = spawnSync(
      process.execPath,
      ["-e", "console.log(require('node:v8').getHeapStatistics().heap_size_limit / 2 ** 20)"],
      { env: { ...process.env, NODE_OPTIONS: startNodeOptions("300") }, encoding: "utf8" },
    );
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    // The old-space limit plus the young generation's (three of V8's 16 MB semi-spaces' worth).
    const limitMb = Number(result.stdout.trim());
    expect(limitMb).toBeGreaterThanOrEqual(300);
    expect(limitMb).toBeLessThan(360);
  });

  it("keep V8's young generation", () => {
    expect(startNodeOptions("512")).toMatch(/--max-old-space-size=512/);
    // 8 MB semi-spaces cost cached pages 5-10 % of their throughput (docs/memory.md).
    expect(startNodeOptions("512")).not.toMatch(/--max-semi-space-size/);
  });

  // 512 MB of old space plus three 16 MB semi-spaces: 560 MB (V8 reads the machine's memory).
  it.skipIf(os.totalmem() < 4 * 2 ** 30)("hold the heap near the limit given", () => {
    const result = spawnSync(
      process.execPath,
      ["-e", "console.log(require('node:v8').getHeapStatistics().heap_size_limit / 2 ** 20)"],
      { env: { ...process.env, NODE_OPTIONS: startNodeOptions("512") }, encoding: "utf8" },
    );
    expect(result.stderr).toBe("");
    expect(Number(result.stdout.trim())).toBeLessThan(570);
  });
});
