/*
 * The site's domain values: project categories and the gallery's filters (docs/spec.md §3, §9),
 * project statuses (§11), section layouts and video playback (§2). One module for the Drizzle
 * models (types and CHECK constraints), the API's rules, the public pages and the owner's forms;
 * it imports nothing, so browser code and models/ can use it.
 */

export const CATEGORIES = [
  "Photography",
  "Illustration",
  "Motion Design",
  "Frame by Frame",
  "Assets & Tools",
] as const;
export type Category = (typeof CATEGORIES)[number];

/** How a category is shown on screen ('Frame by Frame' is written Frame-by-Frame, §3). */
export function formatCategory(category: string): string {
  return category === "Frame by Frame" ? "Frame-by-Frame" : category;
}

/** The categories offered as gallery filters, in the order of the filter bar (§9). */
export const FILTER_CATEGORIES = [
  "Motion Design",
  "Illustration",
  "Assets & Tools",
] as const satisfies readonly Category[];

/**
 * Which filters the gallery offers, the owner setting `filterCategories`: `spec` (the default) is
 * the contract's filter bar exactly; `in-use` adds, after those three, every other category that a
 * published project has, so no listed project is out of every filter's reach.
 */
export const FILTER_SETTINGS = ["spec", "in-use"] as const;
export type FilterSetting = (typeof FILTER_SETTINGS)[number];
export const DEFAULT_FILTER_SETTING: FilterSetting = "spec";

/**
 * The filter bar's categories for a setting, given the published projects' counts per category:
 * FILTER_CATEGORIES, then (with `in-use`) the other categories in use, in CATEGORIES' order.
 */
export function filterCategoriesFor(
  setting: FilterSetting,
  counts: readonly { _id: string; count: number }[],
): Category[] {
  const shown: Category[] = [...FILTER_CATEGORIES];
  if (setting !== "in-use") return shown;
  const inUse = new Set(counts.filter((row) => row.count > 0).map((row) => row._id));
  return [...shown, ...CATEGORIES.filter((c) => !shown.includes(c) && inUse.has(c))];
}

/** Who may see a project (§11); stored as they are. */
export const PROJECT_STATUSES = ["published", "draft", "unlisted", "protected"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** What the owner's forms and badges show: the value with a capital ("Published", "Draft"…). */
export const STATUS_LABELS = Object.fromEntries(
  PROJECT_STATUSES.map((status) => [status, status.charAt(0).toUpperCase() + status.slice(1)]),
) as Record<ProjectStatus, string>;

/**
 * How a section's images are laid out (§2): `grid` is the count-based grid of cropped tiles,
 * `natural` keeps the same column counts as a maximum but shows every image uncropped at its own
 * aspect ratio in justified rows, `full` shows one image per row at the full content width.
 */
export const SECTION_LAYOUTS = ["grid", "natural", "full"] as const;
export type SectionLayout = (typeof SECTION_LAYOUTS)[number];
export const DEFAULT_LAYOUT: SectionLayout = "grid";

export const LAYOUT_LABELS: Record<SectionLayout, string> = {
  grid: "Grid (cropped tiles)",
  natural: "Natural (uncropped rows)",
  full: "Full width (one per row)",
};

/** Reads a stored value; anything unknown (never written by this code) reads as the default. */
export function toLayout(value: unknown): SectionLayout {
  return (SECTION_LAYOUTS as readonly unknown[]).includes(value)
    ? (value as SectionLayout)
    : DEFAULT_LAYOUT;
}

/**
 * How an uploaded video plays: "player" (controls, §2) or "loop" (muted, looping, no controls,
 * started only in view and never under reduced motion).
 */
export const VIDEO_PLAYBACKS = ["player", "loop"] as const;
export type VideoPlayback = (typeof VIDEO_PLAYBACKS)[number];
export const DEFAULT_PLAYBACK: VideoPlayback = "player";

/**
 * An image's focal point: the spot that stays in view where the image is cropped,
 * as fractions of its width (`x`) and height (`y`) from the top left, each 0–1; 0.5, 0.5 (the
 * centre) when not set. Sent as "x,y" (multipart `coverFocal`, `resourceFocals`).
 */
export type Focal = { x: number; y: number };
export const DEFAULT_FOCAL: Focal = { x: 0.5, y: 0.5 };

/** CSS `object-position` for a focal point. */
export function objectPosition(focal: Partial<Focal> | null | undefined): string {
  const x = focal?.x ?? DEFAULT_FOCAL.x;
  const y = focal?.y ?? DEFAULT_FOCAL.y;
  return `${+(x * 100).toFixed(1)}% ${+(y * 100).toFixed(1)}%`;
}

/**
 * The owner's inbox folders (docs/spec.md §12): every contact message is in one; a delete moves it
 * to the Trash apart from its folder.
 */
export const MESSAGE_FOLDERS = ["inbox", "spam", "archive"] as const;
export type MessageFolder = (typeof MESSAGE_FOLDERS)[number];

/**
 * The device classes the view counts tell apart (docs/security.md, "Insights"), read from the
 * user agent: phones, tablets, and everything else.
 */
export const DEVICE_KINDS = ["desktop", "mobile", "tablet"] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/**
 * Where an uploaded video's encoding stands (docs/spec.md "Video encoding"): renditions being made,
 * made, or refused by the encoder with a reason. Null on a row is a video stored before encoding
 * existed, or on Cloudinary: its one file is its only rendition.
 */
export const VIDEO_STATUSES = ["processing", "ready", "failed"] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];
/** A video job's states in the queue: waiting, running, or stopped by an error (kept for a retry). */
export const VIDEO_JOB_STATES = ["queued", "encoding", "failed"] as const;
export type VideoJobState = (typeof VIDEO_JOB_STATES)[number];
