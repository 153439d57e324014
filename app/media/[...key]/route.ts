import fs from "node:fs/promises";
import { getUser } from "@/lib/auth";
import { reportDatabaseError } from "@/lib/db/availability";
import { listMediaHolders, type MediaHolder } from "@/lib/data/media-access";
import { visibleToVisitor } from "@/lib/data/visibility";
import { env } from "@/lib/env";
import { readAccessCookie, unlockedProjects } from "@/lib/site/project-access";
import { getReviewLinkByToken, linkState } from "@/lib/data/review-links";
import { readReviewCookie, reviewUnlocked } from "@/lib/site/review-access";
import { RETRY_AFTER_SECONDS } from "@/lib/site/unavailable-page";
import { contentTypeOfKey, localPath } from "@/lib/storage/local";
import { serveLocalMedia } from "@/lib/storage/serve";

type Context = { params: Promise<{ key: string[] }> };

const NOT_CACHED = {
  "Content-Type": "text/plain; charset=utf-8",
  "Cache-Control": "private, no-store",
  "X-Content-Type-Options": "nosniff",
};

// Not served: a trashed item's file, or a restricted one for who may not see it. Never cached by
// shared caches (a CDN must not keep the refusal for the owner either).
const notFound = () => new Response("Not found", { status: 404, headers: NOT_CACHED });

// When the database cannot say whether a file is restricted, it is not served: a draft's or a
// protected project's files must not leak during an outage (docs/operations.md).
const unavailable = () =>
  new Response("Temporarily unavailable", {
    status: 503,
    headers: { ...NOT_CACHED, "Retry-After": String(RETRY_AFTER_SECONDS) },
  });

/**
 * Whether this request may read a file: anyone a live published or unlisted project's media; nobody
 * a trashed item's (docs/spec.md §10); a draft's only the owner, a protected project's the owner and
 * browsers that opened it (§11). Pages of those projects link their images past the image
 * optimizer, whose own fetches carry no cookies, so the browser's request with its cookies comes here.
 */
async function readAccess(
  holders: MediaHolder[],
  request: Request,
): Promise<"public" | "private" | "refused"> {
  if (holders.length === 0) return "public";
  if (holders.some((holder) => holder.trashed)) return "refused";
  const restricted = holders.map((holder) => holder.project);
  const unlocked = unlockedProjects(readAccessCookie(request.headers.get("cookie")), restricted);
  if (restricted.some((project) => visibleToVisitor(project, unlocked) === "open"))
    return "private";
  if (await openedByReviewLink(request, restricted)) return "private";
  return (await getUser(request))?.isOwner ? "private" : "refused";
}

/**
 * A review page links its files with `?review=<token>` (docs/spec.md §13): the file is served when
 * that link is live, opened by this browser (its cookie, for a password link) and shows one of
 * the file's projects. The token opens that link's projects' files and nothing else.
 */
async function openedByReviewLink(
  request: Request,
  restricted: { id: string }[],
): Promise<boolean> {
  const token = new URL(request.url).searchParams.get("review");
  if (!token) return false;
  const link = await getReviewLinkByToken(token);
  if (!link || linkState(link) !== "open") return false;
  if (!reviewUnlocked(readReviewCookie(request.headers.get("cookie")), link)) return false;
  return restricted.some((project) => link.projectIds.includes(project.id));
}

/** Locally stored media (DATA_DIR/uploads). Keys are flat, so any nested path is unknown. */
export async function GET(request: Request, { params }: Context): Promise<Response> {
  const { key } = await params;
  const name = key.length === 1 ? (key[0] ?? "") : "";
  // A name that is not a media file's is never stored: no database question for it.
  if (!contentTypeOfKey(name)) return serveLocalMedia(env().DATA_DIR, name, request);
  // Nor for a key with no stored file: made-up keys, and the image optimizer's fetches of them,
  // cost a file lookup, not a query (a third of a cached page's requests a second with one).
  const file = localPath(env().DATA_DIR, name);
  if (
    !file ||
    !(await fs.access(file).then(
      () => true,
      () => false,
    ))
  )
    return serveLocalMedia(env().DATA_DIR, name, request);
  let holders: MediaHolder[];
  try {
    holders = await listMediaHolders(name);
  } catch (error) {
    reportDatabaseError(error);
    console.error("Media access check failed:", (error as Error).message);
    return unavailable();
  }
  const access = await readAccess(holders, request);
  if (access === "refused") return notFound();
  const response = await serveLocalMedia(env().DATA_DIR, name, request);
  // A restricted file is never for shared caches (a CDN would hand the owner's copy to anyone).
  if (access === "private") response.headers.set("Cache-Control", "private, no-store");
  return response;
}

export const HEAD = GET;
