import { messages } from "./messages";
import { sendRequest, type Outcome, type RequestOptions } from "./request";

/** What a screen shows after a request: the text for the toast or the form's error line. */
export type Result<T = unknown> =
  | { ok: true; message: string; data: T | undefined }
  | {
      ok: false;
      message: string;
      /** The server's own explanation when the spec's text is a generic one. */
      detail?: string;
      /** HTTP status, absent for network failures. */
      status?: number;
    };

export type ResultTexts = {
  /** Shown on success when the server gave no message (or always, with `fixedSuccess`). */
  success: string;
  fixedSuccess?: boolean;
  /** Shown when the server refused without a message of its own. */
  failure: string;
  /** Shown for every non-2xx answer instead of the server's message (the add-section rule). */
  httpError?: string;
  /** Shown when the request never got an answer; "Network error" by default. */
  network?: string;
};

/** Turns a request outcome into the spec's text for one screen (docs/spec.md §8). */
export function toResult<T>(outcome: Outcome<T>, texts: ResultTexts): Result<T> {
  if (outcome.kind === "network-error")
    return { ok: false, message: texts.network ?? messages.networkError };
  const serverMessage = outcome.body?.message || undefined;
  if (outcome.kind === "ok" && outcome.body.success) {
    const message = texts.fixedSuccess ? texts.success : (serverMessage ?? texts.success);
    return { ok: true, message, data: outcome.body.data };
  }
  if (outcome.kind === "http-error" && texts.httpError) {
    return { ok: false, message: texts.httpError, detail: serverMessage, status: outcome.status };
  }
  return { ok: false, message: serverMessage ?? texts.failure, status: outcome.status };
}

/**
 * One request to the site's API, its outcome turned into what a screen shows (`texts`). The path
 * segments are encoded (`query`, e.g. "?permanent=true", is appended as given); `options` carries the method, the body and upload progress.
 */
export async function callApi<T = unknown>(
  path: readonly string[],
  options: RequestOptions,
  texts: ResultTexts,
  query = "",
): Promise<Result<T>> {
  const url = `/api/${path.map(encodeURIComponent).join("/")}${query}`;
  return toResult(await sendRequest<T>(url, options), texts);
}

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
