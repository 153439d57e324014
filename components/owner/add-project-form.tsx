"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormError } from "@/components/forms/form-message";
import { UploadProgress } from "@/components/forms/upload-progress";
import { SubmitButton } from "@/components/forms/submit-button";
import { useToast } from "@/components/ui/toast-provider";
import { projectFormData, validateNewProject, type ProjectDraft } from "@/lib/client/project-draft";
import { addProject } from "@/lib/client/projects";
import { ProjectFields } from "./project-fields";

/** Add New Project: all fields required; on success, on to adding the project's first section. */
export function AddProjectForm({ userId }: { userId: string }) {
  const router = useRouter();
  const { showToast } = useToast();
  const [draft, setDraft] = useState<ProjectDraft>({
    title: "",
    role: "",
    category: "",
    cover: null,
    year: "",
    client: "",
    summary: "",
    status: "published",
    password: "",
    publishAt: "",
    unpublishAt: "",
  });
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  function fail(message: string) {
    setError(message);
    showToast(message, "error");
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const invalid = validateNewProject(draft);
    if (invalid) return fail(invalid);
    setError(null);
    setBusy(true);
    const prepared = await projectFormData(draft, userId);
    if (!prepared.ok) {
      setBusy(false);
      return fail(prepared.message);
    }
    setProgress(0);
    const result = await addProject(prepared.form, setProgress);
    setProgress(null);
    if (!result.ok || !result.data?._id) {
      setBusy(false);
      return fail(result.message);
    }
    showToast(result.message, "success");
    router.push(`/addsection/${result.data._id}`);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <ProjectFields
        draft={draft}
        disabled={busy}
        coverRequired
        onChange={(patch) => {
          // A refusal of the file chosen before no longer applies to a new one.
          if ("cover" in patch) setError(null);
          setDraft((current) => ({ ...current, ...patch }));
        }}
      />
      <UploadProgress percent={progress} />
      <FormError message={error} announce={false} />
      <SubmitButton
        busy={busy || Boolean(draft.coverVideoChecking)}
        busyLabel={busy ? "Adding project…" : "Checking the video…"}
      >
        Add Project
      </SubmitButton>
    </form>
  );
}
