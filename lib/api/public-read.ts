import "server-only";
import { unstable_cache } from "next/cache";
import { readClientAddress } from "@/lib/auth-service/http";
import type { Viewer } from "@/lib/data/serialize";
import { TokenBuckets, type BucketRule } from "@/lib/http/token-bucket";
import { fail, jsonResponse } from "./respond";

/**
 * Reads that reach the database for a visitor, per client address: a cache miss of a public read
 * (the first visitor after a write, an unknown id, a protected project's sections). A person
 * browsing makes a handful per page; a script walking made-up ids meets the limit within seconds
 * and gets 429 (docs/security.md#rate-limits).
 */
const UNCACHED_READS: BucketRule = { burst: 120, requests: 300, perSeconds: 60 };
const TOO_MANY_READS = "Too many requests, try again in a minute";

const buckets = new TokenBuckets();

class TooManyReads extends Error {}

/** Takes one uncached read from the client address's budget, or throws. */
function spendUncachedRead(address: string): void {
  if (!buckets.take(address, UNCACHED_READS)) throw new TooManyReads();
}

const LIMITED = Symbol("limited");

/**
 * The JSON text of a visitor's read, kept whole in Next.js's data cache under `key` and `tags`
 * until a write expires those tags (lib/cache.ts), on every server of the site. Only a miss runs
 * `read`, and each miss spends one of the address's uncached reads: LIMITED when none is left.
 * A read that throws (a 404) or finds nothing to keep (null) is not kept.
 */
async function cachedText(
  request: Request,
  key: string[],
  tags: string[],
  read: () => Promise<string | null>,
): Promise<string | null | typeof LIMITED> {
  // Read here: the request's headers cannot be read inside the cached function.
  const address = readClientAddress(request);
  try {
    return await unstable_cache(
      async () => {
        spendUncachedRead(address);
        return read();
      },
      ["public-read", ...key],
      { tags },
    )();
  } catch (error) {
    if (error instanceof TooManyReads) return LIMITED;
    throw error;
  }
}

/**
 * A public read's answer: the owner's (which holds drafts) read afresh every time, anyone else's
 * from the cache (cachedText), 429 past the address's budget of uncached reads.
 */
export async function publicRead(
  request: Request,
  viewer: Viewer,
  key: string[],
  tags: string[],
  read: () => Promise<string>,
): Promise<Response> {
  if (viewer.owner) return jsonResponse(await read());
  const body = await cachedText(request, key, tags, read);
  if (body === LIMITED) return tooManyReads();
  return jsonResponse(body!);
}

/**
 * A visitor's read that is public only for some keys (a project's sections: a published or
 * unlisted project's). `read` answers null when the key is not public (that miss spent the
 * address's uncached read); the caller then answers per request.
 */
export async function publicReadIfPublic(
  request: Request,
  key: string[],
  tags: string[],
  read: () => Promise<string | null>,
): Promise<Response | null> {
  const body = await cachedText(request, key, tags, read);
  if (body === LIMITED) return tooManyReads();
  return body === null ? null : jsonResponse(body);
}

/** 429 with the envelope, for a read over the address's budget. */
function tooManyReads(): Response {
  return fail(429, TOO_MANY_READS, { "Retry-After": "30" });
}
