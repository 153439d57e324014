"use client";

import { useEffect, useId, useRef } from "react";
import { FieldError, FileInput, RadioField } from "@/components/forms/field";
import { acceptOf, videoRule } from "@/lib/validation/uploads";
import type { VideoMode } from "@/lib/client/section-draft";
import type { VideoPlayback } from "@/lib/domain";
import { PosterPicker } from "./poster-picker";

type VideoFieldProps = {
  mode: VideoMode;
  file: File | null;
  embed: string;
  fileError: string | null;
  embedError: string | null;
  /** The video stored with the section (edit form), shown so the owner knows what is kept. */
  current?: { kind: "upload" | "embed"; url: string } | null;
  removeCurrent?: boolean;
  disabled?: boolean;
  embedLabel: string;
  embedHint: string;
  onModeChange: (mode: VideoMode) => void;
  onFileChange?: (file: File | null) => void;
  onEmbedChange: (embed: string) => void;
  onRemoveCurrentChange?: (remove: boolean) => void;
  playback: VideoPlayback;
  onPlaybackChange: (playback: VideoPlayback) => void;
  posterFile: File | null;
  posterError: string | null;
  /** The poster stored with the section (edit form). */
  currentPoster?: string | null;
  onPosterChange: (poster: File | null, error: string | null, time?: number | null) => void;
  /** The owner forms' own file input (a resumable upload) in place of the plain one. */
  fileInput?: React.ReactNode;
  /** The server's frames of the picked or stored video (docs/api.md "Video frames"). */
  frames?: string | null;
  /** A stored video the browser plays from its URL (on Cloudinary): its poster frame is picked on it. */
  playable?: string | null;
};

const MODE_LABELS: Record<VideoMode, string> = {
  upload: "Upload a video file",
  embed: "Embed a Vimeo video",
};

const PLAYBACK_LABELS: Record<VideoPlayback, string> = {
  player: "Player with controls",
  loop: "Silent loop (muted, plays while in view)",
};

/** Video type switch (upload | Vimeo embed) with the matching input. */
export function VideoField(props: VideoFieldProps) {
  const { mode, disabled, current } = props;
  const embedId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  // A refused or cleared file must not stay visible in the picker as if it would be sent.
  useEffect(() => {
    if (!props.file && fileInput.current) fileInput.current.value = "";
  }, [props.file, props.fileError]);
  return (
    <fieldset className="space-y-3">
      <legend className="font-medium">Video</legend>
      <RadioField
        legend="Video type"
        hideLegend
        options={["upload", "embed"] as const}
        labels={MODE_LABELS}
        value={mode}
        disabled={disabled}
        onChange={props.onModeChange}
      />
      {current ? (
        <div className="text-sm">
          <p>
            Current video:{" "}
            <a href={current.url} target="_blank" rel="noreferrer" className="underline">
              {current.kind === "embed" ? "Vimeo embed" : "uploaded file"}
            </a>
            {props.removeCurrent ? " (will be removed)" : ""}
          </p>
          {props.onRemoveCurrentChange ? (
            <label className="mt-1 flex items-center gap-2">
              <input
                type="checkbox"
                checked={props.removeCurrent ?? false}
                disabled={disabled}
                onChange={(event) => props.onRemoveCurrentChange?.(event.target.checked)}
              />
              Remove the current video
            </label>
          ) : null}
        </div>
      ) : null}
      {mode === "upload" ? (
        <div>
          {props.fileInput ?? (
            <FileInput
              label="Video file (MP4, up to 50 MB)"
              inputRef={fileInput}
              accept={acceptOf(videoRule)}
              disabled={disabled}
              error={props.fileError}
              onChange={(event) => props.onFileChange?.(event.currentTarget.files?.[0] ?? null)}
            />
          )}
          {props.file ? <p className="mt-1 text-sm">Selected: {props.file.name}</p> : null}
          {props.file || current?.kind === "upload" ? (
            <div className="mt-3">
              <RadioField
                legend="Playback"
                compact
                options={["player", "loop"] as const}
                labels={PLAYBACK_LABELS}
                value={props.playback}
                disabled={disabled}
                onChange={props.onPlaybackChange}
              />
            </div>
          ) : null}
        </div>
      ) : (
        <div>
          <label htmlFor={embedId} className="block text-sm">
            {props.embedLabel}
          </label>
          <input
            id={embedId}
            value={props.embed}
            disabled={disabled}
            placeholder="https://vimeo.com/123456789"
            aria-invalid={props.embedError ? true : undefined}
            aria-describedby={`${embedId}-hint${props.embedError ? ` ${embedId}-error` : ""}`}
            onChange={(event) => props.onEmbedChange(event.target.value)}
            className="mt-1 block w-full rounded-md border border-black/25 bg-white px-3 py-2"
          />
          <p id={`${embedId}-hint`} className="text-muted mt-1 text-sm">
            {props.embedHint}
          </p>
          <FieldError id={embedId} message={props.embedError} announce />
        </div>
      )}
      <PosterPicker
        video={mode === "upload" ? (props.file ?? props.playable ?? null) : null}
        frames={mode === "upload" ? props.frames : null}
        poster={props.posterFile}
        error={props.posterError}
        current={props.currentPoster}
        disabled={disabled}
        onChange={props.onPosterChange}
      />
    </fieldset>
  );
}
