import { discardBody } from "@/lib/http/request-body";

export type JsonBodyProblem = "too_large" | "invalid_json" | "not_object";

/** Why a JSON body was refused; each caller answers it in its own error shape. */
export class JsonBodyError extends Error {
  override name = "JsonBodyError";
  constructor(readonly problem: JsonBodyProblem) {
    super(problem);
  }
}

/**
 * The body as text, at most `maxBytes`. A larger declared Content-Length is refused before a byte
 * is read; an undeclared or false one stops at the first chunk past the cap, so memory never holds
 * more than `maxBytes` (the rest is drained, never cancelled: see discardBody).
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) {
    if (request.body) void discardBody(request.body.getReader());
    throw new JsonBodyError("too_large");
  }
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      void discardBody(reader);
      throw new JsonBodyError("too_large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * A JSON object body of at most `maxBytes` (read by readBodyText). An empty body is `{}` when
 * `allowEmpty` is set (GoTrue accepts bodiless POSTs), else invalid JSON.
 */
export async function readJsonObject(
  request: Request,
  maxBytes: number,
  { allowEmpty = false }: { allowEmpty?: boolean } = {},
): Promise<Record<string, unknown>> {
  return parseJsonObject(await readBodyText(request, maxBytes), { allowEmpty });
}

/** A body's text as a JSON object, as readJsonObject reads it. */
export function parseJsonObject(
  text: string,
  { allowEmpty = false }: { allowEmpty?: boolean } = {},
): Record<string, unknown> {
  if (allowEmpty && text.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new JsonBodyError("invalid_json");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new JsonBodyError("not_object");
  return body as Record<string, unknown>;
}
