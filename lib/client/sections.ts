import { messages } from "./messages";
import { callApi, type Result } from "./result";

type Progress = (percent: number) => void;

/** POST /api/sections/{projectId} with upload progress; 'Request failed' for any non-2xx (docs/spec.md §8). */
export function addSection(
  projectId: string,
  form: FormData,
  onProgress?: Progress,
): Promise<Result> {
  return callApi(
    ["sections", projectId],
    { method: "POST", body: form, onProgress },
    {
      success: messages.sectionAdded,
      fixedSuccess: true,
      failure: messages.addSectionFailed,
      httpError: messages.requestFailed,
      network: messages.networkError,
    },
  );
}

/** PUT /api/sections/{id} with upload progress; the server's message, else 'Update failed'. */
export function updateSection(id: string, form: FormData, onProgress?: Progress): Promise<Result> {
  return callApi(
    ["sections", id],
    { method: "PUT", body: form, onProgress },
    {
      success: messages.sectionUpdated,
      failure: messages.updateFailed,
      network: messages.networkError,
    },
  );
}

/**
 * DELETE /api/sections/{id}: to the trash, or for good with `permanent` (docs/spec.md §10); a
 * failure shows the server's message.
 */
export function deleteSection(id: string, permanent = false): Promise<Result> {
  const texts = {
    success: messages.sectionDeleted,
    fixedSuccess: true,
    failure: messages.deleteSectionFailed,
    network: messages.networkError,
  };
  return callApi(["sections", id], { method: "DELETE" }, texts, permanent ? "?permanent=true" : "");
}

/** POST /api/sections/{id}/restore: out of the trash, back to its place in the project. */
export function restoreSection(id: string): Promise<Result> {
  return callApi(
    ["sections", id, "restore"],
    { method: "POST" },
    {
      success: messages.sectionRestored,
      failure: messages.restoreFailed,
      network: messages.restoreFailed,
    },
  );
}
