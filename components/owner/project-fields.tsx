"use client";

import { useState } from "react";
import { CheckedFileField } from "@/components/forms/checked-file-field";
import { SelectField, TextAreaField, TextField } from "@/components/forms/field";
import { CATEGORIES, formatCategory } from "@/lib/domain";
import { PROJECT_LIMITS } from "@/lib/validation/limits";
import { PROJECT_PASSWORD_LIMITS } from "@/lib/validation/limits";
import { PROJECT_STATUSES, STATUS_LABELS } from "@/lib/domain";
import { coverRule, coverVideoRule } from "@/lib/validation/uploads";
import { ResumableVideoField } from "./resumable-video-field";
import type { ProjectDraft } from "@/lib/client/project-draft";
import { FocalPointField } from "@/components/forms/focal-point-field";
import { SizeWarning, useImageSize, usePageContentWidth } from "@/components/forms/size-warning";
import { DEFAULT_FOCAL } from "@/lib/validation/focal";
import { coverCrops, coverTargetWidth } from "@/lib/site/image-targets";
import { ScheduleFields } from "./schedule-fields";
import { VideoEncodingStatus } from "./video-encoding-status";
import { VideoFramePicker, type LoopTrim } from "./video-frame-picker";
import type { VideoStatus } from "@/lib/domain";

const textFields = [
  { name: "title", label: "Title" },
  { name: "role", label: "Role" },
] as const;

const statusOptions = PROJECT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

const STATUS_HINTS: Record<string, string> = {
  published: "In the gallery, search and sitemap for everyone.",
  draft: "Only you see it; visitors get a 404.",
  unlisted: "Anyone with the link sees it; not in the gallery, search or sitemap.",
  protected: "Like unlisted, and visitors must enter the password first.",
};

const categoryOptions = CATEGORIES.map((value) => ({
  value,
  label: formatCategory(value),
}));

type ProjectFieldsProps = {
  draft: ProjectDraft;
  disabled: boolean;
  /** Add form: every field is required (the HTML attribute mirrors the spec's rule). */
  coverRequired: boolean;
  onChange: (patch: Partial<ProjectDraft>) => void;
  /** Edit modal: the cover the project has now, shown above the file input. */
  currentCover?: { url: string; alt: string };
  /** Edit modal: the cover loop the project has now, offered for removal. */
  currentCoverVideo?: string;
  /**
   * Edit modal: the stored loop's in and out points and its encoding (docs/media.md "Cover
   * loops"), shown while it encodes or when it failed.
   */
  currentCoverLoop?: {
    projectId: string;
    /** The file its in and out points are seconds of (the kept master, or the loop's file). */
    source: string;
    trim: LoopTrim | null;
    videoStatus: VideoStatus | null;
    videoError: string | null;
  };
};

/**
 * The project fields shared by the Add New Project form and the card's Edit modal: the four
 * required ones, then the optional year, client and summary. The cover's preview, with its focal
 * point and the crops the gallery cards make, sits under the cover field: picking a file never
 * pushes the field itself down the page.
 */
export function ProjectFields({
  draft,
  disabled,
  coverRequired,
  onChange,
  currentCover,
  currentCoverVideo,
  currentCoverLoop,
}: ProjectFieldsProps) {
  const contentWidth = usePageContentWidth();
  const coverSize = useImageSize(draft.cover);
  const replacingLoop = Boolean(draft.coverVideo || draft.coverVideoUpload);
  // A master sent with tus: its file, previewed for the in and out points while it uploads.
  const [masterFile, setMasterFile] = useState<File | null>(null);
  const newLoop = draft.coverVideo ?? masterFile;
  // The in and out points are picked on the new file, or on the stored one (encoded here, or a
  // playable copy of the one on Cloudinary); a loop that takes no points has no source.
  const stored = currentCoverLoop?.source;
  const loopSource = newLoop ?? (stored && !draft.removeCoverVideo ? stored : null);
  // Once a master is on the server, its frames show what the browser cannot decode (ProRes, HEVC).
  const frames = draft.coverVideoUpload ? `/api/uploads/${draft.coverVideoUpload}/frames` : null;
  return (
    <>
      <CheckedFileField
        label="Cover image"
        hint={
          coverRequired
            ? "JPEG, PNG or GIF, up to 5 MB."
            : "JPEG, PNG or GIF, up to 5 MB. Leave empty to keep the current cover."
        }
        accept="image/*"
        rule={coverRule}
        required={coverRequired}
        disabled={disabled}
        onPick={(cover) => onChange({ cover })}
      />
      <SizeWarning
        size={draft.cover ? coverSize : null}
        target={coverTargetWidth(contentWidth)}
        place="the widest gallery card"
      />
      {draft.cover || currentCover ? (
        <figure>
          {/* The cover as the owner will see it, and where a card crops it. */}
          <FocalPointField
            label="Cover focal point"
            alt={draft.cover ? "Preview of the chosen cover" : currentCover!.alt}
            file={draft.cover ?? undefined}
            src={draft.cover ? undefined : currentCover!.url}
            value={draft.coverFocal ?? DEFAULT_FOCAL}
            crops={coverCrops(contentWidth)}
            disabled={disabled}
            onChange={(coverFocal) => onChange({ coverFocal })}
          />
          <figcaption className="text-muted mt-1 text-sm">
            {draft.cover ? "New cover" : "Current cover"}
          </figcaption>
        </figure>
      ) : null}
      <ResumableVideoField
        kind="cover-loop"
        label="Cover loop (MP4, MOV, WebM or MKV)"
        hint="Optional. A short muted loop that plays on the gallery card; the cover image stays its still. An MP4 up to 10 MB that this browser plays is sent with the form; a larger file, one it cannot play (HEVC) or a master uploads at once and resumes after a dropped connection."
        disabled={disabled}
        plainRule={coverVideoRule}
        onPlainFile={(coverVideo) => {
          setMasterFile(null);
          onChange({
            coverVideo,
            coverVideoUpload: null,
            coverVideoUploading: false,
            coverTrim: null,
          });
        }}
        onChange={(video) => {
          setMasterFile(video?.file ?? null);
          onChange({
            coverVideo: null,
            coverVideoUpload: video?.id ?? null,
            coverVideoUploading: Boolean(video && !video.id),
            ...(video?.file === masterFile ? {} : { coverTrim: null }),
          });
        }}
        onChecking={(coverVideoChecking) => onChange({ coverVideoChecking })}
      />
      {currentCoverVideo ? (
        <div className="text-sm">
          <p>
            Current cover loop:{" "}
            <a href={currentCoverVideo} target="_blank" rel="noreferrer" className="underline">
              mp4 file
            </a>
            {draft.removeCoverVideo && !replacingLoop ? " (will be removed)" : ""}
            {replacingLoop ? " (will be replaced)" : ""}
          </p>
          <label className="mt-1 flex items-center gap-2">
            <input
              type="checkbox"
              checked={draft.removeCoverVideo ?? false}
              disabled={disabled || replacingLoop}
              onChange={(event) =>
                onChange({ removeCoverVideo: event.target.checked, coverTrim: null })
              }
            />
            Remove the cover loop
          </label>
        </div>
      ) : null}
      {loopSource ? (
        <VideoFramePicker
          source={loopSource}
          frames={frames}
          value={draft.coverTrim ?? (newLoop ? null : (currentCoverLoop?.trim ?? null))}
          disabled={disabled}
          onChange={(coverTrim) => onChange({ coverTrim })}
        />
      ) : null}
      {currentCoverLoop && !replacingLoop && !draft.removeCoverVideo ? (
        <VideoEncodingStatus
          owner={{ projectId: currentCoverLoop.projectId }}
          initial={currentCoverLoop}
        />
      ) : null}
      {textFields.map(({ name, label }) => (
        <TextField
          key={name}
          label={label}
          name={name}
          value={draft[name]}
          required
          maxLength={PROJECT_LIMITS[name]}
          disabled={disabled}
          onChange={(event) => onChange({ [name]: event.target.value })}
        />
      ))}
      <SelectField
        label="Category"
        name="category"
        value={draft.category}
        required
        disabled={disabled}
        placeholder="Choose a category"
        options={categoryOptions}
        onChange={(event) => onChange({ category: event.target.value })}
      />
      <TextField
        label="Year (optional)"
        name="year"
        type="number"
        inputMode="numeric"
        min={PROJECT_LIMITS.yearMin}
        max={PROJECT_LIMITS.yearMax}
        step={1}
        value={draft.year ?? ""}
        disabled={disabled}
        onChange={(event) => onChange({ year: event.target.value })}
      />
      <TextField
        label="Client (optional)"
        name="client"
        value={draft.client ?? ""}
        maxLength={PROJECT_LIMITS.client}
        disabled={disabled}
        onChange={(event) => onChange({ client: event.target.value })}
      />
      <TextAreaField
        label="Summary (optional)"
        name="summary"
        hint={`Shown under the title and used as the page description, up to ${PROJECT_LIMITS.summary} characters.`}
        value={draft.summary ?? ""}
        maxLength={PROJECT_LIMITS.summary}
        disabled={disabled}
        onChange={(event) => onChange({ summary: event.target.value })}
      />
      {draft.status !== undefined ? (
        <SelectField
          label="Status"
          name="status"
          value={draft.status}
          hint={STATUS_HINTS[draft.status]}
          disabled={disabled}
          options={statusOptions}
          onChange={(event) => onChange({ status: event.target.value })}
        />
      ) : null}
      {draft.status === "protected" ? (
        <TextField
          label="Password for visitors"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={PROJECT_PASSWORD_LIMITS.min}
          required={!draft.hasPassword}
          hint={
            draft.hasPassword
              ? `Leave empty to keep the current password, or enter a new one of at least ${PROJECT_PASSWORD_LIMITS.min} characters.`
              : `At least ${PROJECT_PASSWORD_LIMITS.min} characters. Give it to the people who may see the project.`
          }
          value={draft.password ?? ""}
          disabled={disabled}
          onChange={(event) => onChange({ password: event.target.value })}
        />
      ) : null}
      {draft.publishAt !== undefined ? (
        <ScheduleFields draft={draft} disabled={disabled} onChange={onChange} />
      ) : null}
    </>
  );
}
