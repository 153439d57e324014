import type { Section } from "@/lib/data/sections";
import { cloudinaryPlayable } from "@/lib/data/serialize";
import { toLayout } from "@/lib/domain";
import { DEFAULT_FOCAL } from "@/lib/validation/focal";
import type { SectionInitial } from "./section-form";

/** What the section form's edit mode starts from, read from a stored section. */
export function sectionInitial(section: Section): SectionInitial {
  return {
    id: section.id,
    title: section.title,
    description: section.description,
    images: section.images.map(({ url, alt, focalX, focalY }) => ({
      url,
      alt,
      focal: { x: focalX ?? DEFAULT_FOCAL.x, y: focalY ?? DEFAULT_FOCAL.y },
    })),
    video: section.videoUrl ?? "",
    videoPlayable: cloudinaryPlayable(section.videoUrl, section.videoKey, section.videoMeta),
    videoEmbed: section.videoEmbed ?? "",
    layout: toLayout(section.layout),
    playback: section.videoPlayback ?? "player",
    poster: section.posterUrl ?? "",
    trim:
      section.trimStart !== null || section.trimEnd !== null
        ? {
            start: section.trimStart ?? 0,
            end: section.trimEnd ?? section.videoMeta?.duration ?? 0,
          }
        : null,
    version: section.version,
  };
}
