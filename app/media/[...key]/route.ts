import { env } from "@/lib/env";
import { serveLocalMedia } from "@/lib/storage/serve";

type Context = { params: Promise<{ key: string[] }> };

/** Locally stored media (DATA_DIR/uploads). Keys are flat, so any nested path is unknown. */
export async function GET(request: Request, { params }: Context): Promise<Response> {
  const { key } = await params;
  return serveLocalMedia(env().DATA_DIR, key.length === 1 ? (key[0] ?? "") : "", request);
}

export const HEAD = GET;
