import type { Strip } from "./video-frames";

/** The thumbnails along a frame slider, as wide as it (docs/media.md "Poster and trim"). */
export function FrameStripImage({ strip }: { strip: Strip | null }) {
  if (!strip) return null;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- an object URL made in the browser
    <img
      src={strip.image}
      alt=""
      data-testid="frame-strip"
      className="block h-10 w-full max-w-sm rounded-sm bg-stone-200 object-fill"
    />
  );
}
