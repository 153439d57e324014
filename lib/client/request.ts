/** The REST envelope of docs/spec.md §7. */
export type Envelope<T = unknown> = { success: boolean; message: string; data?: T };

/** What came back from one request, before any screen decides which text to show. */
export type Outcome<T = unknown> =
  | { kind: "ok"; status: number; body: Envelope<T> }
  | { kind: "http-error"; status: number; body: Envelope<T> | null }
  | { kind: "network-error" };

export type RequestOptions = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: FormData | object;
  /** Called with 0–100 while the request body is being sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

/** Reads a JSON envelope out of a response text; null for anything that is not one. */
export function parseEnvelope<T>(text: string): Envelope<T> | null {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === "object" && "success" in value) {
      const { success, message, data } = value as Record<string, unknown>;
      return {
        success: success === true,
        message: typeof message === "string" ? message : "",
        data: data as T | undefined,
      };
    }
  } catch {
    // Not JSON (a proxy error page, an empty body): the caller falls back to its own text.
  }
  return null;
}

/** Classifies a finished response; a 2xx without a successful envelope counts as a failure. */
export function toOutcome<T>(status: number, text: string): Outcome<T> {
  const body = parseEnvelope<T>(text);
  if (status >= 200 && status < 300 && body) return { kind: "ok", status, body };
  return { kind: "http-error", status, body };
}

/** Whole percent of an upload, never more than 100, 0 when the total is unknown. */
export function toPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

/**
 * Sends a request with XMLHttpRequest: unlike fetch, it reports upload progress. Never rejects;
 * network failures and aborts come back as a "network-error" outcome.
 */
export function sendRequest<T = unknown>(
  url: string,
  options: RequestOptions,
): Promise<Outcome<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method, url);
    xhr.setRequestHeader("Accept", "application/json");
    const { onProgress, signal } = options;
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(toPercent(event.loaded, event.total));
      };
    }
    xhr.onload = () => resolve(toOutcome<T>(xhr.status, xhr.responseText));
    xhr.onerror = () => resolve({ kind: "network-error" });
    xhr.onabort = () => resolve({ kind: "network-error" });
    xhr.ontimeout = () => resolve({ kind: "network-error" });
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });

    let payload: XMLHttpRequestBodyInit | null = null;
    if (options.body instanceof FormData) payload = options.body;
    else if (options.body !== undefined) {
      xhr.setRequestHeader("Content-Type", "application/json");
      payload = JSON.stringify(options.body);
    }
    xhr.send(payload);
  });
}
