import type { ProjectJson } from "@/lib/data/serialize";
import { statusMessages } from "@/lib/validation/status";
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

/** DELETE /api/projects/{id}. */
export async function deleteProject(id: string): Promise<Result> {
  const outcome = await sendRequest(`/api/projects/${encodeURIComponent(id)}`, {
    method: "DELETE",
  });
  return toResult(outcome, {
    success: messages.projectDeleted,
    failure: messages.deleteProjectFailed,
    network: messages.deleteProjectException,
  });
}

/**
 * POST /api/projects/{id}/unlock: opens a protected project in this browser (docs/spec.md §11).
 * The server's message on refusal (wrong password, too many tries).
 */
export async function unlockProject(id: string, password: string): Promise<Result> {
  const outcome = await sendRequest(`/api/projects/${encodeURIComponent(id)}/unlock`, {
    method: "POST",
    body: { password },
  });
  return toResult(outcome, {
    success: "",
    failure: statusMessages.wrongPassword,
    network: messages.networkError,
  });
}
