import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { checkDeployment, type Finding, type Target } from "./doctor";
import { loadEnvFiles } from "./env-files";

const exampleOf: Record<Target, string> = {
  vps: "deploy/vps/portfolio.env.example",
  docker: "deploy/docker/portfolio.env.example",
  vercel: "deploy/vercel/vercel.env.example",
};
const example = (target: Target) => parseEnv(fs.readFileSync(exampleOf[target], "utf8"));
const named = (findings: Finding[], level: Finding["level"]) =>
  findings.filter((finding) => finding.level === level).map((finding) => finding.name);

describe("npm run doctor", () => {
  it("passes each guide's example settings for its own target", () => {
    expect(checkDeployment("vps", example("vps"))).toEqual([]);
    // The example leaves DATA_DIR to the image (/data, its volume).
    expect(checkDeployment("docker", example("docker"))).toEqual([]);
    // No warning about Vercel's 4.5 MB body limit: uploads go straight to Cloudinary there.
    expect(checkDeployment("vercel", example("vercel"))).toEqual([]);
  });

  it("names what a serverless host cannot run without", () => {
    const findings = checkDeployment("vercel", {
      NEXT_PUBLIC_SITE_URL: "https://portfolio.example",
      AUTH_TRUST_PROXY: "true",
    });
    expect(named(findings, "error")).toEqual([
      "DATABASE_URL",
      "CLOUDINARY_URL",
      "SMTP_URL",
      "AUTH_SETUP_TOKEN",
    ]);
    expect(findings[0]!.message).toMatch(/no lasting disk/);
    // The embedded auth service instead of Supabase's: its keys and limits are in the database.
    const embedded = { ...example("vercel"), NEXT_PUBLIC_SUPABASE_URL: "", OWNER_EMAILS: "" };
    expect(named(checkDeployment("vercel", embedded), "error")).toEqual([
      "SMTP_URL",
      "AUTH_SETUP_TOKEN",
    ]);
    const complete = { ...embedded, SMTP_URL: "smtps://u:p@mail.example:465" };
    expect(
      named(checkDeployment("vercel", { ...complete, AUTH_SETUP_TOKEN: "x".repeat(24) }), "error"),
    ).toEqual([]);
  });

  it("refuses an https site behind a proxy without trusted proxy settings, on every target", () => {
    for (const target of ["vps", "docker", "vercel"] as const) {
      const findings = checkDeployment(target, {
        ...example(target),
        DATA_DIR: "/data",
        AUTH_TRUST_PROXY: "",
      });
      expect(named(findings, "error"), target).toEqual(["AUTH_TRUST_PROXY"]);
    }
  });

  it("refuses a missing or plain-http public address, but not a local one", () => {
    const withoutUrl = { ...example("vps"), NEXT_PUBLIC_SITE_URL: "" };
    expect(named(checkDeployment("vps", withoutUrl), "error")).toEqual(["NEXT_PUBLIC_SITE_URL"]);
    const http = { ...example("vps"), NEXT_PUBLIC_SITE_URL: "http://portfolio.example" };
    expect(checkDeployment("vps", http)[0]).toMatchObject({
      level: "error",
      name: "NEXT_PUBLIC_SITE_URL",
      message: expect.stringContaining("http://portfolio.example is not https"),
    });
    const local = { ...example("vps"), NEXT_PUBLIC_SITE_URL: "http://localhost:3000" };
    expect(named(checkDeployment("vps", local), "error")).toEqual([]);
  });

  it("reports a value the site itself would refuse at start, by the same message", () => {
    const findings = checkDeployment("vps", { ...example("vps"), DATABASE_URL: "mysql://x" });
    expect(findings).toEqual([
      {
        level: "error",
        name: "DATABASE_URL",
        message:
          "Invalid environment variable DATABASE_URL: must start with postgres:// or postgresql://",
      },
    ]);
  });

  it("warns about choices worth a second look", () => {
    const findings = checkDeployment("docker", {
      ...example("docker"),
      DATA_DIR: "data",
      SMTP_URL: "",
      AUTH_SETUP_TOKEN: "",
      AUTH_SIGNUP: "open",
      DATABASE_URL: "postgres://u:p@db.example.com:5432/site",
    });
    expect(named(findings, "error")).toEqual([]);
    expect(named(findings, "warning")).toEqual([
      "DATABASE_URL",
      "SMTP_URL",
      "AUTH_SETUP_TOKEN",
      "AUTH_SIGNUP",
    ]);
    const hosted = checkDeployment("vps", {
      ...example("vps"),
      NEXT_PUBLIC_SUPABASE_URL: "https://abc.supabase.co",
      NEXT_PUBLIC_SUPABASE_ANON_KEY: "key",
    });
    expect(named(hosted, "error")).toEqual(["OWNER_EMAILS"]);
    const relative = checkDeployment("vps", { ...example("vps"), DATA_DIR: "./data" });
    expect(named(relative, "warning")).toEqual(["DATA_DIR"]);
  });

  it("reads the .env files next start reads, the environment first", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-env-files-"));
    try {
      fs.writeFileSync(path.join(dir, ".env"), "A=from-env\nB=from-env\nC=from-env\n");
      fs.writeFileSync(path.join(dir, ".env.local"), "A=from-local\nB=from-local\n");
      const target: Record<string, string | undefined> = { A: "from-environment" };
      expect(loadEnvFiles(dir, target)).toEqual([".env.local", ".env"]);
      expect(target).toEqual({ A: "from-environment", B: "from-local", C: "from-env" });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("as a command: prints each finding and exits 1 on errors, 0 without", async () => {
    const run = (...args: string[]) =>
      new Promise<{ code: number; out: string }>((resolve) => {
        execFile(
          process.execPath,
          [
            path.resolve("node_modules/tsx/dist/cli.mjs"),
            "--conditions=react-server",
            "scripts/doctor.mts",
            ...args,
          ],
          (error, stdout, stderr) =>
            resolve({ code: error ? Number(error.code) : 0, out: stdout + stderr }),
        );
      });
    const bad = await run("--target", "vercel", "--env-file", exampleOf.vps);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain("✗ error   DATABASE_URL: not set: Vercel's functions");
    expect(bad.out).toMatch(/Configuration for vercel: 3 errors, 0 warnings\.$/m);
    const good = await run("--target", "vps", "--env-file", exampleOf.vps);
    expect(good.code, good.out).toBe(0);
    expect(good.out).toContain("Configuration for vps: no problems found.");
    expect((await run("--target", "heroku")).code).toBe(2);
  }, 60_000);
});
