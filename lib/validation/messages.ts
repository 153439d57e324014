import { PROJECT_LIMITS, PROJECT_PASSWORD_LIMITS, SETTINGS_LIMITS } from "./limits";

/**
 * The API's user-facing texts, verbatim from docs/spec.md (§5, §8) including its odd spellings, since
 * clients and tests match them exactly. Texts the spec does not give are worded in the same style.
 */
export const messages = {
  addProjectMissing: "Please fill in all Feilds !",
  updateProjectMissing: "Please fill in all fields!",
  projectCreated: "Project created successfully!",
  projectUpdated: "Project updated successfully!",
  projectDeleted: "Project deleted successfully!",
  projectNotFound: "Project not found",
  projectsFetched: "Projects fetched successfully",
  countsFetched: "Project counts fetched successfully",
  projectFetched: "Project fetched successfully",
  invalidCategory: "Invalid category",
  sectionAdded: "Section added successfully!",
  sectionUpdated: "Section updated successfully!",
  sectionDeleted: "Section deleted successfully",
  sectionNotFound: "Section not found",
  sectionsFetched: "Sections fetched successfully",
  sectionFetched: "Section fetched successfully",
  sectionEmpty: "At least one field is required",
  invalidVimeoAdd:
    "Invalid Vimeo URL or embed code. Example: https://vimeo.com/123456789 or <iframe...>",
  invalidVimeoEdit: "Invalid Vimeo URL. Example: https://vimeo.com/123456789",
  invalidForm: "Invalid form data",
  settingsFetched: "Settings fetched successfully",
  settingsSaved: "Settings saved successfully!",
  // Appearance settings (docs/spec.md §2 As built, "Appearance").
  invalidCardTitles: 'Card titles must be "hover" or "always"',
  invalidTypePairing: 'Type pairing must be "inter", "editorial", "grotesk" or "classic"',
  invalidContentWidth: 'Content width must be "standard", "wide" or "full"',
  invalidFilterCategories: 'Filter categories must be "spec" or "in-use"',
  invalidAccentColor: "Accent colour must be a hex colour like #c2410c",
  accentContrastTooLow:
    "Accent colour is too light: its contrast with the page background must be at least 4.5:1 (WCAG AA). Choose a darker colour.",
  eitherVideoOrEmbed: "Send either a video file or a Vimeo link, not both",
  invalidReelPosterTime:
    "showreelPosterTime must be a number of seconds from 0 (or empty for the first non-black frame)",
  reelPosterTimeNeedsVideo:
    "showreelPosterTime needs a showreel video file stored on this site (not a Vimeo link)",
  invalidPlayback: 'Playback must be "player" or "loop"',
  posterWithoutVideo: "A poster needs a video file or a Vimeo link",
  // A project's cover loop (docs/spec.md §5).
  invalidRemoveCoverVideo: "removeCoverVideo must be true or false",
  coverVideoAndRemove: "Send either a cover loop or removeCoverVideo, not both",
  invalidRemovePoster: "removePoster must be true or false",
  posterAndRemove: "Send either a poster or removePoster, not both",
  // Video encoding (docs/api.md "Video encoding").
  videoStatusFetched: "Video status fetched successfully!",
  videoRetried: "The video is queued for encoding again.",
  videoNotFailed: "Only a video whose encoding failed can be retried",
  unexpectedError: "An unexpected error occurred. Please try again.",
  // The trash and stale saves (docs/spec.md §10).
  projectRestored: "Project restored successfully!",
  sectionRestored: "Section restored successfully!",
  projectConflict: "This project was changed elsewhere. Reload to see the latest version.",
  sectionConflict: "This section was changed elsewhere. Reload to see the latest version.",
  invalidVersion: "Version must be a whole number of 1 or more",
  invalidPermanent: "permanent must be true or false",
  restoreFailed: "Could not restore. Please try again.",
  undo: "Undo",
  invalidYear: `Year must be a whole number from ${PROJECT_LIMITS.yearMin} to ${PROJECT_LIMITS.yearMax}`,
} as const;

/** Refusals of an order list: the list must be exactly the current ids. */
export const orderMessages = {
  notList: 'Send the new order as "ids": a list of every id, each once',
  malformed: (id: string) => `Not an id: ${id.slice(0, 40)}`,
  duplicate: (id: string) => `The order names ${id} more than once`,
  foreign: (kind: "project" | "section", id: string) =>
    kind === "project" ? `No such project: ${id}` : `No such section in this project: ${id}`,
  missing: (kind: "project" | "section", id: string) =>
    `The order leaves out ${kind} ${id}: list every ${kind} once`,
  projectsOrdered: "Project order saved",
  sectionsOrdered: "Section order saved",
} as const;

export function invalidFileType(name: string): string {
  return `Invalid file type: ${name}`;
}

export function fileTooLarge(name: string): string {
  return `File too large: ${name}`;
}

/** A cover loop over its limit (docs/spec.md §5): the name, like "File too large", and the limit. */
export function coverVideoTooLarge(name: string): string {
  return `File too large: ${name} (a cover loop is up to 10 MB)`;
}

/** A cover loop whose bytes are not an mp4 video, whatever its name or declared type. */
export function coverVideoNotMp4(name: string): string {
  return `Invalid file type: ${name} (a cover loop must be an mp4 video)`;
}

export function tooManyImages(name: string): string {
  return `Too many images: ${name} (up to 5 per section)`;
}

export function fieldTooLong(field: string, max: number): string {
  return `${field} must be at most ${max} characters`;
}

export function invalidCharacters(field: string): string {
  return `${field} contains a character that cannot be stored`;
}

/** The settings fields as the API names them in a refusal ("Invalid Owner name"). */
export const SETTINGS_LABELS: Record<string, string> = {
  ownerName: "Owner name",
  tagline: "Tagline",
  availability: "Availability",
  biography: "Biography",
  contactEmail: "Contact e-mail",
  showreelUrl: "Showreel URL",
  "socials.behance": "Behance link",
  "socials.github": "GitHub link",
  "socials.instagram": "Instagram link",
  "socials.dribbble": "Dribbble link",
};

export function invalidSetting(label: string): string {
  return `Invalid ${label}`;
}

/** What the settings form says under a field it refuses (`link`: any social link). */
export const SETTINGS_HINTS: Record<string, string> = {
  ownerName: `Enter a name (up to ${SETTINGS_LIMITS.ownerName} characters).`,
  tagline: `Keep the tagline under ${SETTINGS_LIMITS.tagline} characters.`,
  availability: `Keep the availability under ${SETTINGS_LIMITS.availability} characters.`,
  biography: `Keep the biography under ${SETTINGS_LIMITS.biography} characters.`,
  contactEmail: "Enter a valid e-mail address, or leave it empty.",
  link: "Enter a full link starting with https://, or leave it empty.",
};

/** The texts of project statuses and protected projects (docs/spec.md §11). */
export const statusMessages = {
  invalidStatus: "Status must be one of: published, draft, unlisted, protected",
  passwordTooShort: `A protected project needs a password of at least ${PROJECT_PASSWORD_LIMITS.min} characters`,
  passwordTooLong: `Password must be at most ${PROJECT_PASSWORD_LIMITS.maxBytes} bytes`,
  passwordMissing: "Please enter the password.",
  wrongPassword: "Wrong password. Please try again.",
  tooManyAttempts: "Too many wrong passwords. Please wait a few minutes and try again.",
  protectedTitle: "This project is protected",
  protectedIntro: "Enter the password the owner gave you to view it.",
  passwordLabel: "Password",
  unlockButton: "View project",
  draftBadge: "Draft",
  viewAsVisitor: "View as visitor",
  viewAsOwner: "View as owner",
} as const;

/** The publishing schedule's messages (docs/spec.md §11, "Publishing on a schedule"). */
export const scheduleMessages = {
  invalidPublishAt:
    "Publish time must be an ISO 8601 date and time with a time zone, such as 2026-03-01T09:00:00Z",
  invalidUnpublishAt:
    "Unpublish time must be an ISO 8601 date and time with a time zone, such as 2026-03-01T09:00:00Z",
  unpublishBeforePublish: "Unpublish time must be after the publish time",
} as const;

/** A file Cloudinary refused (docs/media.md "Media on Cloudinary"): its own reason, answered 502. */
export const cloudinaryRefused = (name: string, reason: string) =>
  `Cloudinary refused ${name}: ${reason}`;
