/*
 * Focal points as the multipart fields write them ("x,y"); the type, its default and its CSS are in
 * lib/domain.ts, which the visitor's gallery cards import. Free of zod, for the owner's forms: the
 * schemas that check focal points live in project.ts and section.ts.
 */
import type { Focal } from "@/lib/domain";

export { DEFAULT_FOCAL, objectPosition, type Focal } from "@/lib/domain";

/** Writes a focal point as the multipart fields take it ("0.25,0.8"). */
export function formatFocal(focal: Focal): string {
  return `${roundFocal(focal.x)},${roundFocal(focal.y)}`;
}

export function roundFocal(value: number): number {
  return Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000;
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
