/**
 * Vimeo links as an owner pastes them: vimeo.com/{id}, vimeo.com/video/{id},
 * player.vimeo.com/video/{id}, an <iframe> embed code, or an unlisted vimeo.com/{id}/{hash}.
 * Only the normalised player URL is stored; pasted HTML never is.
 */
const IFRAME_SRC = /<iframe\b[^>]*?\bsrc\s*=\s*(["'])(.*?)\1/i;
const MAX_INPUT = 4000;

/** `https://player.vimeo.com/video/{id}`, with `?h={hash}` for an unlisted video, or null. */
export function normalizeVimeoUrl(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed || trimmed.length > MAX_INPUT) return null;
  const looksLikeHtml = trimmed.startsWith("<");
  const iframeSrc = IFRAME_SRC.exec(trimmed)?.[2];
  if (looksLikeHtml && !iframeSrc) return null;
  const raw = (iframeSrc ?? trimmed).replace(/&amp;/g, "&");
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(raw) ? raw : `https://${raw.replace(/^\/\//, "")}`);
  } catch {
    return null;
  }
  if (url.username || url.password || (url.port && url.port !== "443")) return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split("/").filter(Boolean);
  let id: string | undefined;
  let hash: string | undefined;
  if (host === "player.vimeo.com") {
    if (parts[0] !== "video" || parts.length !== 2) return null;
    id = parts[1];
  } else if (host === "vimeo.com" || host === "www.vimeo.com") {
    const rest = parts[0] === "video" ? parts.slice(1) : parts;
    if (rest.length < 1 || rest.length > 2) return null;
    [id, hash] = rest;
  } else {
    return null;
  }
  hash ??= url.searchParams.get("h") ?? undefined;
  if (!id || !/^\d{1,20}$/.test(id)) return null;
  if (hash !== undefined && !/^[0-9a-f]{1,64}$/i.test(hash)) return null;
  const player = `https://player.vimeo.com/video/${id}`;
  return hash ? `${player}?h=${hash.toLowerCase()}` : player;
}

/**
 * The privacy-friendly player URL the public pages embed (`dnt=1`: no tracking cookies) for a
 * stored link (the API stores the normalised player URL), or null when it is not a Vimeo video.
 */
export function toVimeoPlayerUrl(input: string): string | null {
  const normalized = normalizeVimeoUrl(input);
  if (!normalized) return null;
  const player = new URL(normalized);
  player.searchParams.set("dnt", "1");
  return player.toString();
}

/**
 * The video's own page on vimeo.com (an unlisted one's with its hash), for a stored link or a
 * player URL; null when it is not a Vimeo video. Where the play button leads before the page's
 * scripts run (components/sections/vimeo-facade.tsx).
 */
export function toVimeoWatchUrl(input: string): string | null {
  const normalized = normalizeVimeoUrl(input);
  if (!normalized) return null;
  const player = new URL(normalized);
  const id = player.pathname.split("/").at(-1);
  const hash = player.searchParams.get("h");
  return `https://vimeo.com/${id}${hash ? `/${hash}` : ""}`;
}
