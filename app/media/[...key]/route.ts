import { isTrashedMedia } from "@/lib/data/trash";
import { env } from "@/lib/env";
import { contentTypeOfKey } from "@/lib/storage/local";
import { serveLocalMedia } from "@/lib/storage/serve";

type Context = { params: Promise<{ key: string[] }> };

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
  });

/** Locally stored media (DATA_DIR/uploads). Keys are flat, so any nested path is unknown. */
export async function GET(request: Request, { params }: Context): Promise<Response> {
  const { key } = await params;
  const name = key.length === 1 ? (key[0] ?? "") : "";
  // The files of what is in the trash are not served (docs/spec.md §10). When the database cannot
  // answer, media stay available like the cached pages that show them.
  const trashed = contentTypeOfKey(name) ? await isTrashedMedia(name).catch(() => false) : false;
  if (trashed) return notFound();
  return serveLocalMedia(env().DATA_DIR, name, request);
}

export const HEAD = GET;
