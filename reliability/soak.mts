// `npm run soak [-- --minutes 5 | --seconds 60] [-- --concurrency 8] [-- --write-every 2]`
// [-- --warmup 20] (that many seconds of the same load before the measured time): seeds a fresh data directory, builds if there is no build, starts the production server and for
// the given time sends mixed visitor reads at a bounded concurrency while the owner writes through
// the real API every few seconds. Then checks: no errors or unexpected statuses, server memory
// (RSS) flat, and the site's data and media folder exactly what the recorded writes leave.
// Writes reliability/soak-results.json (or --out); exits 1 when a check fails. Loopback only, bounded in time.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { signUp } from "../test/helpers/auth.ts";
import { OWNER_EMAIL, PASSWORD } from "../test/helpers/api-client.ts";
import {
  compareWithRecord,
  makeMedia,
  OwnerWriter,
  readSiteData,
  WriteRecord,
} from "../test/helpers/owner-writes.ts";
import { seedFreshDataDir } from "../bench/fresh-data.mts";
import { startServer } from "../test/helpers/server.ts";
import { latencyStats, rssGrowth, treeRssMb, type RssSample } from "./soak-stats.mts";

const { values } = parseArgs({
  options: {
    minutes: { type: "string" },
    seconds: { type: "string" },
    concurrency: { type: "string", default: "8" },
    "write-every": { type: "string", default: "2" },
    warmup: { type: "string", default: "0" },
    // The committed results are a full run's; `npm test`'s short form writes under out/.
    out: { type: "string", default: "reliability/soak-results.json" },
  },
});
const durationMs =
  (values.seconds ? Number(values.seconds) : Number(values.minutes ?? 5) * 60) * 1000;
const concurrency = Number(values.concurrency);
const writeEveryMs = Number(values["write-every"]) * 1000;
// Load before the measured time: a short run starts measuring memory once the heap has grown to
// its working size (a 5-minute run has minute 0 for that).
const warmupMs = Number(values.warmup) * 1000;
if (
  !(durationMs >= 10_000 && concurrency >= 1 && concurrency <= 64 && writeEveryMs >= 100) ||
  !(warmupMs >= 0)
) {
  console.error(
    "Usage: npm run soak -- [--minutes N | --seconds N ≥ 10] [--concurrency 1-64] [--warmup N]",
  );
  process.exit(2);
}
// Memory every 10 s; a short run samples more often so each comparison window has a few points.
const sampleEveryMs = Math.min(10_000, durationMs / 12);

const root = path.resolve(import.meta.dirname, "..");
const log = (message: string) => console.log(`[soak] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const dataDir = path.join(root, "reliability/out/data");
log("seeding 24 projects × 2 sections");
const { env: seededEnv } = seedFreshDataDir(root, dataDir, 24, 2);
if (!fs.existsSync(path.join(root, ".next/BUILD_ID"))) {
  log("no production build: running next build");
  execFileSync("next", ["build"], { cwd: root, env: seededEnv, stdio: "ignore" });
}

const server = await startServer({
  // startServer gives it `npm start`'s Node options: the soak measures the production set-up.
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  OWNER_EMAILS: OWNER_EMAIL,
  AUTH_SIGNUP: "open",
});
const pid = server.process.pid!;
let exitCode = 1;
try {
  const { accessToken } = await signUp(server.url, OWNER_EMAIL, PASSWORD);
  const record = new WriteRecord();
  const seeded = await readSiteData(server.url);
  for (const p of seeded.projects)
    record.projects.set(p._id, { id: p._id, title: p.title, role: p.role, cover: p.cover });
  for (const s of seeded.sections) record.sections.set(s.id, s);

  // The seeded projects are never written to, so every read below must answer 200.
  const ids = seeded.projects.map((p) => p._id);
  const categories = ["Photography", "Illustration", "Motion Design", "Frame by Frame"];
  const reads: { kind: "page" | "api" | "media"; path: string }[] = [
    { kind: "page", path: "/" },
    ...categories.map((c) => ({
      kind: "page" as const,
      path: `/?category=${encodeURIComponent(c)}`,
    })),
    ...ids.slice(0, 8).map((id) => ({ kind: "page" as const, path: `/sections/${id}` })),
    { kind: "page", path: "/about" },
    { kind: "page", path: "/reel" },
    { kind: "api", path: "/api/projects" },
    { kind: "api", path: "/api/projects/counts" },
    { kind: "api", path: "/api/projects/filter?category=Illustration" },
    ...ids.slice(0, 4).map((id) => ({ kind: "api" as const, path: `/api/projects/${id}` })),
    ...ids.slice(0, 4).map((id) => ({ kind: "api" as const, path: `/api/sections/${id}` })),
    ...seeded.sections
      .slice(0, 6)
      .flatMap((s) => s.images)
      .map((url) => ({ kind: "media" as const, path: url })),
  ];
  for (const read of reads)
    for (let i = 0; i < 2; i++) await (await fetch(server.url + read.path)).arrayBuffer();

  const latencies = { page: [] as number[], api: [] as number[], media: [] as number[] };
  const unexpected: string[] = [];
  const errors: string[] = [];
  const samples: RssSample[] = [];
  const started = Date.now() + warmupMs;
  const deadline = started + durationMs;
  const sample = () =>
    samples.push({ seconds: (Date.now() - started) / 1000, rssMb: treeRssMb(pid) });
  sample();
  const sampler = setInterval(sample, sampleEveryMs);

  let next = 0;
  const visitor = async () => {
    while (Date.now() < deadline) {
      const read = reads[next++ % reads.length]!;
      const t0 = performance.now();
      try {
        const response = await fetch(server.url + read.path);
        await response.arrayBuffer();
        latencies[read.kind].push(performance.now() - t0);
        if (response.status !== 200) unexpected.push(`${read.path}: ${response.status}`);
      } catch (error) {
        errors.push(`${read.path}: ${(error as Error).message}`);
      }
    }
  };

  class Stop extends Error {}
  const media = await makeMedia(512 * 1024);
  const writer = new OwnerWriter(
    () => server.url,
    accessToken,
    media,
    record,
    async () => {
      await sleep(writeEveryMs);
      if (Date.now() >= deadline) throw new Stop();
    },
  );
  const owner = async () => {
    try {
      for (let round = 0; ; round++) await writer.cycle(round);
    } catch (error) {
      if (!(error instanceof Stop)) errors.push(`owner write: ${(error as Error).message}`);
    }
  };

  log(
    `running ${warmupMs / 1000} s warm-up + ${durationMs / 1000} s: ${concurrency} visitors, an owner write every ${writeEveryMs / 1000} s`,
  );
  const progress = setInterval(() => {
    const done = latencies.page.length + latencies.api.length + latencies.media.length;
    log(
      `${Math.round((Date.now() - started) / 1000)} s: ${done} reads, ${record.log.length} writes, RSS ${samples.at(-1)?.rssMb} MB`,
    );
  }, 30_000);
  await Promise.all([owner(), ...Array.from({ length: concurrency }, visitor)]);
  clearInterval(progress);
  clearInterval(sampler);
  sample();
  const elapsedSeconds = (Date.now() - started + warmupMs) / 1000;

  // Afterwards: the API shows exactly the recorded writes, every media URL it names is served,
  // and the media folder holds those files and nothing else (deletes removed theirs).
  const site = await readSiteData(server.url);
  const dataProblems = compareWithRecord(site, record);
  const urls = [
    ...site.projects.flatMap((p) => [p.cover, ...(p.coverVideo ? [p.coverVideo] : [])]),
    ...site.sections.flatMap((s) => [
      ...s.images,
      ...(s.video ? [s.video] : []),
      ...(s.poster ? [s.poster] : []),
    ]),
  ];
  for (const url of urls) {
    const response = await fetch(server.url + url, { method: "HEAD" });
    if (response.status !== 200) dataProblems.push(`${url}: ${response.status}`);
  }
  const files = fs.readdirSync(path.join(dataDir, "uploads")).sort();
  const named = urls.map((url) => url.replace("/media/", "")).sort();
  if (JSON.stringify(files) !== JSON.stringify(named))
    dataProblems.push(`media folder holds ${files.length} files, records name ${named.length}`);

  const all = [...latencies.page, ...latencies.api, ...latencies.media];
  const memory = rssGrowth(samples, durationMs / 1000);
  const writesByOp: Record<string, number> = {};
  for (const entry of record.log) writesByOp[entry.op] = (writesByOp[entry.op] ?? 0) + 1;
  const checks = {
    noErrors: errors.length === 0,
    noUnexpectedStatuses: unexpected.length === 0 && record.failures.length === 0,
    rssGrowthWithin10Percent: memory.growthPercent <= 10,
    dataMatchesWrites: dataProblems.length === 0,
  };
  const results = {
    date: new Date().toISOString(),
    durationSeconds: Math.round(elapsedSeconds),
    warmupSeconds: warmupMs / 1000,
    concurrency,
    reads: {
      total: all.length,
      perSecond: Math.round(all.length / elapsedSeconds),
      all: latencyStats(all),
      pages: latencyStats(latencies.page),
      api: latencyStats(latencies.api),
      media: latencyStats(latencies.media),
    },
    writes: {
      total: record.log.length,
      byOp: writesByOp,
      latency: latencyStats(record.log.map((entry) => entry.ms)),
      projectsAtEnd: site.projects.length,
      sectionsAtEnd: site.sections.length,
      mediaFilesAtEnd: files.length,
    },
    memory: { sampleEverySeconds: sampleEveryMs / 1000, ...memory, samples },
    errors: errors.slice(0, 20),
    unexpected: [...unexpected, ...record.failures].slice(0, 20),
    dataProblems: dataProblems.slice(0, 20),
    checks,
  };
  fs.writeFileSync(path.resolve(root, values.out), `${JSON.stringify(results, null, 2)}\n`);

  log(
    `reads: ${all.length} (${results.reads.perSecond}/s), p50 ${results.reads.all.p50} ms, p99 ${results.reads.all.p99} ms, max ${results.reads.all.max} ms`,
  );
  for (const kind of ["pages", "api", "media"] as const)
    log(
      `  ${kind}: ${results.reads[kind].count}, p50 ${results.reads[kind].p50} ms, p99 ${results.reads[kind].p99} ms`,
    );
  log(
    `writes: ${record.log.length} (${Object.entries(writesByOp)
      .map(([op, n]) => `${n} ${op}`)
      .join(", ")}), p50 ${results.writes.latency.p50} ms, p99 ${results.writes.latency.p99} ms`,
  );
  log(`RSS: ${samples.map((s) => s.rssMb).join(" ")} MB`);
  log(`RSS growth: ${memory.growthPercent} % (${memory.method})`);
  log(
    `errors ${errors.length}, unexpected statuses ${unexpected.length + record.failures.length}, data problems ${dataProblems.length}`,
  );
  for (const line of [...errors, ...unexpected, ...record.failures, ...dataProblems].slice(0, 10))
    log(`  ${line}`);
  const failed = Object.entries(checks)
    .filter(([, passed]) => !passed)
    .map(([name]) => name);
  log(failed.length === 0 ? "all checks passed" : `FAILED: ${failed.join(", ")}`);
  exitCode = failed.length === 0 ? 0 : 1;
} finally {
  await server.stop();
}
process.exit(exitCode);
