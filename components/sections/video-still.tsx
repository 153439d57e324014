import type { Ref } from "react";
import { placeholderStyle } from "@/components/ui/placeholder-style";
import type { optimizedImage } from "@/lib/site/image-srcset";

import type { VideoShape, VideoSource } from "@/lib/site/video-sources";

export type { VideoSource };

/** What an uploaded video on a project page is drawn from (LoopVideo, PlayerVideo). */
export type UploadedVideoProps = {
  /** The best file: the only one of a video without renditions, and the download link. */
  src: string;
  /** The renditions, when there are several: the browser takes the first whose `media` fits. */
  sources?: VideoSource[];
  /** The still as the server wrote it for the width the video is drawn at (src, srcset, sizes). */
  poster: ReturnType<typeof optimizedImage> | null;
  /** The still's blur-up placeholder, drawn until the still arrives. */
  posterPlaceholder?: string | null;
  /** The video's accessible name. */
  title: string;
  /** The page's first content: the still loads at once, with high priority. */
  eager?: boolean;
  /** The box's own shape (lib/site/video-sources.ts), or none for 16:9. */
  shape?: VideoShape | null;
};

/**
 * A video's still as an `<img>` laid under the video, which is transparent until it has a frame
 * (LoopVideo, PlayerVideo). Not the video's `poster` attribute: a `poster` is one URL, loaded at
 * once and whole wherever the video is on the page. This loads lazily (at once, first, when the
 * video opens the page) from the optimizer at the width the device draws (srcset), over its
 * blur-up placeholder, fitted like the video above it.
 */
export function VideoStill({
  image,
  placeholder,
  eager,
  fit,
  ref,
  testId,
}: {
  /** The still as the server wrote it for the width the video is drawn at (src, srcset, sizes). */
  image: ReturnType<typeof optimizedImage>;
  /** The still's blur-up placeholder, drawn until it arrives. */
  placeholder: string | null;
  /** The page's first content: the still loads at once, with high priority. */
  eager: boolean;
  fit: "cover" | "contain";
  ref?: Ref<HTMLImageElement>;
  testId: string;
}) {
  return (
    // eslint-disable-next-line @next/next/no-img-element -- next/image's own markup, without its client code
    <img
      ref={ref}
      alt=""
      {...image}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      data-blur={placeholder ? "" : undefined}
      style={placeholderStyle(placeholder, fit)}
      className={`absolute inset-0 h-full w-full text-transparent ${fit === "cover" ? "object-cover" : "object-contain"}`}
      data-testid={testId}
    />
  );
}
