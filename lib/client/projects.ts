import type { ProjectJson } from "@/lib/data/serialize";
import { statusMessages } from "@/lib/validation/project-status";
import { messages } from "./messages";
import { sendRequest } from "./request";
import { callApi, type Result } from "./result";

type Progress = (percent: number) => void;

/** POST /api/projects (multipart: title, role, category, userId, cover, coverVideo) with upload progress. */
export function addProject(form: FormData, onProgress?: Progress): Promise<Result<ProjectJson>> {
  return callApi<ProjectJson>(
    ["projects"],
    { method: "POST", body: form, onProgress },
    {
      success: messages.projectAdded,
      fixedSuccess: true,
      failure: messages.addProjectFailed,
      network: messages.addProjectFailed,
    },
  );
}

/** GET /api/projects/{id}: the stored project, or null when it cannot be read. */
export async function getProject(id: string): Promise<ProjectJson | null> {
  const outcome = await sendRequest<ProjectJson>(`/api/projects/${encodeURIComponent(id)}`, {
    method: "GET",
  });
  return outcome.kind === "ok" ? (outcome.body.data ?? null) : null;
}

/** PUT /api/projects/{id} (multipart: title, role, category and, when replaced, cover or coverVideo). */
export function updateProject(
  id: string,
  form: FormData,
  onProgress?: Progress,
): Promise<Result<ProjectJson>> {
  return callApi<ProjectJson>(
    ["projects", id],
    { method: "PUT", body: form, onProgress },
    {
      success: messages.projectUpdated,
      failure: messages.updateProjectFailed,
      network: messages.updateProjectException,
    },
  );
}

/** DELETE /api/projects/{id}: to the trash; `permanent` deletes it for good (docs/spec.md §10). */
export function deleteProject(id: string, permanent = false): Promise<Result> {
  const texts = {
    success: messages.projectDeleted,
    failure: messages.deleteProjectFailed,
    network: messages.deleteProjectException,
  };
  return callApi(["projects", id], { method: "DELETE" }, texts, permanent ? "?permanent=true" : "");
}

/** POST /api/projects/{id}/restore: out of the trash, back to its place. */
export function restoreProject(id: string): Promise<Result<ProjectJson>> {
  return callApi<ProjectJson>(
    ["projects", id, "restore"],
    { method: "POST" },
    {
      success: messages.projectRestored,
      failure: messages.restoreFailed,
      network: messages.restoreFailed,
    },
  );
}

/**
 * POST /api/projects/{id}/unlock: opens a protected project in this browser (docs/spec.md §11).
 * The server's message on refusal (wrong password, too many tries).
 */
export function unlockProject(id: string, password: string): Promise<Result> {
  return callApi(
    ["projects", id, "unlock"],
    { method: "POST", body: { password } },
    {
      success: "",
      failure: statusMessages.wrongPassword,
      network: messages.networkError,
    },
  );
}
