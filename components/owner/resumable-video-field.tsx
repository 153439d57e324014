"use client";

import { useEffect, useRef, useState } from "react";
import type { Upload } from "tus-js-client";
import { FileField } from "@/components/forms/field";
import { UploadProgress } from "@/components/forms/upload-progress";
import { browserDecodes } from "@/components/forms/video-frames";
import {
  describeUploadRate,
  resumableErrorMessage,
  UploadRate,
} from "@/lib/client/resumable-upload";
import {
  isMasterFile,
  MASTER_ACCEPT,
  RESUMABLE_CHUNK_BYTES,
  RESUMABLE_ENDPOINT,
  resumableMessages,
  type ResumableKind,
} from "@/lib/validation/resumable-uploads";
import { checkFile, type FileRule } from "@/lib/validation/uploads";

/** The picked master and, once every byte is on the server, its upload id. */
export type ResumableVideo = { file: File; id: string | null };

type Phase =
  | { kind: "idle" }
  | { kind: "checking" }
  | { kind: "uploading"; sent: number; total: number; rate: string }
  | { kind: "offline"; sent: number; total: number }
  | { kind: "done" }
  | { kind: "failed"; message: string };

/** Waits between automatic retries of a failed request; past the last one the field waits for "online". */
const RETRY_DELAYS = [0, 1000, 3000, 5000];

/**
 * A video master's file input that uploads the picked file at once with tus-js-client in
 * RESUMABLE_CHUNK_BYTES chunks (docs/media.md#resumable-uploads): progress with speed and time
 * left, a Cancel button (the upload is deleted on the server), and after a dropped connection it
 * resumes from the offset the server answers as soon as the browser is online again. The form
 * sends the upload id (`videoUpload`, `coverVideoUpload`) instead of the bytes. A file the form's
 * own multipart rule takes (`plainRule`: a small mp4) goes with the form as before (`onPlainFile`)
 * when the browser shows its picture; one it does not (an HEVC mp4 in Chromium) is uploaded here
 * too, so the poster and loop pickers can show the server's frames of it before saving. While
 * that check runs (`onChecking`) the form's Save waits: a save then would go without the video.
 */
export function ResumableVideoField({
  kind,
  label,
  hint,
  disabled,
  plainRule,
  onPlainFile,
  onChange,
  onChecking,
}: {
  kind: ResumableKind;
  label: string;
  hint: string;
  disabled?: boolean;
  plainRule: FileRule;
  onPlainFile: (file: File | null) => void;
  /**
   * The picked master (id null while uploading), or null when none, refused or cancelled; either
   * callback replaces what the other one gave.
   */
  onChange: (video: ResumableVideo | null) => void;
  /** Whether a picked file is being checked (does this browser play it?), so the form waits. */
  onChecking?: (checking: boolean) => void;
}) {
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [announcement, setAnnouncement] = useState("");
  const upload = useRef<Upload | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const resumeWhenOnline = useRef<(() => void) | null>(null);
  /** The file picked last: a check of an earlier one that ends later is dropped. */
  const picked = useRef<File | null>(null);
  /** Whether the form was told a check runs; the latest onChecking, for the unmount. */
  const checking = useRef(false);
  const reportChecking = useRef(onChecking);
  useEffect(() => {
    reportChecking.current = onChecking;
  });
  const setChecking = (value: boolean) => {
    checking.current = value;
    reportChecking.current?.(value);
  };

  const stopWaiting = () => {
    if (resumeWhenOnline.current) window.removeEventListener("online", resumeWhenOnline.current);
    resumeWhenOnline.current = null;
  };
  // Leaving the form stops the transfer; the server deletes the unattached upload after a day.
  useEffect(
    () => () => {
      // A pick still being checked (or loading the client) stops there: nothing is sent.
      picked.current = null;
      if (checking.current) setChecking(false);
      stopWaiting();
      void upload.current?.abort();
    },
    [],
  );

  async function pick(file: File) {
    picked.current = file;
    setPhase({ kind: "checking" });
    setChecking(true);
    stopWaiting();
    await upload.current?.abort(true).catch(() => {});
    upload.current = null;
    const plain = checkFile(file, plainRule) === null && (await browserDecodes(file));
    // A later pick owns the check now.
    if (picked.current !== file) return;
    if (plain) {
      setPhase({ kind: "idle" });
      setChecking(false);
      return onPlainFile(file);
    }
    if (!isMasterFile(file)) {
      setPhase({ kind: "failed", message: resumableMessages.notVideo(file.name) });
      if (input.current) input.current.value = "";
      setChecking(false);
      return onChange(null);
    }
    const { Upload } = await import("tus-js-client");
    if (picked.current !== file) return;
    // From here the form knows of the upload (and waits for it).
    setChecking(false);
    onChange({ file, id: null });
    setPhase({ kind: "uploading", sent: 0, total: file.size, rate: "" });
    setAnnouncement(`Uploading ${file.name}.`);
    const rate = new UploadRate();
    let announced = 0;
    const transfer: Upload = new Upload(file, {
      endpoint: RESUMABLE_ENDPOINT,
      chunkSize: RESUMABLE_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      metadata: { filename: file.name, filetype: file.type, kind },
      // A page reloaded mid-upload picks the same file up where it stopped.
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        return status === 0 || status === 423 || status >= 500;
      },
      onProgress: (sent, total) => {
        rate.add(sent);
        setPhase({ kind: "uploading", sent, total, rate: describeUploadRate(rate, sent, total) });
        const quarter = Math.floor((sent / total) * 4);
        if (quarter > announced && quarter < 4) {
          announced = quarter;
          setAnnouncement(`Upload ${quarter * 25}% done.`);
        }
      },
      onSuccess: () => {
        const id = transfer.url?.split("/").pop() ?? null;
        setPhase({ kind: "done" });
        setAnnouncement(`${file.name} is uploaded.`);
        onChange({ file, id });
      },
      onError: (error) => {
        const status = (
          error as { originalResponse?: { getStatus(): number } }
        ).originalResponse?.getStatus?.();
        if (!status) {
          // The connection is gone: resume from the server's offset once the browser is back online.
          setPhase((current) => ({
            kind: "offline",
            sent: current.kind === "uploading" ? current.sent : 0,
            total: file.size,
          }));
          setAnnouncement("The connection dropped. The upload resumes when it is back.");
          const resume = () => {
            stopWaiting();
            rate.reset();
            setAnnouncement("Connection back: the upload resumes.");
            transfer.start();
          };
          resumeWhenOnline.current = resume;
          window.addEventListener("online", resume);
          if (navigator.onLine)
            window.setTimeout(() => resumeWhenOnline.current === resume && resume(), 5000);
          return;
        }
        const message = resumableErrorMessage(error);
        setPhase({ kind: "failed", message });
        onChange(null);
      },
    });
    upload.current = transfer;
    transfer.start();
  }

  async function cancel() {
    stopWaiting();
    const transfer = upload.current;
    upload.current = null;
    setPhase({ kind: "idle" });
    setAnnouncement("Upload cancelled.");
    if (input.current) input.current.value = "";
    onChange(null);
    // `true`: the upload is deleted on the server, nothing of it is kept.
    await transfer?.abort(true).catch(() => {});
  }

  const active = phase.kind === "uploading" || phase.kind === "offline";
  const percent =
    phase.kind === "done"
      ? 100
      : active && phase.total > 0
        ? Math.floor((phase.sent / phase.total) * 100)
        : null;
  return (
    <div className="space-y-2">
      <FileField
        label={label}
        hint={hint}
        accept={MASTER_ACCEPT}
        disabled={disabled}
        error={phase.kind === "failed" ? phase.message : null}
        onChange={(event) => {
          input.current = event.currentTarget;
          const file = event.currentTarget.files?.[0];
          if (file) void pick(file);
        }}
      />
      {phase.kind === "checking" ? <p className="text-muted text-sm">Checking the video…</p> : null}
      {percent !== null ? (
        <div className="space-y-1">
          <UploadProgress
            percent={percent}
            label={phase.kind === "done" ? "Uploaded" : "Uploading"}
          />
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <p className="text-muted tabular-nums">
              {phase.kind === "uploading" ? phase.rate : null}
              {phase.kind === "offline"
                ? "Connection lost: the upload resumes when it is back."
                : null}
              {phase.kind === "done" ? "Upload complete. Save to attach the video." : null}
            </p>
            {active ? (
              <button
                type="button"
                onClick={() => void cancel()}
                className="rounded-md border border-black/20 bg-white px-3 py-1 font-medium hover:bg-black/5"
              >
                Cancel upload
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
