/**
 * The project categories (docs/spec.md §3), for the Drizzle model, the API's schemas, the owner forms and
 * the public pages alike: free of server imports, so browser code can use it.
 */
export const CATEGORIES = [
  "Photography",
  "Illustration",
  "Motion Design",
  "Frame by Frame",
  "Assets & Tools",
] as const;

export type Category = (typeof CATEGORIES)[number];

export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

/** How a category is shown on screen ('Frame by Frame' is written Frame-by-Frame, docs/spec.md §3). */
export function formatCategory(category: string): string {
  return category === "Frame by Frame" ? "Frame-by-Frame" : category;
}
