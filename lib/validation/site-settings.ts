import { z } from "zod";
import { VIDEO_STATUSES } from "@/lib/domain";
import {
  appearanceSchema,
  defaultAppearance,
  parseAppearanceFields,
  type Appearance,
} from "./appearance";
import { invalidSetting, messages, SETTINGS_LABELS, SETTINGS_HINTS } from "./messages";
import { SETTINGS_LIMITS } from "./limits";
import { capitalize, isStorableText } from "./text";
import { parseSeconds } from "./video-timing";
import { normalizeVimeoUrl } from "./vimeo";

export { SETTINGS_LIMITS };

/** Text the database can hold exactly as given (no NUL, no lone surrogate). */
const text = () => z.string().refine(isStorableText);
const optionalUrl = z
  .string()
  .trim()
  .pipe(z.union([z.literal(""), text().pipe(z.url({ protocol: /^https?$/ }))]));

const placeholder = z
  .string()
  .regex(/^data:image\/webp;base64,[A-Za-z0-9+/=]{1,2000}$/)
  .nullable()
  .catch(null);

/** One encoded MP4 of the uploaded showreel, as a section's (models/sections.ts VideoRendition). */
const renditionSchema = z.object({
  url: z.string(),
  key: z.string(),
  type: z.literal("video/mp4"),
  width: z.number(),
  height: z.number(),
  bytes: z.number().nullable(),
});

/** What the encoder read from the uploaded showreel (models/sections.ts VideoMeta). */
const videoMetaSchema = z.object({
  duration: z.number(),
  width: z.number(),
  height: z.number(),
  fps: z.number(),
  audio: z.boolean(),
  codec: z.string(),
  bytes: z.number(),
  firstPicture: z.number().optional(),
});

export const siteSettingsSchema = z.object({
  ownerName: text().trim().min(1).max(SETTINGS_LIMITS.ownerName),
  tagline: text().trim().max(SETTINGS_LIMITS.tagline),
  /**
   * When the owner takes new work ("Booking projects from March 2027"), shown on the Contact and
   * About pages; "" shows nothing.
   */
  availability: text().trim().max(SETTINGS_LIMITS.availability),
  biography: text().trim().max(SETTINGS_LIMITS.biography),
  portraitUrl: z.string().max(SETTINGS_LIMITS.portraitUrl),
  portraitKey: z.string().max(SETTINGS_LIMITS.portraitKey).nullable(),
  contactEmail: z
    .string()
    .trim()
    .pipe(z.union([z.literal(""), text().pipe(z.email())])),
  showreelUrl: z.string().max(SETTINGS_LIMITS.showreelUrl),
  /** The owner's still for the Reel page until it is played; a file, like the portrait. */
  showreelPosterUrl: z.string().max(SETTINGS_LIMITS.portraitUrl),
  showreelPosterKey: z.string().max(SETTINGS_LIMITS.portraitKey).nullable(),
  /**
   * An uploaded mp4 for the Reel page instead of a Vimeo link (never both: saving one clears the
   * other); "" when none. Played by the uploaded-video player with the showreel poster.
   */
  showreelVideoUrl: z.string().max(SETTINGS_LIMITS.portraitUrl),
  showreelVideoKey: z.string().max(SETTINGS_LIMITS.portraitKey).nullable(),
  /**
   * The uploaded showreel's encoding, as a section video's (docs/media.md#video-encoding): null
   * for one stored before the Reel was encoded, or on Cloudinary (played as uploaded); its
   * renditions smallest first once ready, and what the encoder read of it.
   */
  showreelVideoStatus: z.enum(VIDEO_STATUSES).nullable().catch(null),
  showreelVideoError: z.string().max(500).nullable().catch(null),
  showreelVideoRenditions: z.array(renditionSchema).catch([]),
  showreelVideoMeta: videoMetaSchema.nullable().catch(null),
  /**
   * When the Reel got its current video or Vimeo link (ISO 8601): its `uploadDate` in the Reel
   * page's JSON-LD. Null without one, or for one saved before this was kept.
   */
  showreelSince: z.iso.datetime().nullable().catch(null),
  /**
   * The portrait's and the showreel poster's blur-up placeholders: tiny WebP data
   * URLs made when the file is stored (lib/uploads/placeholder.ts) or, for files stored before
   * them, by lib/startup/fill-placeholders.ts. Anything else stored there reads as none.
   */
  portraitPlaceholder: placeholder,
  showreelPosterPlaceholder: placeholder,
  socials: z.object({
    behance: optionalUrl,
    github: optionalUrl,
    instagram: optionalUrl,
    dribbble: optionalUrl,
  }),
  /*
   * The site's look. A stored value this code no longer accepts reads as
   * the default of that one field, never resetting the rest of the settings.
   */
  cardTitles: appearanceSchema.shape.cardTitles.catch(defaultAppearance.cardTitles),
  typePairing: appearanceSchema.shape.typePairing.catch(defaultAppearance.typePairing),
  accentColor: appearanceSchema.shape.accentColor.catch(defaultAppearance.accentColor),
  contentWidth: appearanceSchema.shape.contentWidth.catch(defaultAppearance.contentWidth),
  filterCategories: appearanceSchema.shape.filterCategories.catch(
    defaultAppearance.filterCategories,
  ),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/**
 * The settings' two images (the About portrait, the Reel poster), each stored as `<name>Url`,
 * `<name>Key` and `<name>Placeholder`: the save (lib/api/settings.ts) and the placeholder fill
 * (lib/startup/fill-placeholders.ts) go through this list.
 */
export const SETTINGS_IMAGES = ["portrait", "showreelPoster"] as const;
export type SettingsImage = (typeof SETTINGS_IMAGES)[number];

/** The multipart field that removes a stored image without replacing it: "removePortrait"… */
export const removeField = (name: SettingsImage) => `remove${capitalize(name)}` as const;

/** No uploaded showreel: a new site's, or once a link replaces it or it is removed. */
export const NO_REEL_VIDEO: ReelVideoFields = {
  showreelVideoUrl: "",
  showreelVideoKey: null,
  showreelVideoStatus: null,
  showreelVideoError: null,
  showreelVideoRenditions: [],
  showreelVideoMeta: null,
};

/** What a new site shows until the owner fills in the settings form. */
export const defaultSiteSettings: SiteSettings = {
  ownerName: "Motion Designer & Illustrator",
  tagline:
    "Motion design and illustration, based in Morocco, with more than 8 years of experience.",
  availability: "",
  biography: "",
  portraitUrl: "",
  portraitKey: null,
  contactEmail: "",
  showreelUrl: "",
  showreelPosterUrl: "",
  showreelPosterKey: null,
  ...NO_REEL_VIDEO,
  showreelSince: null,
  portraitPlaceholder: null,
  showreelPosterPlaceholder: null,
  socials: { behance: "", github: "", instagram: "", dribbble: "" },
  ...defaultAppearance,
};

/** The uploaded showreel's stored fields: its file, encoding, renditions and what was read of it. */
export type ReelVideoFields = Pick<
  SiteSettings,
  | "showreelVideoUrl"
  | "showreelVideoKey"
  | "showreelVideoStatus"
  | "showreelVideoError"
  | "showreelVideoRenditions"
  | "showreelVideoMeta"
>;

/**
 * The settings the owner edits as text; the portrait and the showreel poster travel as files, the
 * appearance choices are checked by lib/validation/appearance.ts.
 */
export type SettingsFields = Omit<
  SiteSettings,
  | "portraitUrl"
  | "portraitKey"
  | "showreelPosterUrl"
  | "showreelPosterKey"
  | keyof ReelVideoFields
  | "showreelSince"
  | "portraitPlaceholder"
  | "showreelPosterPlaceholder"
  | keyof Appearance
>;

/**
 * The settings form's text fields, as the browser checks them and the API stores them: the
 * showreel becomes its normalised Vimeo player URL (pasted HTML never is stored).
 */
const settingsFieldsSchema = siteSettingsSchema
  .omit({
    portraitUrl: true,
    portraitKey: true,
    showreelPosterUrl: true,
    showreelPosterKey: true,
    showreelVideoUrl: true,
    showreelVideoKey: true,
    showreelVideoStatus: true,
    showreelVideoError: true,
    showreelVideoRenditions: true,
    showreelVideoMeta: true,
    showreelSince: true,
    portraitPlaceholder: true,
    showreelPosterPlaceholder: true,
    cardTitles: true,
    typePairing: true,
    accentColor: true,
    contentWidth: true,
    filterCategories: true,
  })
  .extend({
    showreelUrl: z
      .string()
      .trim()
      .transform((value, context) => {
        if (value === "") return "";
        const player = normalizeVimeoUrl(value);
        if (player) return player;
        context.addIssue({ code: "custom", message: messages.invalidVimeoEdit });
        return z.NEVER;
      })
      .pipe(siteSettingsSchema.shape.showreelUrl),
  });

type Issue = { key: string; message: string };

function check(
  input: unknown,
): { ok: true; value: SettingsFields } | { ok: false; issues: Issue[] } {
  const parsed = settingsFieldsSchema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((issue) => ({
      key: issue.path.join("."),
      // The Vimeo refusal has its own wording; the rest are named by their field.
      message: issue.message === messages.invalidVimeoEdit ? issue.message : "",
    })),
  };
}

/**
 * The API's check of PUT /api/settings' multipart text fields (each given once, `socials.<name>`
 * for the links): the settings to store and `removePortrait`, or the message for a 400. The
 * appearance fields sent are in `appearance`; those left out keep their current values.
 */
export function parseSettingsFields(fields: Record<string, string[] | undefined>):
  | {
      ok: true;
      value: SettingsFields & {
        appearance: Partial<Appearance>;
        removePortrait: boolean;
        removeShowreelPoster: boolean;
        removeShowreelVideo: boolean;
        /**
         * The frame of the Reel's video its poster is taken from, in seconds (null: its first
         * non-black one); undefined when not sent.
         */
        showreelPosterTime: number | null | undefined;
      };
    }
  | { ok: false; message: string } {
  const one = (name: string) => fields[name]?.[0] ?? "";
  const result = check({
    ownerName: one("ownerName"),
    tagline: one("tagline"),
    availability: one("availability"),
    biography: one("biography"),
    contactEmail: one("contactEmail"),
    showreelUrl: one("showreelUrl"),
    socials: {
      behance: one("socials.behance"),
      github: one("socials.github"),
      instagram: one("socials.instagram"),
      dribbble: one("socials.dribbble"),
    },
  });
  if (!result.ok) {
    const [first] = result.issues;
    return {
      ok: false,
      message: first?.message || invalidSetting(SETTINGS_LABELS[first?.key ?? ""] ?? "settings"),
    };
  }
  const appearance = parseAppearanceFields(fields);
  if (!appearance.ok) return appearance;
  const showreelPosterTime = parseSeconds(fields.showreelPosterTime?.[0]);
  if (showreelPosterTime === "invalid")
    return { ok: false, message: messages.invalidReelPosterTime };
  return {
    ok: true,
    value: {
      ...result.value,
      appearance: appearance.value,
      removePortrait: one(removeField("portrait")) === "true",
      removeShowreelPoster: one(removeField("showreelPoster")) === "true",
      removeShowreelVideo: one("removeShowreelVideo") === "true",
      showreelPosterTime,
    },
  };
}

/** The form's field-by-field problems (keys like "ownerName" or "socials.github"), worded as hints. */
export function settingsFieldErrors(draft: SettingsFields): Partial<Record<string, string>> {
  const result = check(draft);
  const errors: Partial<Record<string, string>> = {};
  if (result.ok) return errors;
  for (const { key, message } of result.issues) {
    errors[key] ??= message || SETTINGS_HINTS[key] || SETTINGS_HINTS.link;
  }
  return errors;
}
