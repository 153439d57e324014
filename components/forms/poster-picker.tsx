"use client";

import { useEffect, useId, useRef, useState } from "react";
import { FileInput } from "@/components/forms/field";
import { FilePreview } from "@/components/forms/file-preview";
import { acceptOf, checkFile, posterRule } from "@/lib/validation/uploads";
import { useLatest } from "@/components/ui/use-latest";
import { FrameStripImage } from "./frame-strip-image";
import { useDecodable, useFrameStrip, useServerFrame } from "./video-frames";

/** The widest poster captured from a frame: enough for the site's widest video, a small JPEG. */
const MAX_CAPTURE_WIDTH = 1920;
const FRAME_STEPS = 100;

type PosterPickerProps = {
  /**
   * The video file just picked, whose frames can be captured (upload mode); or the URL of a stored
   * video the browser plays (on Cloudinary), whose chosen frame is sent as a time only; or null.
   */
  video: File | string | null;
  /**
   * The server's frames (docs/api.md "Video frames") of that file once it is on the server, or
   * without a file of the video stored with the section.
   */
  frames?: string | null;
  poster: File | null;
  error: string | null;
  /** The poster stored with the section (edit form). */
  current?: string | null;
  disabled?: boolean;
  /** `time`: where in the video a captured frame is, in seconds; null for an image file. */
  onChange: (poster: File | null, error: string | null, time?: number | null) => void;
};

/** Draws the video's current frame into a canvas and answers it as a JPEG file. */
async function captureFrame(video: HTMLVideoElement): Promise<File | null> {
  if (!video.videoWidth || !video.videoHeight) return null;
  const scale = Math.min(1, MAX_CAPTURE_WIDTH / video.videoWidth);
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  canvas.getContext("2d")?.drawImage(video, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, "image/jpeg", 0.85),
  );
  return blob ? new File([blob], "poster.jpg", { type: "image/jpeg" }) : null;
}

/**
 * The still a video shows before it plays: a frame the owner chooses with the "Poster frame"
 * slider, or an image file the owner uploads instead. A new file the browser decodes has the
 * chosen frame captured in the browser (video + canvas); for one it does not decode (ProRes, HEVC)
 * and for the stored video the server's frames are shown and only the time is sent, the encoder
 * taking that frame. The poster is previewed once: the chosen frame in the frame picker itself,
 * an uploaded image in its place.
 */
export function PosterPicker({
  video,
  frames = null,
  poster,
  error,
  current,
  disabled,
  onChange,
}: PosterPickerProps) {
  const frameId = useId();
  const preview = useRef<HTMLVideoElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [videoDuration, setDuration] = useState(0);
  const [time, setTime] = useState(0);
  const decodable = useDecodable(preview, video);
  const strip = useFrameStrip(frames, video, decodable);
  const served = decodable === false ? frames : null;
  const duration = decodable ? videoDuration : served ? (strip?.duration ?? 0) : 0;
  /** Frames are captured only from a file the browser shows. */
  const captures = decodable === true && typeof video !== "string";
  /** The owner moved the slider (a stored video's poster changes only then). */
  const [moved, setMoved] = useState(false);
  const serverFrame = useServerFrame(served, moved ? time : null);
  /** An uploaded poster wins over captured frames until it is cleared. */
  const [uploaded, setUploaded] = useState(false);
  /** Where in the video the captured poster was taken, in seconds. */
  const [capturedAt, setCapturedAt] = useState<number | null>(null);
  const onChangeRef = useLatest(onChange);

  useEffect(() => {
    const element = preview.current;
    if (!video || !element) return;
    const url = typeof video === "string" ? video : URL.createObjectURL(video);
    element.src = url;
    setMoved(false);
    setCapturedAt(null);
    return () => {
      element.removeAttribute("src");
      if (typeof video !== "string") URL.revokeObjectURL(url);
    };
  }, [video]);

  /** The last capture started: only it may set the poster (JPEG encodes can end out of order). */
  const lastCapture = useRef(0);
  async function capture() {
    const element = preview.current;
    if (!element || uploaded || !captures) return;
    const started = ++lastCapture.current;
    const at = element.currentTime;
    const file = await captureFrame(element);
    if (!file || started !== lastCapture.current) return;
    setCapturedAt(at);
    onChangeRef.current(file, checkFile(file, posterRule), at);
  }

  // The first seek of a new file can end before the decoder check answers: its frame is taken
  // once the check says the browser shows the file (later picks capture on their own seek).
  useEffect(() => {
    if (captures && capturedAt === null) void capture();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [captures]);

  function seek(seconds: number) {
    setTime(seconds);
    if (preview.current && decodable !== false) preview.current.currentTime = seconds;
  }

  /** The owner's pick: captured once the frame is shown, or sent as a time for the encoder. */
  function pick(seconds: number) {
    seek(seconds);
    setMoved(true);
    if (captures) return;
    setCapturedAt(seconds);
    onChange(null, null, seconds);
  }

  function pickFile(file: File | null) {
    if (!file) {
      setUploaded(false);
      // The frame chosen before the image comes back: captured again, or its time sent again.
      onChange(null, null, captures || capturedAt === null ? undefined : capturedAt);
      if (captures) void capture();
      return;
    }
    const problem = checkFile(file, posterRule);
    setUploaded(!problem);
    onChange(problem ? null : file, problem);
    if (problem && fileInput.current) fileInput.current.value = "";
  }

  return (
    <div className="space-y-3">
      {video || frames ? (
        // Hidden, not removed, while an uploaded poster wins: clearing it captures a frame again.
        <div className="space-y-2" hidden={uploaded}>
          <video
            ref={preview}
            muted
            playsInline
            preload="auto"
            aria-hidden="true"
            hidden={decodable === false}
            className="aspect-video w-full max-w-sm rounded-sm bg-stone-200 object-contain"
            onLoadedMetadata={(event) => {
              const seconds = Number.isFinite(event.currentTarget.duration)
                ? event.currentTarget.duration
                : 0;
              setDuration(seconds);
              // A quarter in rather than the first frame, which is often black.
              seek(seconds / 4);
            }}
            onSeeked={() => void capture()}
          />
          {decodable === false ? (
            serverFrame ? (
              // eslint-disable-next-line @next/next/no-img-element -- a frame the server read, an object URL
              <img
                src={serverFrame.url}
                alt={`Frame at ${serverFrame.time.toFixed(2)} s`}
                data-testid="poster-frame"
                className="aspect-video w-full max-w-sm rounded-sm bg-stone-200 object-contain"
              />
            ) : served ? null : (
              <p className="text-muted text-sm">
                This browser cannot play this video: its frames can be shown once it is uploaded.
              </p>
            )
          ) : null}
          <label htmlFor={frameId} className="block text-sm">
            Poster frame
          </label>
          <FrameStripImage strip={strip} />
          <input
            id={frameId}
            type="range"
            min={0}
            max={duration || 0}
            step={duration ? duration / FRAME_STEPS : 1}
            value={time}
            disabled={disabled || !duration || uploaded}
            aria-valuetext={`${time.toFixed(1)} seconds of ${duration.toFixed(1)}`}
            onChange={(event) => pick(Number(event.target.value))}
            className="accent-ink block w-full max-w-sm"
          />
          {capturedAt !== null && (poster || !captures) ? (
            <p className="text-muted text-sm" aria-live="polite">
              Poster: the chosen frame ({capturedAt.toFixed(1)} s)
            </p>
          ) : video instanceof File && decodable === false && served ? (
            // Nothing is sent until the slider moves: the encoder then takes this default.
            <p className="text-muted text-sm">
              Poster: the video&apos;s first picture that is not black, unless you choose a frame.
            </p>
          ) : null}
        </div>
      ) : null}
      <FileInput
        label={
          video || frames
            ? "Or upload a poster image (JPEG, PNG or GIF, up to 5 MB)"
            : "Poster image (JPEG, PNG or GIF, up to 5 MB)"
        }
        inputRef={fileInput}
        accept={acceptOf(posterRule)}
        disabled={disabled}
        error={error}
        onChange={(event) => pickFile(event.currentTarget.files?.[0] ?? null)}
      />
      {poster && (uploaded || !(video || frames)) ? (
        <figure className="text-sm">
          <FilePreview
            file={poster}
            alt="Poster preview"
            className="aspect-video w-full max-w-xs rounded-sm bg-stone-200 object-contain"
          />
          <figcaption className="text-muted mt-1">Poster: {poster.name}</figcaption>
        </figure>
      ) : poster || capturedAt !== null ? null : current ? (
        <figure className="text-sm">
          {/* eslint-disable-next-line @next/next/no-img-element -- the stored poster, shown small once */}
          <img
            src={current}
            alt="Current poster"
            className="aspect-video w-full max-w-xs rounded-sm bg-stone-200 object-contain"
          />
          <figcaption className="text-muted mt-1">Current poster</figcaption>
        </figure>
      ) : null}
    </div>
  );
}
