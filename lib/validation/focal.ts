import { z } from "zod";

import type { Focal } from "./focal-point";

export { DEFAULT_FOCAL, formatFocal, objectPosition, roundFocal, type Focal } from "./focal-point";

export const invalidFocalMessage =
  'Invalid focal point: send "x,y" with each value from 0 to 1, e.g. "0.5,0.5"';

const unit = z
  .number({ error: invalidFocalMessage })
  .min(0, { error: invalidFocalMessage })
  .max(1, {
    error: invalidFocalMessage,
  });

/** A focal point as JSON numbers (the `existingImages` field). */
export const focalNumbers = { focalX: unit, focalY: unit };

const NUMBER = /^\s*(?:0(?:\.\d{1,6})?|1(?:\.0{1,6})?|\.\d{1,6})\s*$/;

/** Parses "x,y"; null when malformed or outside 0–1. */
export function parseFocal(value: string): Focal | null {
  const parts = value.split(",");
  if (parts.length !== 2 || !parts.every((part) => NUMBER.test(part))) return null;
  const [x, y] = parts.map(Number) as [number, number];
  return unit.safeParse(x).success && unit.safeParse(y).success ? { x, y } : null;
}
