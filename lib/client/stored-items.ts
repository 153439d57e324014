import { messages } from "./messages";
import { callApi, type ResultTexts } from "./result";

export type Progress = (percent: number) => void;

/**
 * The calls a stored project and a stored section answer alike (docs/api.md): PUT with upload
 * progress (`update`), DELETE to the trash or, with `permanent`, for good (docs/spec.md §10), and
 * POST …/restore out of the trash (`restored` on success, else "Restore failed").
 */
export function storedItemCalls<T>(
  resource: "projects" | "sections",
  texts: { update: ResultTexts; delete: ResultTexts; restored: string },
) {
  const failed = messages.restoreFailed;
  const restore = { success: texts.restored, failure: failed, network: failed };
  return {
    update: (id: string, form: FormData, onProgress?: Progress) =>
      callApi<T>([resource, id], { method: "PUT", body: form, onProgress }, texts.update),
    delete: (id: string, permanent = false) =>
      callApi(
        [resource, id],
        { method: "DELETE" },
        texts.delete,
        permanent ? "?permanent=true" : "",
      ),
    restore: (id: string) => callApi<T>([resource, id, "restore"], { method: "POST" }, restore),
  };
}
