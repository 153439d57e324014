import { z } from "zod";
import { fieldTooLong, invalidCharacters, messages } from "./messages";
import { SECTION_LIMITS } from "./limits";
import { isStorableText } from "./text";
import { normalizeVimeoUrl } from "./vimeo";

export { SECTION_LIMITS };

/**
 * How an uploaded video plays (issue 18 item 3): "player" (controls, docs/spec.md §2) or "loop"
 * (muted, looping, no controls, started only in view and never under reduced motion).
 */
export const VIDEO_PLAYBACKS = ["player", "loop"] as const;
export type VideoPlayback = (typeof VIDEO_PLAYBACKS)[number];
export const DEFAULT_PLAYBACK: VideoPlayback = "player";

/**
 * A section form's text fields (multipart values are lists; single fields take the first).
 * `videoEmbed` is undefined when not sent, null when sent empty (cleared), else the player URL.
 */
export type SectionFields = {
  title?: string;
  description?: string;
  videoEmbed: string | null | undefined;
  alts: string[];
  removeResources: string[];
  removeVideo: boolean;
  /** Undefined when not sent (kept on edit, "player" on add). */
  playback?: VideoPlayback;
};

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: fieldTooLong(label, max) })
    .refine(isStorableText, { error: invalidCharacters(label) })
    .optional();

const sectionFieldsSchema = z.object({
  title: optionalText("Title", SECTION_LIMITS.title),
  description: optionalText("Description", SECTION_LIMITS.description),
  videoEmbed: z.string().optional(),
  resourceAlts: z.array(
    z
      .string()
      .trim()
      .max(SECTION_LIMITS.alt, { error: fieldTooLong("Alt text", SECTION_LIMITS.alt) })
      .refine(isStorableText, { error: invalidCharacters("Alt text") }),
  ),
  removeResources: z.array(z.string()),
  removeVideo: z.boolean(),
  playback: z.enum(VIDEO_PLAYBACKS, { error: messages.invalidPlayback }).optional(),
});

/** Validates a section form; `mode` picks the add or edit wording of the Vimeo message (docs/spec.md §5). */
export function parseSectionFields(
  fields: Record<string, string[] | undefined>,
  mode: "add" | "edit",
): { ok: true; value: SectionFields } | { ok: false; message: string } {
  const result = sectionFieldsSchema.safeParse({
    title: fields.title?.[0],
    description: fields.description?.[0],
    videoEmbed: fields.videoEmbed?.[0],
    resourceAlts: fields.resourceAlts ?? [],
    // One URL per value: Cloudinary URLs may contain commas (w_100,h_100).
    removeResources: (fields.removeResources ?? []).map((value) => value.trim()).filter(Boolean),
    removeVideo: fields.removeVideo?.[0] === "true",
    playback: fields.playback?.[0],
  });
  if (!result.success)
    return { ok: false, message: result.error.issues[0]?.message ?? messages.invalidForm };
  const { videoEmbed: rawEmbed, resourceAlts, playback, ...rest } = result.data;
  let videoEmbed: string | null | undefined = undefined;
  if (rawEmbed !== undefined) {
    videoEmbed = rawEmbed.trim() === "" ? null : normalizeVimeoUrl(rawEmbed);
    if (videoEmbed === null && rawEmbed.trim() !== "") {
      return {
        ok: false,
        message: mode === "add" ? messages.invalidVimeoAdd : messages.invalidVimeoEdit,
      };
    }
  }
  const value: SectionFields = { ...rest, videoEmbed, alts: resourceAlts };
  if (playback !== undefined) value.playback = playback;
  return { ok: true, value };
}
