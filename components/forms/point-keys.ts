/*
 * Picking a point of a picture with a click or the keyboard: the focal-point slider of the
 * owner's forms and the point a reviewer pins a comment to (docs/spec.md §13). Points are 0–1
 * from the top left.
 */

export type Point = { x: number; y: number };

const clamp = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000;

/**
 * Where a key moves a point: an arrow key by `step` (with Shift by 1 %), Home to `home`; null for
 * any other key.
 */
export function movedPoint(
  event: React.KeyboardEvent,
  point: Point,
  step: number,
  home: Point,
): Point | null {
  const by = event.shiftKey ? 0.01 : step;
  const moves: Record<string, [number, number]> = {
    ArrowLeft: [-by, 0],
    ArrowRight: [by, 0],
    ArrowUp: [0, -by],
    ArrowDown: [0, by],
  };
  if (event.key === "Home") return home;
  const move = moves[event.key];
  return move ? { x: clamp(point.x + move[0]), y: clamp(point.y + move[1]) } : null;
}

/**
 * The point of the element's box a click or tap was at, in whole percents (what a screen reader
 * reads out is exactly what is stored); null for a box not drawn.
 */
export function clickedPoint(event: React.MouseEvent<HTMLElement>): Point | null {
  const box = event.currentTarget.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return null;
  const whole = (value: number) => Math.round(clamp(value) * 100) / 100;
  return {
    x: whole((event.clientX - box.left) / box.width),
    y: whole((event.clientY - box.top) / box.height),
  };
}
