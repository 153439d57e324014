"use client";

import { useEffect, useRef } from "react";
import { clickedPoint, movedPoint, type Point } from "@/components/forms/point-keys";
import { formatPoint } from "@/lib/validation/review-messages";

const STEP = 0.05;
const CENTRE = { x: 0.5, y: 0.5 };

/**
 * The layer over one image of a review page while the reviewer pins a comment to a point
 * (docs/spec.md §13): a tap or click puts the point there; it is a labelled slider whose arrow
 * keys move the point (5 %, Shift 1 %), Home centres it, Enter goes on to the comment and Escape
 * leaves. Loaded only once the reviewer asks to pin a comment.
 */
export default function ReviewPointPicker({
  image,
  alt,
  point,
  autoFocus,
  onPick,
  onDone,
  onCancel,
}: {
  image: number;
  alt: string;
  /** The point picked on this image, if any. */
  point: Point | null;
  autoFocus: boolean;
  onPick: (point: Point) => void;
  onDone: () => void;
  onCancel: () => void;
}) {
  const layer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (autoFocus) layer.current?.focus();
  }, [autoFocus]);

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key === "Enter" || event.key === "Escape") {
      event.preventDefault();
      if (event.key === "Escape") onCancel();
      else {
        if (!point) onPick(CENTRE);
        onDone();
      }
      return;
    }
    const moved = movedPoint(event, point ?? CENTRE, STEP, CENTRE);
    if (!moved) return;
    event.preventDefault();
    onPick(moved);
  }

  return (
    <div
      ref={layer}
      role="slider"
      tabIndex={0}
      aria-label={`Point on image ${image + 1}: ${alt}`}
      aria-orientation="horizontal"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round((point ?? CENTRE).x * 100)}
      aria-valuetext={point ? formatPoint(point.x, point.y, image) : "No point yet"}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        const clicked = clickedPoint(event);
        if (clicked) onPick(clicked);
      }}
      data-testid="point-picker"
      className="focus-visible:outline-ink absolute inset-0 cursor-crosshair bg-white/10 outline-2 outline-offset-2 outline-black/40 outline-dashed focus-visible:outline-solid"
    >
      {point ? (
        <span
          aria-hidden="true"
          data-testid="point-crosshair"
          className="pointer-events-none absolute size-7 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white shadow-[0_0_0_2px_rgb(0_0_0/0.7)]"
          style={{ left: `${point.x * 100}%`, top: `${point.y * 100}%` }}
        />
      ) : null}
    </div>
  );
}
