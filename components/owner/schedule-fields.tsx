"use client";

import { useSyncExternalStore } from "react";
import { TextField } from "@/components/forms/field";
import { describeTimeZone, type ProjectDraft } from "@/lib/client/project-draft";

const noSubscription = () => () => {};

/**
 * Publish at and Unpublish at (docs/spec.md §11, "Publishing on a schedule"), typed in the owner's
 * time zone, which the fieldset names: the browser's, so the server's rendering has none and the
 * name appears once the page runs.
 */
export function ScheduleFields({
  draft,
  disabled,
  onChange,
}: {
  draft: ProjectDraft;
  disabled: boolean;
  onChange: (patch: Partial<ProjectDraft>) => void;
}) {
  const zone = useSyncExternalStore(noSubscription, describeTimeZone, () => null);
  return (
    <fieldset className="space-y-3">
      <legend className="font-medium">Schedule (optional)</legend>
      <p className="text-muted text-sm" data-testid="schedule-time-zone">
        {zone ? `Times are in your time zone: ${zone}.` : "Times are in your time zone."}
      </p>
      <TextField
        label="Publish at"
        name="publishAt"
        type="datetime-local"
        hint="Until then visitors get the project as a draft; then it appears with the status above, with nothing to do. Empty: at once."
        value={draft.publishAt ?? ""}
        disabled={disabled}
        onChange={(event) => onChange({ publishAt: event.target.value })}
      />
      <TextField
        label="Unpublish at"
        name="unpublishAt"
        type="datetime-local"
        hint="From then on visitors get it as a draft again. Empty: never."
        value={draft.unpublishAt ?? ""}
        disabled={disabled}
        onChange={(event) => onChange({ unpublishAt: event.target.value })}
      />
    </fieldset>
  );
}
