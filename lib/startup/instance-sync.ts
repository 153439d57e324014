import "server-only";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { listenToInstances, type InstanceListener, type InstanceMessage } from "@/lib/db/notify";
import { forgetSigningKeys } from "@/lib/auth-service/keys";
import { forgetHere } from "@/lib/storage/optimized-images";
import { releaseHeldUpload } from "@/lib/uploads/held-uploads";
import { env } from "@/lib/env";
import { TAGS } from "@/lib/cache";

type PageCache = { expireTags: (tags: string[]) => Promise<void>; dropAll: () => void };
const PAGE_CACHE = Symbol.for("portfolio.pageCache");

/**
 * A page rendered here from data read just before another server's write committed can be stored
 * just after that server's message arrived, and would then outlive it. Expiring the tags a second
 * time this much later drops such a page too (one more render of the pages involved).
 */
const SECOND_PASS_MS = 1000;

let listener: InstanceListener | null = null;

/** Called after another server changed the projects, or after messages may have been missed. */
const projectsChangedElsewhere: (() => void)[] = [];

/** Runs `callback` whenever another server's write may have changed the projects. */
export function onProjectsChangedElsewhere(callback: () => void): void {
  projectsChangedElsewhere.push(callback);
}

async function pageCache(): Promise<PageCache | undefined> {
  const shared = globalThis as typeof globalThis & { [PAGE_CACHE]?: PageCache };
  if (!shared[PAGE_CACHE]) {
    // The handler registers its hooks when loaded; Next.js loads it on the first cached page.
    const handler = pathToFileURL(path.join(process.cwd(), "cache-handler.mjs")).href;
    await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ handler);
  }
  return shared[PAGE_CACHE];
}

async function receive(message: InstanceMessage): Promise<void> {
  if (message.keys) forgetSigningKeys();
  if (typeof message.releaseUpload === "string") releaseHeldUpload(message.releaseUpload);
  const deleted = (message.forget ?? []).filter((href) => typeof href === "string");
  if (deleted.length > 0) await forgetHere(deleted);
  const tags = (message.tags ?? []).filter((tag) => typeof tag === "string");
  if (tags.length === 0) return;
  const cache = await pageCache();
  await cache?.expireTags(tags);
  setTimeout(() => void cache?.expireTags(tags), SECOND_PASS_MS).unref();
  if (tags.includes(TAGS.projects)) for (const callback of projectsChangedElsewhere) callback();
}

/**
 * With DATABASE_URL, several servers may share the database: this one listens for the others'
 * writes (cache tags to expire) and key rotations (lib/db/notify.ts), before it takes a request.
 * On PGlite there is only this process and nothing to do.
 */
export async function startInstanceSync(): Promise<void> {
  const databaseUrl = env().DATABASE_URL;
  if (!databaseUrl || listener) return;
  await pageCache();
  listener = listenToInstances(
    databaseUrl,
    (message) => {
      receive(message).catch((error: Error) =>
        console.error(`Instance sync failed: ${error.message}`),
      );
    },
    () => {
      forgetSigningKeys();
      void pageCache().then((cache) => cache?.dropAll());
      for (const callback of projectsChangedElsewhere) callback();
    },
  );
  await listener.ready;
}

/** As `revalidateTag(tag, { expire: 0 })`, where there is no App Router request to call it in. */
export async function expireTagsHere(tags: string[]): Promise<void> {
  const cache = await pageCache();
  await cache?.expireTags(tags);
}

/**
 * Expires cache tags from outside a request (a background job), where revalidateTag has no
 * request to belong to: this server's page cache directly, the other servers by message.
 */
export async function expireTagsFromBackground(tags: string[]): Promise<void> {
  await expireTagsHere(tags);
  if (env().DATABASE_URL) {
    const { notifyInstances } = await import("@/lib/db/notify");
    await notifyInstances({ tags });
  }
}

/** Stops listening (graceful shutdown). */
export async function stopInstanceSync(): Promise<void> {
  const current = listener;
  listener = null;
  await current?.close();
}
