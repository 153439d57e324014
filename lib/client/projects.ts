import type { ProjectJson } from "@/lib/data/serialize";
import { messages } from "./messages";
import { sendRequest } from "./request";
import { callApi, type Result } from "./result";
import { storedItemCalls, type Progress } from "./stored-items";

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
