/**
 * The widths the image optimizer serves (next.config.ts `images`), shared with the gallery cards,
 * which write their srcset themselves (components/gallery/project-cards.tsx). Fewer than Next's
 * defaults (8 device + 8 image sizes): every one is a URL in each card's srcset. Each step is at
 * most 1.5× the one below, so the browser's pick (the smallest width covering `sizes` × device
 * pixel ratio) is never more than 1.5× what it draws; 3840 covers a full-width card on a 2×
 * desktop screen.
 */
export const DEVICE_SIZES = [576, 828, 1200, 1792, 2560, 3840];
export const IMAGE_SIZES = [384];
/** The one quality the optimizer allows (Next.js's default `images.qualities`). */
export const IMAGE_QUALITY = 75;
