import { toVimeoPlayerUrl } from "@/lib/validation/vimeo";
import { SectionImages } from "./section-images";
import { SectionVideo, type SectionRendition } from "./section-video";
import type { ViewerImage, ViewerVideo } from "./image-viewer";
import type { SectionLayout, VideoPlayback } from "@/lib/domain";

export type SectionViewData = {
  id: string;
  title: string;
  description: string;
  images: ViewerImage[];
  videoUrl: string | null;
  /** An encoded video's renditions, smallest first (none before encoding). */
  videoRenditions?: SectionRendition[];
  /** The uploaded video's picture size, when known: its box takes that shape. */
  videoSize?: { width: number; height: number } | null;
  videoEmbed: string | null;
  layout?: SectionLayout;
  playback?: VideoPlayback;
  poster?: string | null;
  /** The poster's blur-up placeholder. */
  posterPlaceholder?: string | null;
};

/** One project section: title, description, image grid and video. `ownerActions` is the owner UI's slot. */
export function SectionView({
  section,
  projectTitle,
  eager = false,
  ownerActions,
  maxWidth,
}: {
  section: SectionViewData;
  projectTitle: string;
  eager?: boolean;
  ownerActions?: React.ReactNode;
  /** The page column's largest width (lib/site/content-width.ts), for `sizes`. */
  maxWidth?: string;
}) {
  const headingId = `section-${section.id}`;
  const videoTitle = section.title || projectTitle;
  const player = section.videoEmbed ? toVimeoPlayerUrl(section.videoEmbed) : null;
  // The same video as SectionVideo shows below the images, for the viewer's sequence.
  const video: ViewerVideo | null = player
    ? { kind: "vimeo", src: player, title: `${videoTitle} (Vimeo video)` }
    : section.videoUrl
      ? { kind: "video", url: section.videoUrl, title: `${videoTitle} (video)` }
      : null;
  return (
    <section
      aria-labelledby={section.title ? headingId : undefined}
      aria-label={section.title ? undefined : `${projectTitle} section`}
      className="flex flex-col gap-6"
      data-testid="project-section"
    >
      {section.title || section.description || ownerActions ? (
        <div className="flex items-start justify-between gap-6">
          <div className="max-w-2xl">
            {section.title ? (
              <h2 id={headingId} className="text-2xl font-semibold tracking-tight">
                {section.title}
              </h2>
            ) : null}
            {section.description ? (
              <p className="text-muted mt-3 leading-relaxed whitespace-pre-line">
                {section.description}
              </p>
            ) : null}
          </div>
          {ownerActions ? <div className="flex shrink-0 gap-2">{ownerActions}</div> : null}
        </div>
      ) : null}
      {section.images.length > 0 ? (
        <SectionImages
          images={section.images}
          video={video}
          eager={eager}
          layout={section.layout}
          maxWidth={maxWidth}
        />
      ) : null}
      <SectionVideo
        videoEmbed={section.videoEmbed}
        videoUrl={section.videoUrl}
        videoRenditions={section.videoRenditions}
        videoSize={section.videoSize}
        playback={section.playback}
        poster={section.poster}
        posterPlaceholder={section.posterPlaceholder}
        title={videoTitle}
        maxWidth={maxWidth}
        eager={eager && section.images.length === 0}
      />
    </section>
  );
}
