import { messages } from "./messages";
import type { SectionJson } from "@/lib/data/serialize";
import { callApi, type Result } from "./result";
import { storedItemCalls, type Progress } from "./stored-items";

/** POST /api/sections/{projectId} with upload progress; 'Request failed' for any non-2xx (docs/spec.md §8). */
export function addSection(
  projectId: string,
  form: FormData,
  onProgress?: Progress,
): Promise<Result<SectionJson>> {
  return callApi<SectionJson>(
    ["sections", projectId],
    { method: "POST", body: form, onProgress },
    {
      success: messages.sectionAdded,
      fixedSuccess: true,
      failure: messages.addSectionFailed,
      httpError: messages.requestFailed,
    },
  );
}

/**
 * PUT /api/sections/{id} with upload progress (the server's message, else 'Update failed'),
 * DELETE /api/sections/{id} (to the trash, or for good with `permanent`; a failure shows the
 * server's message) and POST …/restore, back to its place in the project.
 */
export const {
  update: updateSection,
  delete: deleteSection,
  restore: restoreSection,
} = storedItemCalls<SectionJson>("sections", {
  update: { success: messages.sectionUpdated, failure: messages.updateFailed },
  delete: {
    success: messages.sectionDeleted,
    fixedSuccess: true,
    failure: messages.deleteSectionFailed,
  },
  restored: messages.sectionRestored,
});
