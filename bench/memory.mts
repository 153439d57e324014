// `tsx --conditions=react-server bench/memory.mts [--pg <url>] [--amount N] [--out file.json]`:
// the memory part of `npm run bench` on its own, run from the folder whose build it measures (so
// an older build can be measured the same way). RSS of the whole server process tree:
//   1. first start on an empty DATA_DIR, after a warm-up;   2. a restart on that directory;
//   3. 200 seeded projects: idle after the warm-up, then after the full load (with its req/s);
//   4. with --pg, the same as 3 on that (empty) PostgreSQL database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import { seedFreshDataDir } from "./fresh-data.mts";
import { restingRssMb } from "./idle.mts";
import { load } from "./load.mts";
import { treeRssMb } from "../reliability/soak-stats.mts";
import { startServer } from "../test/helpers/server.ts";

const { values } = parseArgs({
  options: {
    pg: { type: "string" },
    amount: { type: "string", default: "2000" },
    out: { type: "string" },
  },
});
const root = process.cwd();
const amount = Number(values.amount);
const log = (message: string) => console.error(`[memory] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const basePaths = ["/", "/?category=Illustration", "/about", "/reel", "/api/projects"];

async function seededRun(env: Record<string, string>) {
  const server = await startServer(env);
  try {
    const projects = (await (await fetch(`${server.url}/api/projects`)).json()).data as {
      _id: string;
    }[];
    const paths = [...basePaths, `/sections/${projects[Math.floor(projects.length / 2)]!._id}`];
    const idleMb = await restingRssMb(server, paths);
    const rps: Record<string, { rps: number; errors: number; non2xx: number }> = {};
    for (const p of ["/", "/?category=Illustration", paths.at(-1)!, "/api/projects"]) {
      const { rps: value, errors, non2xx } = await load(p, server.url + p, amount, 50);
      rps[p.startsWith("/sections/") ? "project page" : p] = { rps: value, errors, non2xx };
    }
    await sleep(3000);
    return { projects: projects.length, idleMb, afterLoadMb: treeRssMb(server.process.pid!), rps };
  } finally {
    await server.stop();
  }
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-memory-"));
try {
  log(`measuring the build in ${root}`);
  const empty = path.join(work, "empty");
  fs.mkdirSync(empty);
  let server = await startServer({ DATA_DIR: empty, DATABASE_URL: "" });
  const firstStartMb = await restingRssMb(server, basePaths);
  await server.stop();
  server = await startServer({ DATA_DIR: empty, DATABASE_URL: "" });
  const restartMb = await restingRssMb(server, basePaths);
  await server.stop();
  log(`first start ${firstStartMb} MB, restart ${restartMb} MB`);

  const seeded = path.join(work, "seeded");
  seedFreshDataDir(root, seeded, 200, 3);
  const pglite = await seededRun({ DATA_DIR: seeded, DATABASE_URL: "" });
  log(`PGlite: ${JSON.stringify(pglite)}`);

  let postgres = null;
  if (values.pg) {
    const pgData = path.join(work, "pg-media");
    fs.mkdirSync(pgData);
    const env = { ...process.env, DATA_DIR: pgData, DATABASE_URL: values.pg };
    execFileSync("tsx", ["--conditions=react-server", "bench/seed.mts", "200", "3"], {
      cwd: root,
      env,
      stdio: "inherit",
    });
    postgres = await seededRun({ DATA_DIR: pgData, DATABASE_URL: values.pg });
    log(`PostgreSQL: ${JSON.stringify(postgres)}`);
  }
  const results = {
    date: new Date().toISOString(),
    root,
    firstStartMb,
    restartMb,
    pglite,
    postgres,
  };
  console.log(JSON.stringify(results, null, 2));
  if (values.out) fs.writeFileSync(values.out, JSON.stringify(results, null, 2) + "\n");
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
