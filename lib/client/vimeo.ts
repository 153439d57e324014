/**
 * Vimeo links as the owner pastes them: vimeo.com/{id}, vimeo.com/video/{id},
 * player.vimeo.com/video/{id}, an <iframe> embed code, or an unlisted vimeo.com/{id}/{hash}.
 * Only the normalised player URL is ever sent or stored, never the pasted HTML.
 */
import { messages } from "@/lib/validation/messages";

export const invalidVimeoAdd = messages.invalidVimeoAdd;
export const invalidVimeoEdit = messages.invalidVimeoEdit;

const IFRAME_SRC = /<iframe\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/i;

/** The player URL (`https://player.vimeo.com/video/{id}`, `?h={hash}` when unlisted), or null. */
export function normalizeVimeoUrl(input: string): string | null {
  const trimmed = input.trim();
  const src = IFRAME_SRC.exec(trimmed)?.[1] ?? trimmed;
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(src) ? src : `https://${src.replace(/^\/\//, "")}`);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  const parts = url.pathname.split("/").filter(Boolean);
  let id: string | undefined;
  let hash: string | undefined;
  if (host === "player.vimeo.com" && parts[0] === "video") {
    [, id] = parts;
    hash = url.searchParams.get("h") ?? undefined;
  } else if (host === "vimeo.com") {
    const rest = parts[0] === "video" ? parts.slice(1) : parts;
    [id, hash] = rest;
    hash ??= url.searchParams.get("h") ?? undefined;
  }
  if (!id || !/^\d+$/.test(id)) return null;
  const player = `https://player.vimeo.com/video/${id}`;
  return hash && /^[0-9a-f]+$/i.test(hash) ? `${player}?h=${hash}` : player;
}
