/**
 * Whether next/image may optimize this URL (next.config.ts allows /media/** and Cloudinary). Other
 * addresses, e.g. from an import of the old site, are shown as they are instead of failing the page.
 */
export function isOptimizable(url: string): boolean {
  if (url.startsWith("/media/")) return !url.includes("?");
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" && parsed.hostname === "res.cloudinary.com";
  } catch {
    return false;
  }
}
