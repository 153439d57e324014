import { toVimeoPlayerUrl } from "@/lib/validation/vimeo";
import { VimeoFrame } from "./vimeo-frame";

/** The section's Vimeo embed when it has one, otherwise its uploaded video (docs/spec.md §2). */
export function SectionVideo({
  videoEmbed,
  videoUrl,
  title,
}: {
  videoEmbed: string | null;
  videoUrl: string | null;
  title: string;
}) {
  const player = videoEmbed ? toVimeoPlayerUrl(videoEmbed) : null;
  if (player) return <VimeoFrame src={player} title={`${title} (Vimeo video)`} />;
  if (!videoUrl) return null;
  return (
    <video
      controls
      preload="metadata"
      playsInline
      src={videoUrl}
      aria-label={`${title} (video)`}
      className="aspect-video w-full rounded-sm bg-black"
    >
      <a href={videoUrl}>Download the video</a>
    </video>
  );
}
