import { getUser } from "@/lib/auth";
import { listRestrictedProjectsOfMedia } from "@/lib/data/projects";
import { isTrashedMedia } from "@/lib/data/trash";
import { visibleToVisitor } from "@/lib/data/visibility";
import { env } from "@/lib/env";
import { readAccessCookie, unlockedProjects } from "@/lib/site/project-access";
import { contentTypeOfKey } from "@/lib/storage/local";
import { serveLocalMedia } from "@/lib/storage/serve";

type Context = { params: Promise<{ key: string[] }> };

// Not served: a trashed item's file, or a restricted one for who may not see it. Never cached by
// shared caches (a CDN must not keep the refusal for the owner either).
const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });

/**
 * Whether this request may read a file: always for a published or unlisted project's media; a
 * draft's only for the owner, a protected project's for the owner and browsers that opened it
 * (docs/spec.md §11). Pages of those projects link their images past the image optimizer, whose
 * own fetches carry no cookies, so the browser's request with its cookies comes here.
 */
async function readAccess(
  key: string,
  request: Request,
): Promise<"public" | "private" | "refused"> {
  const restricted = await listRestrictedProjectsOfMedia(key);
  if (restricted.length === 0) return "public";
  const unlocked = unlockedProjects(readAccessCookie(request.headers.get("cookie")), restricted);
  if (restricted.some((project) => visibleToVisitor(project, unlocked) === "open"))
    return "private";
  return (await getUser(request))?.isOwner ? "private" : "refused";
}

/** Locally stored media (DATA_DIR/uploads). Keys are flat, so any nested path is unknown. */
export async function GET(request: Request, { params }: Context): Promise<Response> {
  const { key } = await params;
  const name = key.length === 1 ? (key[0] ?? "") : "";
  // The files of what is in the trash are not served (docs/spec.md §10). When the database cannot
  // answer, media stay available like the cached pages that show them.
  const trashed = contentTypeOfKey(name) ? await isTrashedMedia(name).catch(() => false) : false;
  if (trashed) return notFound();
  const access = name ? await readAccess(name, request) : "public";
  if (access === "refused") return notFound();
  const response = await serveLocalMedia(env().DATA_DIR, name, request);
  // A restricted file is never for shared caches (a CDN would hand the owner's copy to anyone).
  if (access === "private") response.headers.set("Cache-Control", "private, no-store");
  return response;
}

export const HEAD = GET;
