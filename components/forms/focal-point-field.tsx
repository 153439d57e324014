"use client";

import { useId } from "react";
import { DEFAULT_FOCAL, objectPosition, roundFocal, type Focal } from "@/lib/validation/focal";
import { FilePreview } from "./file-preview";
import { clickedPoint, movedPoint } from "./point-keys";

const STEP = 0.05;
const percent = (value: number) => Math.round(value * 100);

/** What a screen reader reads for a focal point. */
export function focalText(focal: Focal): string {
  return `${percent(focal.x)}% from the left, ${percent(focal.y)}% from the top`;
}

/**
 * Picks an image's focal point: the spot kept in view where the image is cropped.
 * A click on the preview puts it there; the preview is a labelled slider whose arrow keys move it
 * (5 %, Shift 1 %), Home centres it, and whose value is read out as "x % from the left, y % from
 * the top". `crops` are the shapes the site crops the picture to (gallery cards, grid tiles): each
 * is drawn beside it, cropped around the point as the site will; an empty list says the picture
 * is shown whole.
 */
export function FocalPointField({
  label,
  alt = "",
  src,
  file,
  value,
  crops,
  disabled,
  onChange,
}: {
  label: string;
  /** The preview's alternative text (none: the slider's label names it). */
  alt?: string;
  src?: string;
  file?: Blob;
  value: Focal;
  crops?: readonly { label: string; ratio: number }[];
  disabled?: boolean;
  onChange: (focal: Focal) => void;
}) {
  const hintId = useId();
  const set = (x: number, y: number) => onChange({ x: roundFocal(x), y: roundFocal(y) });

  function onKeyDown(event: React.KeyboardEvent) {
    if (disabled) return;
    const moved = movedPoint(event, value, STEP, DEFAULT_FOCAL);
    if (!moved) return;
    set(moved.x, moved.y);
    event.preventDefault();
  }

  function onClick(event: React.MouseEvent<HTMLDivElement>) {
    if (disabled) return;
    const clicked = clickedPoint(event);
    if (clicked) set(clicked.x, clicked.y);
  }

  const image = "block h-auto max-h-60 max-w-full select-none";
  /** The picture, from the picked file or the stored URL. */
  const picture = (className: string, pictureAlt: string, style?: React.CSSProperties) =>
    file ? (
      <FilePreview file={file} alt={pictureAlt} className={className} style={style} />
    ) : (
      // eslint-disable-next-line @next/next/no-img-element -- a small owner-only preview of a stored file
      <img src={src} alt={pictureAlt} className={className} style={style} draggable={false} />
    );
  return (
    <div className="space-y-1">
      <p className="text-sm font-medium" aria-hidden="true">
        {label}
      </p>
      <div
        role="slider"
        tabIndex={disabled ? -1 : 0}
        aria-label={label}
        aria-describedby={hintId}
        aria-disabled={disabled || undefined}
        aria-orientation="horizontal"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent(value.x)}
        aria-valuetext={focalText(value)}
        onKeyDown={onKeyDown}
        onClick={onClick}
        data-testid="focal-point"
        className="focus-visible:outline-ink relative inline-block cursor-crosshair overflow-hidden rounded focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        {picture(image, alt)}
        <span
          aria-hidden="true"
          className="pointer-events-none absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white shadow-[0_0_0_2px_rgb(0_0_0/0.7)]"
          style={{ left: `${value.x * 100}%`, top: `${value.y * 100}%` }}
          data-testid="focal-marker"
        />
      </div>
      <p id={hintId} className="text-muted text-xs">
        Click the picture, or use the arrow keys, to choose the point kept in view when it is
        cropped: now {focalText(value)}.
      </p>
      {crops?.length ? (
        // What the slider's value says, drawn: a visual aid only.
        <ul
          aria-hidden="true"
          className="flex flex-wrap items-end gap-3 pt-1"
          data-testid="focal-crops"
        >
          {crops.map(({ label, ratio }) => (
            <li key={label} className="space-y-1">
              <div
                className="h-14 overflow-hidden rounded-sm bg-stone-200"
                style={{ width: `${+(3.5 * ratio).toFixed(3)}rem` }}
              >
                {picture("block h-full w-full object-cover", "", {
                  objectPosition: objectPosition(value),
                })}
              </div>
              <p className="text-muted text-xs">{label}</p>
            </li>
          ))}
        </ul>
      ) : crops ? (
        <p className="text-muted text-xs">This layout shows the whole picture, uncropped.</p>
      ) : null}
    </div>
  );
}
