import "server-only";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { notifyInstances } from "@/lib/db/notify";

type OptimizedImages = { forget: ((hrefs: string[]) => Promise<void>) | null };

const STATE = Symbol.for("portfolio.optimizedImages");

/**
 * Removes the optimizer's cached copies of deleted images (`/_next/image?url=<href>&w=…`), kept
 * on disk by cache-handler.mjs for 30 days, so a takedown takes effect at once. The
 * handler does the work; Next.js loads it on the first cached page or image, and if nothing has
 * loaded it yet in this process it is loaded here, so copies from before a restart go too.
 * Outside Next.js's server (CLI scripts, unit tests) there is no optimizer and nothing to do.
 */
export async function forgetOptimizedImages(hrefs: readonly string[]): Promise<void> {
  if (hrefs.length === 0) return;
  // With DATABASE_URL every server keeps its own copies (its own .next/cache): all forget them.
  // In messages of 100 URLs (~5 kB), under NOTIFY's 8,000-byte limit.
  const messages = [];
  for (let i = 0; i < hrefs.length; i += 100)
    messages.push(notifyInstances({ forget: hrefs.slice(i, i + 100) }));
  await Promise.all([forgetHere(hrefs), ...messages]);
}

/** The same on this server only (another server's message, lib/startup/instance-sync.ts). */
export async function forgetHere(hrefs: readonly string[]): Promise<void> {
  if (hrefs.length === 0) return;
  const shared = globalThis as typeof globalThis & { [STATE]?: OptimizedImages };
  if (!shared[STATE]?.forget) {
    if (process.env.NEXT_RUNTIME !== "nodejs") return;
    const handler = pathToFileURL(path.join(process.cwd(), "cache-handler.mjs")).href;
    await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ handler);
  }
  await shared[STATE]?.forget?.([...hrefs]);
}
