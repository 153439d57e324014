import "server-only";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { env } from "@/lib/env";
import { getStorage, type StoredMedia } from "@/lib/storage";
import { makePlaceholder } from "@/lib/uploads/placeholder";
import { MAX_IMAGE_PIXELS, posterRule, type MediaType } from "@/lib/validation/uploads";
import { normalizeVimeoUrl } from "@/lib/validation/vimeo";

/**
 * The whole look-up's budget, oEmbed answer and image together: a save that asks for a thumbnail
 * waits at most this long for Vimeo (docs/media.md#vimeo-thumbnails), then saves without.
 */
export const THUMBNAIL_TIMEOUT_MS = 3000;

/** Where Vimeo serves thumbnails; an oEmbed answer naming another host is not followed. */
const VIMEO_IMAGE_HOST = "i.vimeocdn.com";

/** The public page of a stored Vimeo player URL, as oEmbed asks for it (with an unlisted hash). */
function vimeoPage(link: string): string | null {
  const player = normalizeVimeoUrl(link);
  if (!player) return null;
  const url = new URL(player);
  const id = url.pathname.split("/").pop();
  const hash = url.searchParams.get("h");
  return `https://vimeo.com/${id}${hash ? `/${hash}` : ""}`;
}

/** A response's body, refused once it passes `maxBytes` (a missing or false length is no help). */
async function readCapped(response: Response, maxBytes: number): Promise<Buffer | null> {
  if (!response.body) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
}

/** The thumbnail's URL from the oEmbed endpoint, when it answers with one on an allowed host. */
async function thumbnailUrl(page: string, signal: AbortSignal): Promise<URL | null> {
  const endpoint = new URL(env().VIMEO_OEMBED_URL);
  endpoint.searchParams.set("url", page);
  // Vimeo scales the thumbnail to the width asked for: a still as wide as the site's largest column.
  endpoint.searchParams.set("width", "1920");
  const response = await fetch(endpoint, { signal, redirect: "error" });
  if (!response.ok) return null;
  const body = await readCapped(response, 64 * 1024);
  const data: unknown = body ? JSON.parse(body.toString("utf8")) : null;
  const raw = (data as { thumbnail_url?: unknown } | null)?.thumbnail_url;
  if (typeof raw !== "string") return null;
  const url = new URL(raw);
  const allowed =
    (url.protocol === "https:" && url.hostname === VIMEO_IMAGE_HOST) ||
    url.origin === endpoint.origin;
  return allowed ? url : null;
}

/**
 * Stores Vimeo's thumbnail of a video as a poster, like an uploaded one (the poster rules: jpeg,
 * png or gif by its bytes, at most 5 MB; a blur-up placeholder), or answers null when Vimeo is
 * not reachable within THUMBNAIL_TIMEOUT_MS, answers without one, or sends something else: the
 * video then shows as before, without a poster. Never throws.
 */
export async function storeVimeoThumbnail(link: string): Promise<StoredMedia | null> {
  const page = vimeoPage(link);
  if (!page) return null;
  const signal = AbortSignal.timeout(THUMBNAIL_TIMEOUT_MS);
  try {
    const url = await thumbnailUrl(page, signal);
    if (!url) return null;
    const response = await fetch(url, {
      signal,
      redirect: "error",
      headers: { Accept: posterRule.types.join(",") },
    });
    const buffer = response.ok ? await readCapped(response, posterRule.maxBytes) : null;
    if (!buffer) return null;
    const type = (await fileTypeFromBuffer(buffer))?.mime as MediaType | undefined;
    if (!type || !posterRule.types.includes(type)) return null;
    const { width, height, pages } = await sharp(buffer, { limitInputPixels: false }).metadata();
    if (!width || !height || width * height * (pages ?? 1) > MAX_IMAGE_PIXELS) return null;
    const placeholder = await makePlaceholder(buffer);
    const media = await getStorage().put({
      buffer,
      contentType: type,
      kind: "image",
      width,
      height,
    });
    return { ...media, placeholder };
  } catch (error) {
    console.warn(`No Vimeo thumbnail for ${page}: ${(error as Error).message}`);
    return null;
  }
}
