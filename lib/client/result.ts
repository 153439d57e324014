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

/** What a request that never got an answer shows unless its screen says otherwise. */
export const NETWORK_ERROR = "Network error";

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
    return { ok: false, message: texts.network ?? NETWORK_ERROR };
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
