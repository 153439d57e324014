import localFont from "next/font/local";

/*
 * The four type pairings' fonts (lib/validation/appearance.ts), self-hosted from the fontsource
 * packages' Latin variable files: next/font copies them into the build (nothing is downloaded at
 * build or run time) and adds a fallback face sized to Arial or Times New Roman, so the swap causes
 * no layout shift. ./font-faces.generated.css (scripts/font-faces-css.mts, which reads this file)
 * adds their latin-ext halves and the same fallback sized to Liberation, Arimo/Tinos, Roboto and
 * Noto Serif, for Linux and Android, which have neither. (next/font needs each call's options
 * written out literally.) None is preloaded: each is only a CSS variable until the pairing the owner
 * chose uses it (app/globals.css), and browsers fetch only the fonts text uses.
 */

export const inter = localFont({
  display: "swap",
  preload: false,
  src: "../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  weight: "100 900",
  variable: "--font-inter",
  adjustFontFallback: "Arial",
});
export const fraunces = localFont({
  display: "swap",
  preload: false,
  src: "../../node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2",
  weight: "100 900",
  variable: "--font-fraunces",
  adjustFontFallback: "Times New Roman",
});
export const sourceSans = localFont({
  display: "swap",
  preload: false,
  src: "../../node_modules/@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2",
  weight: "200 900",
  variable: "--font-source-sans",
  adjustFontFallback: "Arial",
});
export const spaceGrotesk = localFont({
  display: "swap",
  preload: false,
  src: "../../node_modules/@fontsource-variable/space-grotesk/files/space-grotesk-latin-wght-normal.woff2",
  weight: "300 700",
  variable: "--font-space-grotesk",
  adjustFontFallback: "Arial",
});
export const dmSans = localFont({
  display: "swap",
  preload: false,
  src: "../../node_modules/@fontsource-variable/dm-sans/files/dm-sans-latin-wght-normal.woff2",
  weight: "100 1000",
  variable: "--font-dm-sans",
  adjustFontFallback: "Arial",
});
export const playfair = localFont({
  display: "swap",
  preload: false,
  src: "../../node_modules/@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2",
  weight: "400 900",
  variable: "--font-playfair",
  adjustFontFallback: "Times New Roman",
});
export const lora = localFont({
  display: "swap",
  preload: false,
  src: "../../node_modules/@fontsource-variable/lora/files/lora-latin-wght-normal.woff2",
  weight: "400 700",
  variable: "--font-lora",
  adjustFontFallback: "Times New Roman",
});

/** Every pairing's CSS variables, set on the site's theme wrapper (defining them loads nothing). */
export const fontVariables = [inter, fraunces, sourceSans, spaceGrotesk, dmSans, playfair, lora]
  .map((font) => font.variable)
  .join(" ");
