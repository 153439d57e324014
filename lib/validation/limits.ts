/** The longest text each stored field takes: the API's schemas and the forms' maxLength alike. */
export const PROJECT_LIMITS = {
  title: 200,
  role: 200,
  coverUrl: 2000,
  client: 80,
  summary: 500,
  yearMin: 1900,
  yearMax: 2100,
} as const;

export const SECTION_LIMITS = { title: 200, description: 10_000, alt: 300 } as const;

export const SETTINGS_LIMITS = {
  ownerName: 80,
  tagline: 200,
  availability: 120,
  biography: 5000,
  portraitUrl: 2000,
  portraitKey: 300,
  showreelUrl: 300,
} as const;

/** Trashed projects and sections are deleted for good, with their media, after this many days (docs/spec.md §10). */
export const TRASH_RETENTION_DAYS = 30;

/** A protected project's password: at least 8 characters, at most bcrypt's 72 bytes (§11). */
export const PROJECT_PASSWORD_LIMITS = { min: 8, maxBytes: 72 } as const;

/** How long the right password opens a protected project in that browser (§11). */
export const PROJECT_ACCESS_DAYS = 7;

/** Client review links (docs/spec.md §13): name, projects, comments, replies. */
export const REVIEW_LIMITS = {
  name: 120,
  projects: 50,
  reviewerName: 80,
  comment: 2000,
  reply: 2000,
} as const;
