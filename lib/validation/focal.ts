/*
 * Free of zod on purpose: the visitor's gallery cards and section images draw focal points
 * (objectPosition), and zod would add ~30 kB of gzipped JavaScript to every public page
 * (e2e/visitor-js.spec.ts). The schemas that check focal points live in project.ts and section.ts.
 */

/**
 * An image's focal point: the spot that stays in view where the image is cropped,
 * as fractions of its width (`x`) and height (`y`) from the top left, each 0–1; 0.5, 0.5 (the
 * centre) when not set. Sent as "x,y" (multipart `coverFocal`, `resourceFocals`).
 */
export type Focal = { x: number; y: number };
export const DEFAULT_FOCAL: Focal = { x: 0.5, y: 0.5 };

/** Writes a focal point as the multipart fields take it ("0.25,0.8"). */
export function formatFocal(focal: Focal): string {
  return `${roundFocal(focal.x)},${roundFocal(focal.y)}`;
}

export function roundFocal(value: number): number {
  return Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000;
}

/** CSS `object-position` for a focal point. */
export function objectPosition(focal: Partial<Focal> | null | undefined): string {
  const x = focal?.x ?? DEFAULT_FOCAL.x;
  const y = focal?.y ?? DEFAULT_FOCAL.y;
  return `${+(x * 100).toFixed(1)}% ${+(y * 100).toFixed(1)}%`;
}

export const invalidFocalMessage =
  'Invalid focal point: send "x,y" with each value from 0 to 1, e.g. "0.5,0.5"';

const NUMBER = /^\s*(?:0(?:\.\d{1,6})?|1(?:\.0{1,6})?|\.\d{1,6})\s*$/;

/** Parses "x,y"; null when malformed or outside 0–1 (NUMBER admits 0–1 only). */
export function parseFocal(value: string): Focal | null {
  const parts = value.split(",");
  if (parts.length !== 2 || !parts.every((part) => NUMBER.test(part))) return null;
  const [x, y] = parts.map(Number) as [number, number];
  return { x, y };
}
