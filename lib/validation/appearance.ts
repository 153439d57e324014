import { z } from "zod";
import { DEFAULT_FILTER_SETTING, FILTER_SETTINGS, type FilterSetting } from "@/lib/domain";
import { messages } from "./messages";

/*
 * The site's identity without a theme editor (docs/spec.md §2 As built,
 * "Appearance"): a few curated choices the owner makes in the settings form, stored with the site
 * settings and applied to the public pages as a data attribute and CSS custom properties.
 */

/** Gallery card titles: on hover and keyboard focus (always on phones), or always shown. */
export const CARD_TITLES = ["hover", "always"] as const;
export type CardTitles = (typeof CARD_TITLES)[number];

export const CARD_TITLE_LABELS: Record<CardTitles, string> = {
  hover: "On hover and focus (always on phones)",
  always: "Always",
};

/** The curated type pairings (heading + body), self-hosted from fontsource packages. */
export const TYPE_PAIRINGS = ["inter", "editorial", "grotesk", "classic"] as const;
export type TypePairing = (typeof TYPE_PAIRINGS)[number];

export const TYPE_PAIRING_LABELS: Record<TypePairing, string> = {
  inter: "Inter (headings and text)",
  editorial: "Fraunces headings, Source Sans 3 text",
  grotesk: "Space Grotesk headings, DM Sans text",
  classic: "Playfair Display headings, Lora text",
};

/** The main column's largest width on the gallery, project, About and Reel pages. */
export const CONTENT_WIDTHS = ["standard", "wide", "full"] as const;
export type ContentWidth = (typeof CONTENT_WIDTHS)[number];

export const CONTENT_WIDTH_LABELS: Record<ContentWidth, string> = {
  standard: "Standard",
  wide: "Wide",
  full: "Full window width",
};

/** The gallery's filter bar (lib/domain.ts, FILTER_SETTINGS). */
export const FILTER_SETTING_LABELS: Record<FilterSetting, string> = {
  spec: "Motion Design, Illustration and Assets & Tools",
  "in-use": "Those, and every other category a published project has",
};

/** The page background (--color-paper in app/globals.css) every accent is checked against. */
export const SITE_BACKGROUND = "#fafaf8";
/** WCAG 2 AA for normal text (1.4.3): the accent colours links and small labels. */
export const MIN_ACCENT_CONTRAST = 4.5;
export const DEFAULT_ACCENT = "#c2410c";

const HEX = /^#[0-9a-f]{6}$/i;

export function isHexColor(value: string): boolean {
  return HEX.test(value);
}

/** WCAG 2 relative luminance of a #rrggbb colour (0 for black, 1 for white). */
export function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio of two #rrggbb colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** The ratio as the form shows it: rounded down to two decimals, so 4.499 never reads 4.50. */
export function formatContrast(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

export const cardTitlesSchema = z.enum(CARD_TITLES, { error: messages.invalidCardTitles });
export const typePairingSchema = z.enum(TYPE_PAIRINGS, { error: messages.invalidTypePairing });
export const contentWidthSchema = z.enum(CONTENT_WIDTHS, { error: messages.invalidContentWidth });
export const filterCategoriesSchema = z.enum(FILTER_SETTINGS, {
  error: messages.invalidFilterCategories,
});

/** A #rrggbb colour (stored in lower case) readable as text on the site background. */
export const accentColorSchema = z
  .string({ error: messages.invalidAccentColor })
  .trim()
  .regex(HEX, { error: messages.invalidAccentColor })
  .transform((value) => value.toLowerCase())
  .refine((value) => contrastRatio(value, SITE_BACKGROUND) >= MIN_ACCENT_CONTRAST, {
    error: messages.accentContrastTooLow,
  });

export const appearanceSchema = z.object({
  cardTitles: cardTitlesSchema,
  typePairing: typePairingSchema,
  accentColor: accentColorSchema,
  contentWidth: contentWidthSchema,
  filterCategories: filterCategoriesSchema,
});

export type Appearance = z.infer<typeof appearanceSchema>;
export const APPEARANCE_FIELDS = [
  "cardTitles",
  "typePairing",
  "accentColor",
  "contentWidth",
  "filterCategories",
] as const;

/** Today's look: what a site shows until the owner chooses otherwise. */
export const defaultAppearance: Appearance = {
  cardTitles: "hover",
  typePairing: "inter",
  accentColor: DEFAULT_ACCENT,
  contentWidth: "standard",
  filterCategories: DEFAULT_FILTER_SETTING,
};

/**
 * PUT /api/settings' appearance fields: each one sent is checked (the first refusal's message is
 * the 400's), each one left out keeps its current value, so a client from before these fields
 * does not reset the site's look.
 */
export function parseAppearanceFields(
  fields: Record<string, string[] | undefined>,
): { ok: true; value: Partial<Appearance> } | { ok: false; message: string } {
  const value: Partial<Appearance> = {};
  for (const name of APPEARANCE_FIELDS) {
    const given = fields[name]?.[0];
    if (given === undefined) continue;
    const parsed = appearanceSchema.shape[name].safeParse(given);
    if (!parsed.success)
      return { ok: false, message: parsed.error.issues[0]?.message ?? "Invalid settings" };
    Object.assign(value, { [name]: parsed.data });
  }
  return { ok: true, value };
}
