import { z } from "zod";
import { isStorableText } from "./text";

/** Text the database can hold exactly as given (no NUL, no lone surrogate). */
const text = () => z.string().refine(isStorableText);
const optionalUrl = z.union([z.literal(""), text().pipe(z.url({ protocol: /^https?$/ }))]);

export const siteSettingsSchema = z.object({
  ownerName: text().trim().min(1).max(80),
  tagline: text().trim().max(200),
  biography: text().trim().max(5000),
  portraitUrl: z.string().max(2000),
  portraitKey: z.string().max(300).nullable(),
  contactEmail: z.union([z.literal(""), text().pipe(z.email())]),
  showreelUrl: z.string().max(300),
  socials: z.object({
    behance: optionalUrl,
    github: optionalUrl,
    instagram: optionalUrl,
    dribbble: optionalUrl,
  }),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** What a new site shows until the owner fills in the settings form. */
export const defaultSiteSettings: SiteSettings = {
  ownerName: "Motion Designer & Illustrator",
  tagline:
    "Motion design and illustration, based in Morocco, with more than 8 years of experience.",
  biography: "",
  portraitUrl: "",
  portraitKey: null,
  contactEmail: "",
  showreelUrl: "",
  socials: { behance: "", github: "", instagram: "", dribbble: "" },
};
