/**
 * The project categories (spec §3) for browser code, which must not pull in the Drizzle models.
 * categories.test.ts keeps this list equal to models/projects.ts.
 */
export const PROJECT_CATEGORIES = [
  "Photography",
  "Illustration",
  "Motion Design",
  "Frame by Frame",
  "Assets & Tools",
] as const;

export type ProjectCategory = (typeof PROJECT_CATEGORIES)[number];

/** How a category is written on screen ('Frame by Frame' is shown as Frame-by-Frame). */
export function formatCategory(category: string): string {
  return category === "Frame by Frame" ? "Frame-by-Frame" : category;
}

export function isProjectCategory(value: string): value is ProjectCategory {
  return (PROJECT_CATEGORIES as readonly string[]).includes(value);
}
