// A fresh data directory seeded with generated projects (bench/seed.mts), for the benchmark and
// the soak: both measure a production server on data of a known shape, never on someone's site.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export function seedFreshDataDir(
  root: string,
  dataDir: string,
  projects: number,
  sectionsPerProject: number,
  options: { showcase?: boolean } = {},
): { env: NodeJS.ProcessEnv; seconds: number } {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" };
  const start = Date.now();
  execFileSync(
    "tsx",
    [
      "--conditions=react-server",
      path.join(root, "bench/seed.mts"),
      String(projects),
      String(sectionsPerProject),
      ...(options.showcase ? ["--showcase"] : []),
    ],
    { cwd: root, stdio: "inherit", env },
  );
  return { env, seconds: Math.round((Date.now() - start) / 1000) };
}
