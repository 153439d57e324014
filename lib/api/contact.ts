import "server-only";
import { readBodyText, JsonBodyError } from "@/lib/http/json-body";
import { CONTACT_LIMITS } from "@/lib/validation/contact";
import { messages } from "@/lib/validation/messages";
import { ApiError } from "./respond";
import { contactPageTexts } from "@/lib/validation/contact-page";

/**
 * A contact post's fields, from JSON or a form post (urlencoded), at most
 * CONTACT_LIMITS.bodyBytes: more is a 413 before the rest is read.
 */
export async function readContactBody(request: Request): Promise<(name: string) => unknown> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  let text: string;
  try {
    text = await readBodyText(request, CONTACT_LIMITS.bodyBytes);
  } catch (error) {
    if (error instanceof JsonBodyError) throw new ApiError(413, contactPageTexts.tooLarge);
    throw error;
  }
  if (type === "application/x-www-form-urlencoded") {
    const form = new URLSearchParams(text);
    return (name) => form.get(name);
  }
  if (type !== "application/json")
    throw new ApiError(415, "Send the message as JSON or as a form (urlencoded)");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(400, messages.invalidForm);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new ApiError(400, messages.invalidForm);
  return (name) => (body as Record<string, unknown>)[name];
}
