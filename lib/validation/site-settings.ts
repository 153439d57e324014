import { z } from "zod";

const optionalUrl = z.union([z.literal(""), z.url({ protocol: /^https?$/ })]);

export const siteSettingsSchema = z.object({
  ownerName: z.string().trim().min(1).max(80),
  tagline: z.string().trim().max(200),
  biography: z.string().trim().max(5000),
  portraitUrl: z.string().max(2000),
  portraitKey: z.string().max(300).nullable(),
  contactEmail: z.union([z.literal(""), z.email()]),
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
