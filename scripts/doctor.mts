// `npm run doctor -- --target vps|docker|vercel [--env-file <file>]`: checks the configuration for
// a way of hosting the site (deploy/README.md) and names each missing or unsafe setting. Reads the
// environment and the .env files `next start` reads, or only the given file. Exits 1 on errors.
import fs from "node:fs";
import { parseArgs, parseEnv } from "node:util";
import { TARGETS, checkDeployment, formatFindings, type Target } from "@/scripts/cli/doctor";
import { loadEnvFiles } from "@/scripts/cli/env-files";

const usage = `Usage: npm run doctor -- --target ${TARGETS.join("|")} [--env-file <file>]`;
const { values } = parseArgs({
  options: { target: { type: "string" }, "env-file": { type: "string" } },
  strict: true,
});
const target = values.target as Target | undefined;
if (!target || !TARGETS.includes(target)) {
  console.error(usage);
  process.exit(2);
}
let source: Record<string, string | undefined>;
const file = values["env-file"];
if (file) {
  if (!fs.existsSync(file)) {
    console.error(`No such file: ${file}\n${usage}`);
    process.exit(2);
  }
  source = parseEnv(fs.readFileSync(file, "utf8"));
  console.log(`Checking ${file} for ${target}.`);
} else {
  source = { ...process.env };
  const read = loadEnvFiles(process.cwd(), source);
  console.log(
    `Checking the environment${read.length ? ` and ${read.join(", ")}` : ""} for ${target}.`,
  );
}
const findings = checkDeployment(target, source);
console.log(formatFindings(target, findings));
process.exit(findings.some((finding) => finding.level === "error") ? 1 : 0);
