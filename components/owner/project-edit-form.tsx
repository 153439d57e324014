"use client";

import { useEffect, useState } from "react";
import { FormError } from "@/components/forms/form-message";
import { UploadProgress } from "@/components/forms/upload-progress";
import { SubmitButton } from "@/components/forms/submit-button";
import {
  projectFormData,
  toLocalDateTime,
  validateProjectEdit,
  type ProjectDraft,
} from "@/lib/client/project-draft";
import { getProject, updateProject } from "@/lib/client/projects";
import type { ProjectStatus } from "@/lib/domain";
import { ProjectFields } from "./project-fields";
import type { EditableProject } from "./editable-project";

export type ProjectEditFormProps = {
  project: EditableProject;
  /**
   * A status to start from instead of the stored one: the dashboard's status select opens the
   * dialog with "protected" chosen, so the owner sets the password it needs (docs/spec.md §11).
   */
  initialStatus?: ProjectStatus;
  onCancel: () => void;
  onSaved: (message: string) => void;
  /** Told when a save starts and ends (the dialog cannot be closed meanwhile). */
  onBusyChange?: (busy: boolean) => void;
};

/**
 * The project's fields with Save Changes (docs/spec.md §2) and the optional details: the body of
 * the card's Edit dialog and of the project editor's "Edit details".
 */
export function ProjectEditForm({
  project,
  initialStatus,
  onCancel,
  onSaved,
  onBusyChange,
}: ProjectEditFormProps) {
  const [draft, setDraft] = useState<ProjectDraft>({
    title: project.title,
    role: project.role,
    category: project.category,
    cover: null,
    status: initialStatus,
  });
  // The optional details are read when the form opens rather than sent with every gallery card
  // to every visitor. Until they arrive they are left out of a save (the server keeps them), and
  // a field the owner has typed in meanwhile keeps what was typed.
  // The version the edit starts from (docs/spec.md §10): a save after someone else's answers 409.
  const [version, setVersion] = useState<number | undefined>(undefined);
  const [currentCoverVideo, setCurrentCoverVideo] = useState("");
  const [currentCoverLoop, setCurrentCoverLoop] =
    useState<React.ComponentProps<typeof ProjectFields>["currentCoverLoop"]>(undefined);
  // The schedule as loaded: a field left as it was is not sent, so the stored instant stays exact.
  const [shownSchedule, setShownSchedule] = useState<Pick<
    ProjectDraft,
    "publishAt" | "unpublishAt"
  > | null>(null);
  useEffect(() => {
    let open = true;
    void getProject(project.id).then((stored) => {
      if (!open || !stored) return;
      setVersion(stored.version);
      setCurrentCoverVideo(stored.coverVideo);
      if (stored.coverVideo)
        setCurrentCoverLoop({
          projectId: project.id,
          source: stored.coverVideoMaster ?? "",
          trim:
            stored.coverTrimEnd === null
              ? null
              : { start: stored.coverTrimStart ?? 0, end: stored.coverTrimEnd },
          videoStatus: stored.coverVideoStatus,
          videoError: stored.coverVideoError,
        });
      const schedule = {
        publishAt: toLocalDateTime(stored.publishAt),
        unpublishAt: toLocalDateTime(stored.unpublishAt),
      };
      setShownSchedule(schedule);
      setDraft((current) => ({
        ...current,
        year: current.year ?? (stored.year === null ? "" : String(stored.year)),
        client: current.client ?? stored.client,
        summary: current.summary ?? stored.summary,
        coverFocal: current.coverFocal ?? stored.coverFocal,
        status: current.status ?? stored.status,
        hasPassword: stored.hasPassword,
        publishAt: current.publishAt ?? schedule.publishAt,
        unpublishAt: current.unpublishAt ?? schedule.unpublishAt,
      }));
    });
    return () => {
      open = false;
    };
  }, [project.id]);
  const [busy, setBusyState] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const setBusy = (value: boolean) => {
    setBusyState(value);
    onBusyChange?.(value);
  };

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const invalid = validateProjectEdit(draft);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    const prepared = await projectFormData({
      ...draft,
      publishAt: draft.publishAt === shownSchedule?.publishAt ? undefined : draft.publishAt,
      unpublishAt: draft.unpublishAt === shownSchedule?.unpublishAt ? undefined : draft.unpublishAt,
    });
    if (!prepared.ok) {
      setBusy(false);
      return setError(prepared.message);
    }
    const { form } = prepared;
    if (version !== undefined) form.append("version", String(version));
    setProgress(0);
    const result = await updateProject(project.id, form, setProgress);
    setProgress(null);
    setBusy(false);
    if (result.ok) onSaved(result.message);
    else setError(result.message);
  }

  return (
    <form onSubmit={save} noValidate className="mt-4 space-y-4">
      <ProjectFields
        draft={draft}
        disabled={busy}
        coverRequired={false}
        currentCover={{ url: project.coverUrl, alt: `Current cover of ${project.title}` }}
        currentCoverVideo={currentCoverVideo || undefined}
        currentCoverLoop={currentCoverLoop}
        onChange={(patch) => {
          // A refusal of the file chosen before no longer applies to a new one.
          if ("cover" in patch) setError(null);
          setDraft((current) => ({ ...current, ...patch }));
        }}
      />
      <UploadProgress percent={progress} />
      <FormError message={error} />
      <div className="flex justify-end gap-3">
        <button
          type="button"
          onClick={onCancel}
          disabled={busy}
          className="rounded-md border border-black/20 px-4 py-2 font-medium hover:bg-black/5"
        >
          Cancel
        </button>
        <SubmitButton
          busy={busy || Boolean(draft.coverVideoChecking)}
          busyLabel={busy ? "Saving…" : "Checking the video…"}
        >
          Save Changes
        </SubmitButton>
      </div>
    </form>
  );
}
