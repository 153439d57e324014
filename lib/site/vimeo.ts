const VIMEO_ID = /vimeo\.com\/(?:video\/)?(\d+)/;

/**
 * The privacy-friendly player URL for a Vimeo link or player URL (`dnt=1`: no tracking cookies),
 * keeping an unlisted video's `h` hash; null when the text holds no Vimeo video id.
 */
export function toVimeoPlayerUrl(input: string): string | null {
  const match = VIMEO_ID.exec(input);
  if (!match) return null;
  const player = new URL(`https://player.vimeo.com/video/${match[1]}`);
  const hash = /[?&]h=([0-9a-f]+)/i.exec(input)?.[1];
  if (hash) player.searchParams.set("h", hash);
  player.searchParams.set("dnt", "1");
  return player.toString();
}
