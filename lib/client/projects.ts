import type { ProjectJson } from "@/lib/data/serialize";
import { statusMessages } from "@/lib/validation/project-status";
import { messages } from "./messages";
import { sendRequest } from "./request";
import { callApi, storedItemCalls, type Progress, type Result } from "./result";

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

/**
 * PUT /api/projects/{id} (multipart: title, role, category and, when replaced, cover or coverVideo),
 * DELETE /api/projects/{id} (to the trash; `permanent`: for good) and POST …/restore.
 */
export const {
  update: updateProject,
  delete: deleteProject,
  restore: restoreProject,
} = storedItemCalls<ProjectJson>("projects", {
  update: {
    success: messages.projectUpdated,
    failure: messages.updateProjectFailed,
    network: messages.updateProjectException,
  },
  delete: {
    success: messages.projectDeleted,
    failure: messages.deleteProjectFailed,
    network: messages.deleteProjectException,
  },
  restored: messages.projectRestored,
});

/**
 * POST /api/projects/{id}/unlock: opens a protected project in this browser (docs/spec.md §11).
 * The server's message on refusal (wrong password, too many tries).
 */
export function unlockProject(id: string, password: string): Promise<Result> {
  return callApi(
    ["projects", id, "unlock"],
    { method: "POST", body: { password } },
    { success: "", failure: statusMessages.wrongPassword },
  );
}
