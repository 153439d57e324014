import { z } from "zod";
import { normalizeVimeoUrl, invalidVimeoEdit } from "@/lib/client/vimeo";
import { siteSettingsSchema, type SiteSettings } from "@/lib/validation/site-settings";

/** The text part of PUT /api/settings; the portrait comes as a file (or `removePortrait`). */
export type SettingsFields = Omit<SiteSettings, "portraitUrl" | "portraitKey"> & {
  removePortrait: boolean;
};

const fieldsSchema = siteSettingsSchema.omit({ portraitUrl: true, portraitKey: true });

const labels: Record<string, string> = {
  ownerName: "Owner name",
  tagline: "Tagline",
  biography: "Biography",
  contactEmail: "Contact e-mail",
  showreelUrl: "Showreel URL",
  "socials.behance": "Behance link",
  "socials.github": "GitHub link",
  "socials.instagram": "Instagram link",
  "socials.dribbble": "Dribbble link",
};

/**
 * Reads and checks the multipart fields (each given once; `socials.<name>` for the links).
 * Returns the settings to store, or the message for a 400. The showreel is stored as its
 * normalised Vimeo player URL, never as pasted HTML.
 */
export function readSettingsFields(
  fields: Record<string, string[]>,
): { ok: true; value: SettingsFields } | { ok: false; message: string } {
  const one = (name: string) => fields[name]?.[0] ?? "";
  const reel = one("showreelUrl").trim();
  const showreelUrl = reel ? normalizeVimeoUrl(reel) : "";
  if (showreelUrl === null) return { ok: false, message: invalidVimeoEdit };
  const parsed = fieldsSchema.safeParse({
    ownerName: one("ownerName"),
    tagline: one("tagline"),
    biography: one("biography"),
    contactEmail: one("contactEmail").trim(),
    showreelUrl,
    socials: {
      behance: one("socials.behance").trim(),
      github: one("socials.github").trim(),
      instagram: one("socials.instagram").trim(),
      dribbble: one("socials.dribbble").trim(),
    },
  });
  if (!parsed.success) return { ok: false, message: describeIssue(parsed.error) };
  return { ok: true, value: { ...parsed.data, removePortrait: one("removePortrait") === "true" } };
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const key = issue?.path.join(".") ?? "";
  return `Invalid ${labels[key] ?? "settings"}`;
}
