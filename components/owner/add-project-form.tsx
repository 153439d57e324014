"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormError } from "@/components/forms/form-message";
import { UploadProgress } from "@/components/forms/upload-progress";
import { SubmitButton } from "@/components/forms/submit-button";
import { useToast } from "@/components/ui/toast-provider";
import {
  fillProjectForm,
  validateNewProject,
  withCoverReference,
  type ProjectDraft,
} from "@/lib/client/project-draft";
import { uploadDirect } from "@/lib/client/direct-upload";
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
    // On Cloudinary the cover goes there first (issue 19 item 3); else it is sent with the form.
    const direct = await uploadDirect(draft.cover ? [{ file: draft.cover, kind: "cover" }] : []);
    if (direct.kind === "failed") {
      setBusy(false);
      return fail(direct.message);
    }
    const sent = direct.kind === "ok" ? withCoverReference(draft, direct.references[0]!) : draft;
    const form = new FormData();
    fillProjectForm<File | string>(form, sent, userId);
    setProgress(0);
    const result = await addProject(form, setProgress);
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
      <SubmitButton busy={busy} busyLabel="Adding project…">
        Add Project
      </SubmitButton>
    </form>
  );
}
