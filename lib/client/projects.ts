import type { ProjectJson } from "@/lib/data/serialize";
import { messages } from "./messages";
import { sendRequest } from "./request";
import { toResult, type Result } from "./result";

/** POST /api/projects (multipart: title, role, category, userId, cover). */
export async function addProject(form: FormData): Promise<Result<ProjectJson>> {
  const outcome = await sendRequest<ProjectJson>("/api/projects", { method: "POST", body: form });
  return toResult(outcome, {
    success: messages.projectAdded,
    fixedSuccess: true,
    failure: messages.addProjectFailed,
    network: messages.addProjectFailed,
  });
}

/** GET /api/projects/{id}: the stored project, or null when it cannot be read. */
export async function getProject(id: string): Promise<ProjectJson | null> {
  const outcome = await sendRequest<ProjectJson>(`/api/projects/${encodeURIComponent(id)}`, {
    method: "GET",
  });
  return outcome.kind === "ok" ? (outcome.body.data ?? null) : null;
}

/** PUT /api/projects/{id} (multipart: title, role, category and, when replaced, cover). */
export async function updateProject(id: string, form: FormData): Promise<Result<ProjectJson>> {
  const outcome = await sendRequest<ProjectJson>(`/api/projects/${encodeURIComponent(id)}`, {
    method: "PUT",
    body: form,
  });
  return toResult(outcome, {
    success: messages.projectUpdated,
    failure: messages.updateProjectFailed,
    network: messages.updateProjectException,
  });
}

/** DELETE /api/projects/{id}: to the trash; `permanent` deletes it for good (docs/spec.md §10). */
export async function deleteProject(id: string, permanent = false): Promise<Result> {
  const query = permanent ? "?permanent=true" : "";
  const outcome = await sendRequest(`/api/projects/${encodeURIComponent(id)}${query}`, {
    method: "DELETE",
  });
  return toResult(outcome, {
    success: messages.projectDeleted,
    failure: messages.deleteProjectFailed,
    network: messages.deleteProjectException,
  });
}

/** POST /api/projects/{id}/restore: out of the trash, back to its place. */
export async function restoreProject(id: string): Promise<Result<ProjectJson>> {
  const outcome = await sendRequest<ProjectJson>(
    `/api/projects/${encodeURIComponent(id)}/restore`,
    { method: "POST" },
  );
  return toResult(outcome, {
    success: messages.projectRestored,
    failure: messages.restoreFailed,
    network: messages.restoreFailed,
  });
}
