import fs from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";

/** The .env files `next start` reads, in its order of precedence (Next.js's production order). */
export const ENV_FILES = [".env.production.local", ".env.local", ".env.production", ".env"];

/**
 * Adds the variables of the site's .env files to `target` the way `next start` does: a variable
 * already set in the environment wins, then the files in ENV_FILES order. (Next.js also expands
 * `$OTHER` references inside values; these files do not need that.) Returns the files read.
 */
export function loadEnvFiles(
  dir = process.cwd(),
  target: Record<string, string | undefined> = process.env,
): string[] {
  const read: string[] = [];
  for (const name of ENV_FILES) {
    const file = path.join(dir, name);
    if (!fs.existsSync(file)) continue;
    for (const [key, value] of Object.entries(parseEnv(fs.readFileSync(file, "utf8")))) {
      target[key] ??= value;
    }
    read.push(name);
  }
  return read;
}
