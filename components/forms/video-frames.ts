"use client";

import { useEffect, useRef, useState, type RefObject } from "react";

/**
 * Frames of a video for the poster and trim pickers (docs/media.md "Poster and trim"): the
 * browser's own `<video>` when it decodes the file, else the server's frames (docs/api.md "Video
 * frames": ffmpeg reads ProRes and HEVC, which Chromium does not).
 */

/** Thumbnails along a slider, and the height they are drawn at. */
const STRIP_COUNT = 10;
const STRIP_HEIGHT = 90;
/** A file the browser has not shown a frame of by then is read by the server instead. */
const DECODE_TIMEOUT_MS = 6000;

/** A strip of thumbnails (an object URL) and the length of the video it was made from. */
export type Strip = { image: string; duration: number };

/**
 * Calls `settle` once `video` tells whether the browser decodes its source: a picture arrives
 * (true), or only its length (an undecodable video track, played as sound only), an error or
 * nothing within DECODE_TIMEOUT_MS (false). Answers the clean-up.
 */
function watchDecoding(video: HTMLVideoElement, settle: (value: boolean) => void): () => void {
  const loaded = () => settle(video.videoWidth > 0);
  const metadata = () => {
    if (!video.videoWidth) settle(false);
  };
  const failed = () => settle(false);
  video.addEventListener("loadeddata", loaded);
  video.addEventListener("loadedmetadata", metadata);
  video.addEventListener("error", failed);
  const timer = setTimeout(failed, DECODE_TIMEOUT_MS);
  return () => {
    clearTimeout(timer);
    video.removeEventListener("loadeddata", loaded);
    video.removeEventListener("loadedmetadata", metadata);
    video.removeEventListener("error", failed);
  };
}

/**
 * Whether the browser decodes the video `element` plays: null while it is not known, false without
 * a source (the server's frames only).
 */
export function useDecodable(
  element: RefObject<HTMLVideoElement | null>,
  source: File | string | null,
): boolean | null {
  const [decodable, setDecodable] = useState<{ source: typeof source; value: boolean } | null>(
    null,
  );
  useEffect(() => {
    const video = element.current;
    if (!video || !source) return;
    return watchDecoding(video, (value) =>
      setDecodable((known) => (known?.source === source ? known : { source, value })),
    );
  }, [element, source]);
  if (!source) return false;
  return decodable?.source === source ? decodable.value : null;
}

/**
 * Whether this browser shows the picture of `file` (see watchDecoding): a file it does not (HEVC
 * in Chromium) goes to the server before saving, so the pickers can show the server's frames.
 */
export function browserDecodes(file: File): Promise<boolean> {
  const video = document.createElement("video");
  video.muted = true;
  video.preload = "auto";
  const url = URL.createObjectURL(file);
  return new Promise<boolean>((resolve) => {
    const stop = watchDecoding(video, (value) => {
      stop();
      video.removeAttribute("src");
      URL.revokeObjectURL(url);
      resolve(value);
    });
    video.src = url;
  });
}

/** Seeks `video` to `time` and resolves once the frame there is shown. */
function seekTo(video: HTMLVideoElement, time: number): Promise<void> {
  return new Promise((resolve) => {
    video.addEventListener("seeked", () => resolve(), { once: true });
    video.currentTime = time;
  });
}

/** The strip drawn in the browser from a file it decodes (a file not on the server yet). */
async function browserStrip(source: File | string, signal: AbortSignal): Promise<Strip | null> {
  const url = typeof source === "string" ? source : URL.createObjectURL(source);
  const video = document.createElement("video");
  video.muted = true;
  video.preload = "auto";
  try {
    await new Promise((resolve, reject) => {
      video.addEventListener("loadeddata", resolve, { once: true });
      video.addEventListener("error", reject, { once: true });
      video.src = url;
    });
    const duration = video.duration;
    if (!Number.isFinite(duration) || !video.videoWidth) return null;
    const width = Math.round((video.videoWidth * STRIP_HEIGHT) / video.videoHeight);
    const canvas = document.createElement("canvas");
    canvas.width = width * STRIP_COUNT;
    canvas.height = STRIP_HEIGHT;
    const context = canvas.getContext("2d");
    for (let i = 0; i < STRIP_COUNT && context && !signal.aborted; i++) {
      await seekTo(video, ((i + 0.5) * duration) / STRIP_COUNT);
      context.drawImage(video, i * width, 0, width, STRIP_HEIGHT);
    }
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, "image/jpeg", 0.75),
    );
    return blob && !signal.aborted ? { image: URL.createObjectURL(blob), duration } : null;
  } catch {
    return null;
  } finally {
    video.removeAttribute("src");
    if (typeof source !== "string") URL.revokeObjectURL(url);
  }
}

/** The server's strip of the video at `frames` (its length in the X-Video-Duration header). */
async function serverStrip(frames: string, signal: AbortSignal): Promise<Strip | null> {
  const response = await fetch(frames, { signal }).catch(() => null);
  if (!response?.ok) return null;
  const duration = Number(response.headers.get("X-Video-Duration"));
  const blob = await response.blob().catch(() => null);
  return blob && !signal.aborted ? { image: URL.createObjectURL(blob), duration } : null;
}

/** A strip being made or made, shared by the pickers showing the same video. */
type SharedStrip = { made: Promise<Strip | null>; abort: () => void; users: number };
const strips = new Map<File | string, SharedStrip>();

/** The strip of `from` (a file, or the server's frames URL), made by `make` once for all users. */
function shareStrip(
  from: File | string,
  make: (signal: AbortSignal) => Promise<Strip | null>,
): Promise<Strip | null> {
  let entry = strips.get(from);
  if (!entry) {
    const controller = new AbortController();
    const made = make(controller.signal).catch(() => null);
    entry = { made, abort: () => controller.abort(), users: 0 };
    strips.set(from, entry);
  }
  entry.users += 1;
  return entry.made;
}

/** One user less; the last one stops the strip's making and frees its image. */
function unshareStrip(from: File | string) {
  const entry = strips.get(from);
  if (!entry || --entry.users > 0) return;
  strips.delete(from);
  entry.abort();
  void entry.made.then((strip) => strip && URL.revokeObjectURL(strip.image));
}

/**
 * Thumbnails along the sliders: the server's strip when the video is on the server (`frames`),
 * else drawn in the browser once it decodes the file; null until there is one. The poster's
 * slider and a loop's two share one strip: it is fetched or drawn once.
 */
export function useFrameStrip(
  frames: string | null,
  source: File | string | null,
  decodable: boolean | null,
): Strip | null {
  const [strip, setStrip] = useState<(Strip & { from: File | string }) | null>(null);
  const from = frames ?? (decodable && source ? source : null);
  useEffect(() => {
    if (!from) return;
    let shown = true;
    void shareStrip(from, (signal) =>
      frames ? serverStrip(frames, signal) : browserStrip(from, signal),
    ).then((result) => {
      if (result && shown) setStrip({ ...result, from });
    });
    return () => {
      shown = false;
      unshareStrip(from);
    };
  }, [from, frames]);
  return strip && strip.from === from ? strip : null;
}

/** The time a frame is asked for: to the hundredth of a second, so repeats are served from memory. */
const frameKey = (time: number) => time.toFixed(2);

/** A frame the server read: an object URL and its time in seconds. */
export type ServerFrame = { url: string; time: number };

/**
 * The server's frame of the video at `frames` at `time` (null until it came): the latest time
 * wins, one request at a time, and each frame is kept while the picker is shown.
 */
export function useServerFrame(frames: string | null, time: number | null): ServerFrame | null {
  const cache = useRef(new Map<string, string>());
  const wanted = useRef<string | null>(null);
  const busy = useRef(false);
  const [shown, setShown] = useState<ServerFrame | null>(null);

  useEffect(() => {
    const images = cache.current;
    return () => {
      for (const url of images.values()) URL.revokeObjectURL(url);
      images.clear();
    };
  }, [frames]);

  useEffect(() => {
    if (!frames || time === null) return;
    wanted.current = frameKey(time);
    const next = async () => {
      const at = wanted.current;
      if (!at || busy.current) return;
      const cached = cache.current.get(at);
      if (cached) return setShown({ url: cached, time: Number(at) });
      busy.current = true;
      const response = await fetch(`${frames}?t=${at}`).catch(() => null);
      const blob = response?.ok ? await response.blob().catch(() => null) : null;
      busy.current = false;
      if (blob) {
        const url = URL.createObjectURL(blob);
        cache.current.set(at, url);
        if (wanted.current === at) setShown({ url, time: Number(at) });
      }
      if (wanted.current !== at) void next();
    };
    void next();
  }, [frames, time]);

  return frames ? shown : null;
}
