import { z } from "zod";
import { VIDEO_PLAYBACKS, type VideoPlayback } from "@/lib/domain";
import { fieldTooLong, invalidCharacters, messages } from "./messages";
import { SECTION_LIMITS } from "./limits";
import { isStorableText } from "./text";
import { normalizeVimeoUrl } from "./vimeo";
import { layoutSchema } from "./layout";
import type { SectionLayout } from "@/lib/domain";
import { invalidFocalMessage, type Focal } from "./focal";
import { focalSchema } from "./project";
import { parseSeconds, timingMessages, trimProblem } from "./video-timing";

const unit = z
  .number({ error: invalidFocalMessage })
  .min(0, { error: invalidFocalMessage })
  .max(1, { error: invalidFocalMessage });

/** A focal point as JSON numbers (the `existingImages` field). */
const focalNumbers = { focalX: unit, focalY: unit };

export { SECTION_LIMITS };

/**
 * A section form's text fields (multipart values are lists; single fields take the first).
 * `videoEmbed` is undefined when not sent, null when sent empty (cleared), else the player URL.
 */
export type SectionFields = {
  title?: string;
  description?: string;
  videoEmbed: string | null | undefined;
  alts: string[];
  /** One per new image, in order (`resourceFocals`); an image without one gets the centre. */
  focals: Focal[];
  removeResources: string[];
  removeVideo: boolean;
  /**
   * PUT only: removes the section's poster; an uploaded video then gets the generated
   * still again, a Vimeo link shows none. False when not sent.
   */
  removePoster: boolean;
  /**
   * PUT only (`existingImages`): the stored images to keep, in their new
   * order, with their alt text and focal point; undefined when not sent (all kept as they are).
   */
  existingImages?: ExistingImageEdit[];
  /** Undefined when not sent (add: grid; edit: unchanged). */
  layout?: SectionLayout;
  /** Undefined when not sent (kept on edit, "player" on add). */
  playback?: VideoPlayback;
  /**
   * docs/media.md "Poster and trim": seconds into the uploaded video; undefined when not sent,
   * null when sent empty (posterTime: the first non-black frame; trim: the default bound).
   */
  posterTime?: number | null;
  trimStart?: number | null;
  trimEnd?: number | null;
};

export type ExistingImageEdit = { url: string; alt: string; focalX: number; focalY: number };

export const invalidExistingImagesMessage =
  "Invalid existingImages: send a JSON list of { url, alt, focalX, focalY }";

export function unknownExistingImage(url: string): string {
  return `Unknown image in existingImages: ${url}`;
}

export function duplicateExistingImage(url: string): string {
  return `Duplicate image in existingImages: ${url}`;
}

const altText = z
  .string({ error: invalidExistingImagesMessage })
  .trim()
  .max(SECTION_LIMITS.alt, { error: fieldTooLong("Alt text", SECTION_LIMITS.alt) })
  .refine(isStorableText, { error: invalidCharacters("Alt text") });

const existingImagesSchema = z
  .array(
    z.object(
      {
        url: z.string({ error: invalidExistingImagesMessage }).min(1, {
          error: invalidExistingImagesMessage,
        }),
        alt: altText,
        ...focalNumbers,
      },
      { error: invalidExistingImagesMessage },
    ),
    { error: invalidExistingImagesMessage },
  )
  .superRefine((images, ctx) => {
    const seen = new Set<string>();
    for (const image of images) {
      if (seen.has(image.url))
        ctx.addIssue({ code: "custom", message: duplicateExistingImage(image.url) });
      seen.add(image.url);
    }
  });

/** Reads the `existingImages` field: JSON text, then the list's schema. */
const existingImagesField = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(value);
    } catch {
      ctx.addIssue({ code: "custom", message: invalidExistingImagesMessage });
      return z.NEVER;
    }
    const result = existingImagesSchema.safeParse(json);
    if (!result.success) {
      ctx.addIssue({
        code: "custom",
        message: result.error.issues[0]?.message ?? invalidExistingImagesMessage,
      });
      return z.NEVER;
    }
    return result.data;
  });

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
  resourceAlts: z.array(altText),
  resourceFocals: z.array(focalSchema),
  removeResources: z.array(z.string()),
  removeVideo: z.boolean(),
  removePoster: z
    .enum(["true", "false"], { error: messages.invalidRemovePoster })
    .optional()
    .transform((value) => value === "true"),
  existingImages: existingImagesField,
  layout: layoutSchema.optional(),
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
    resourceFocals: fields.resourceFocals ?? [],
    // One URL per value: Cloudinary URLs may contain commas (w_100,h_100).
    removeResources: (fields.removeResources ?? []).map((value) => value.trim()).filter(Boolean),
    removeVideo: fields.removeVideo?.[0] === "true",
    removePoster: fields.removePoster?.[0],
    layout: fields.layout?.[0]?.trim(),
    existingImages: fields.existingImages?.[0],
    playback: fields.playback?.[0],
  });
  if (!result.success)
    return { ok: false, message: result.error.issues[0]?.message ?? messages.invalidForm };
  const {
    videoEmbed: rawEmbed,
    resourceAlts,
    resourceFocals,
    layout,
    existingImages,
    playback,
    ...rest
  } = result.data;
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
  const value: SectionFields = {
    ...rest,
    videoEmbed,
    alts: resourceAlts,
    focals: resourceFocals,
    ...(layout ? { layout } : {}),
    ...(existingImages ? { existingImages } : {}),
  };
  if (playback !== undefined) value.playback = playback;
  const posterTime = parseSeconds(fields.posterTime?.[0]);
  if (posterTime === "invalid") return { ok: false, message: timingMessages.posterTime };
  const trimStart = parseSeconds(fields.trimStart?.[0]);
  const trimEnd = parseSeconds(fields.trimEnd?.[0]);
  if (trimStart === "invalid" || trimEnd === "invalid")
    return { ok: false, message: timingMessages.trim };
  const trim = trimProblem(trimStart ?? null, trimEnd ?? null);
  if (trim) return { ok: false, message: trim };
  if (posterTime !== undefined) value.posterTime = posterTime;
  if (trimStart !== undefined) value.trimStart = trimStart;
  if (trimEnd !== undefined) value.trimEnd = trimEnd;
  return { ok: true, value };
}
