// The end-of-run check of scripts/test.sh: lists every live process that carries this run's
// PORTFOLIO_TEST_RUN marker (everything `npm test` started inherits it), apart from this check and
// the processes it runs under. Gives them GRACE_MS to go, then kills their process groups, prints
// them and exits 1. Linux only (reads /proc).
import fs from "node:fs";

const GRACE_MS = 10_000;
const run = process.env.PORTFOLIO_TEST_RUN;
if (!run) {
  console.error("leftover-processes: PORTFOLIO_TEST_RUN is not set");
  process.exit(2);
}
const marker = `PORTFOLIO_TEST_RUN=${run}`;

function stat(pid) {
  const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { state: fields[0], ppid: Number(fields[1]), pgid: Number(fields[2]) };
}

/** This process and its ancestors (the test script, npm): they are still running, by design. */
const mine = new Set();
for (let pid = process.pid; pid > 1; pid = stat(pid).ppid) mine.add(pid);

function leftovers() {
  const found = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || mine.has(Number(entry))) continue;
    try {
      const { state, pgid } = stat(entry);
      if (state === "Z" || state === "X") continue;
      if (!fs.readFileSync(`/proc/${entry}/environ`, "utf8").split("\0").includes(marker)) continue;
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ");
      found.push({ pid: Number(entry), pgid, command: command.trim() });
    } catch {
      // Exited while being read, or not this user's to read.
    }
  }
  return found;
}

const deadline = Date.now() + GRACE_MS;
let left = leftovers();
while (left.length > 0 && Date.now() < deadline) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  left = leftovers();
}
if (left.length === 0) {
  console.log("No process started by the tests is still running.");
  process.exit(0);
}
console.error(`${left.length} process(es) started by the tests were still running (now killed):`);
for (const { pid, pgid, command } of left) {
  console.error(`  pid ${pid} (group ${pgid}): ${command}`);
  for (const target of mine.has(pgid) ? [pid] : [-pgid, pid]) {
    try {
      process.kill(target, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
}
process.exit(1);
