import { messages } from "./messages";
import { sendRequest } from "./request";
import { toResult, type Result } from "./result";

type Progress = (percent: number) => void;

/** POST /api/sections/{projectId} with upload progress; 'Request failed' for any non-2xx (docs/spec.md §8). */
export async function addSection(
  projectId: string,
  form: FormData,
  onProgress?: Progress,
): Promise<Result> {
  const outcome = await sendRequest(`/api/sections/${encodeURIComponent(projectId)}`, {
    method: "POST",
    body: form,
    onProgress,
  });
  return toResult(outcome, {
    success: messages.sectionAdded,
    fixedSuccess: true,
    failure: messages.addSectionFailed,
    httpError: messages.requestFailed,
    network: messages.networkError,
  });
}

/** PUT /api/sections/{id} with upload progress; the server's message, else 'Update failed'. */
export async function updateSection(
  id: string,
  form: FormData,
  onProgress?: Progress,
): Promise<Result> {
  const outcome = await sendRequest(`/api/sections/${encodeURIComponent(id)}`, {
    method: "PUT",
    body: form,
    onProgress,
  });
  return toResult(outcome, {
    success: messages.sectionUpdated,
    failure: messages.updateFailed,
    network: messages.networkError,
  });
}

/**
 * DELETE /api/sections/{id}: to the trash, or for good with `permanent` (docs/spec.md §10); a
 * failure shows the server's message.
 */
export async function deleteSection(id: string, permanent = false): Promise<Result> {
  const query = permanent ? "?permanent=true" : "";
  const outcome = await sendRequest(`/api/sections/${encodeURIComponent(id)}${query}`, {
    method: "DELETE",
  });
  return toResult(outcome, {
    success: messages.sectionDeleted,
    fixedSuccess: true,
    failure: messages.deleteSectionFailed,
    network: messages.networkError,
  });
}

/** POST /api/sections/{id}/restore: out of the trash, back to its place in the project. */
export async function restoreSection(id: string): Promise<Result> {
  const outcome = await sendRequest(`/api/sections/${encodeURIComponent(id)}/restore`, {
    method: "POST",
  });
  return toResult(outcome, {
    success: messages.sectionRestored,
    failure: messages.restoreFailed,
    network: messages.restoreFailed,
  });
}
