"use client";

import { useEffect, useId, useRef, useState } from "react";
import { FrameStripImage } from "@/components/forms/frame-strip-image";
import { useDecodable, useFrameStrip, useServerFrame } from "@/components/forms/video-frames";
import { useLatest } from "@/components/ui/use-latest";
import { MAX_LOOP_SECONDS } from "@/lib/validation/video-timing";

/** A loop's in and out points, in seconds of the uploaded video. */
export type LoopTrim = { start: number; end: number };

/** The sliders move by this much: a frame at 25 fps (the encoder rounds to the source's frames). */
const STEP = 0.04;

const seconds = (value: number) => `${value.toFixed(2)} s`;
/** Without the browser's decoder the preview steps through this many frames of the loop… */
const PREVIEW_STEPS = 8;
/** …one every this many milliseconds. */
const STEP_MS = 400;

/**
 * The in and out points of a loop (docs/media.md "Poster and trim"): two sliders over the uploaded
 * file (a new one, or the stored one) with its thumbnails, and a muted preview that plays only the
 * chosen part, again and again, with a button to pause it. A file the browser does not decode
 * (ProRes, HEVC) is shown with the server's frames (`frames`, docs/api.md "Video frames"): the
 * preview then steps through frames of the chosen part. `value` null is the default (the start,
 * at most 30 s): nothing is sent until the owner moves a slider.
 */
export function VideoFramePicker({
  source,
  frames = null,
  value,
  disabled,
  onChange,
}: {
  /** The file, or its URL; null: the server's frames only (`frames`). */
  source: File | string | null;
  /** The server's frames of the video, when it is on the server. */
  frames?: string | null;
  value: LoopTrim | null;
  disabled?: boolean;
  onChange: (trim: LoopTrim) => void;
}) {
  const id = useId();
  const preview = useRef<HTMLVideoElement>(null);
  const [videoDuration, setDuration] = useState(0);
  const [paused, setPaused] = useState(false);
  const decodable = useDecodable(preview, source);
  const strip = useFrameStrip(frames, source, decodable);
  const served = decodable === false ? frames : null;
  const duration = decodable ? videoDuration : served ? (strip?.duration ?? 0) : 0;
  /** The frame the stepping preview shows (server frames only). */
  const [stepAt, setStepAt] = useState<number | null>(null);
  const frame = useServerFrame(served, stepAt ?? (served && duration ? 0 : null));
  const trim = value ?? { start: 0, end: Math.min(duration, MAX_LOOP_SECONDS) };
  const span = useLatest(trim);

  useEffect(() => {
    const element = preview.current;
    if (!element || !source) return;
    const url = typeof source === "string" ? source : URL.createObjectURL(source);
    element.src = url;
    return () => {
      element.removeAttribute("src");
      if (typeof source !== "string") URL.revokeObjectURL(url);
    };
  }, [source]);

  // Only the chosen part plays: past the out point (looked at every animation frame, finer than
  // `timeupdate`) it starts again at the in point.
  useEffect(() => {
    const element = preview.current;
    if (!element || paused) return;
    let frame = requestAnimationFrame(function check() {
      const { start, end } = span.current;
      if (element.currentTime >= end || element.currentTime < start - STEP)
        element.currentTime = start;
      frame = requestAnimationFrame(check);
    });
    return () => cancelAnimationFrame(frame);
  }, [paused, span]);

  // Without the browser's decoder: frames of the chosen part one after the other, again and again.
  useEffect(() => {
    if (!served || paused || !duration) return;
    const timer = setInterval(() => {
      const { start, end } = span.current;
      setStepAt((at) => {
        const next = (at ?? start) + Math.max((end - start) / PREVIEW_STEPS, STEP);
        // The out point is the first frame after the loop.
        return next > end - 1e-6 || next < start ? start : next;
      });
    }, STEP_MS);
    return () => clearInterval(timer);
  }, [served, paused, duration, span]);

  /** Moves one point, keeping the other within the loop's rules, and shows its frame. */
  function move(point: keyof LoopTrim, to: number) {
    const next = { ...trim, [point]: Math.round(to * 1000) / 1000 };
    if (point === "start") next.end = Math.min(Math.max(next.end, next.start + STEP), duration);
    else next.start = Math.max(Math.min(next.start, next.end - STEP), 0);
    if (next.end - next.start > MAX_LOOP_SECONDS) {
      if (point === "start") next.end = next.start + MAX_LOOP_SECONDS;
      else next.start = next.end - MAX_LOOP_SECONDS;
    }
    onChange(next);
    setStepAt(point === "start" ? next.start : next.end);
    if (preview.current && !served)
      preview.current.currentTime = point === "start" ? next.start : next.end;
  }

  function togglePlay() {
    if (served) return setPaused(!paused);
    const element = preview.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => {});
    else element.pause();
  }

  const slider = (point: keyof LoopTrim, label: string) => (
    <div>
      <label htmlFor={`${id}-${point}`} className="block text-sm">
        {label}
      </label>
      <FrameStripImage strip={strip} />
      <input
        id={`${id}-${point}`}
        type="range"
        min={0}
        max={duration || 0}
        step={STEP}
        value={trim[point]}
        disabled={disabled || !duration}
        aria-valuetext={`${trim[point].toFixed(2)} seconds`}
        onChange={(event) => move(point, Number(event.target.value))}
        className="accent-ink block w-full max-w-sm"
      />
    </div>
  );

  return (
    <fieldset className="space-y-2">
      <legend className="font-medium">Loop in and out points</legend>
      <video
        ref={preview}
        muted
        loop
        playsInline
        autoPlay
        preload="auto"
        aria-label="Preview of the trimmed loop"
        data-testid="loop-preview"
        hidden={decodable === false}
        className="aspect-video w-full max-w-sm rounded-sm bg-stone-200 object-contain"
        onLoadedMetadata={(event) => {
          const length = event.currentTarget.duration;
          setDuration(Number.isFinite(length) ? length : 0);
          event.currentTarget.currentTime = span.current.start;
        }}
        // A file the browser cannot show steps through the server's frames instead: its hidden
        // element's own play and pause (it may still play the sound) do not stop that.
        onPlay={() => decodable !== false && setPaused(false)}
        onPause={() => decodable !== false && setPaused(true)}
      />
      {decodable === false ? (
        frame ? (
          // eslint-disable-next-line @next/next/no-img-element -- a frame the server read, an object URL
          <img
            src={frame.url}
            alt={`Preview of the trimmed loop, frame at ${frame.time.toFixed(2)} s`}
            data-testid="loop-preview-frame"
            className="aspect-video w-full max-w-sm rounded-sm bg-stone-200 object-contain"
          />
        ) : (
          <p className="text-muted text-sm">
            {served
              ? "Loading the preview…"
              : "This browser cannot play this video: its frames can be shown once it is uploaded."}
          </p>
        )
      ) : null}
      <button
        type="button"
        onClick={togglePlay}
        disabled={!duration}
        className="rounded-md border border-black/20 bg-white px-3 py-1.5 text-sm font-medium hover:bg-black/5 disabled:opacity-60"
      >
        {paused ? "Play the loop preview" : "Pause the loop preview"}
      </button>
      {slider("start", "Loop in")}
      {slider("end", "Loop out")}
      <p className="text-muted text-sm" aria-live="polite">
        Loop: {seconds(trim.start)} to {seconds(trim.end)} ({seconds(trim.end - trim.start)}
        {value ? "" : ", the default"})
      </p>
    </fieldset>
  );
}
