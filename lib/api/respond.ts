import "server-only";
import { AuthError } from "@/lib/auth";
import { DATABASE_UNAVAILABLE_MESSAGE, reportDatabaseError } from "@/lib/db/availability";
import { UploadError } from "@/lib/uploads/errors";
import { messages } from "@/lib/validation/messages";

/** The REST envelope of docs/spec.md §7: `{ success, message, data }`. */
/** The JSON text of a successful answer's envelope (kept whole by lib/api/public-read.ts). */
export const okBody = (message: string, data: unknown): string =>
  JSON.stringify({ success: true, message, data });

/** An answer whose JSON text is already written. */
export const jsonResponse = (body: string, status = 200): Response =>
  new Response(body, { status, headers: { "Content-Type": "application/json" } });

export function ok<T>(message: string, data: T, status = 200): Response {
  return jsonResponse(okBody(message, data), status);
}

export function fail(status: number, message: string, headers?: HeadersInit): Response {
  return Response.json({ success: false, message, data: null }, { status, headers });
}

/**
 * An error that is the client's doing and carries its own status and message; or, with 502, a
 * file Cloudinary refused (docs/media.md "Media on Cloudinary").
 */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: 400 | 404 | 409 | 413 | 415 | 502,
    message: string,
  ) {
    super(message);
  }
}

function clientStatus(error: unknown): number | null {
  if (error instanceof ApiError || error instanceof UploadError || error instanceof AuthError) {
    return error.status;
  }
  return null;
}

/**
 * Runs a handler body and turns thrown client errors into their answers. Anything else is a real
 * fault: logged in full on the server, answered with a 500 that reveals nothing internal. A
 * database server that cannot be reached is a temporary outage, answered 503 with a clear message.
 */
export async function answer(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    const status = clientStatus(error);
    if (status !== null) return fail(status, (error as Error).message);
    if (reportDatabaseError(error)) {
      console.error("API request failed, database unavailable:", (error as Error).message);
      return fail(503, DATABASE_UNAVAILABLE_MESSAGE, { "Retry-After": "5" });
    }
    console.error("API request failed:", error);
    return fail(500, messages.unexpectedError);
  }
}

/**
 * For the methods a route does not support. Next.js would answer them with an empty 405; API
 * clients get the envelope instead, and the Allow header names what the route does take.
 */
export function methodNotAllowed(...allowed: string[]): () => Response {
  return () => {
    const response = fail(405, "Method not allowed");
    response.headers.set("Allow", allowed.join(", "));
    return response;
  };
}
