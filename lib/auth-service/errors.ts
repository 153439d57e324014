import "server-only";

/** An error the service reports to the client in GoTrue's shape (see respondWithError). */
export class AuthServiceError extends Error {
  override name = "AuthServiceError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const API_VERSION_HEADER = "X-Supabase-Api-Version";
export const API_VERSION = "2024-01-01";

export function invalidInput(message: string): AuthServiceError {
  return new AuthServiceError(400, "validation_failed", message);
}

export function rateLimited(): AuthServiceError {
  return new AuthServiceError(429, "over_request_rate_limit", "Request rate limit reached");
}

/**
 * Clients that send the API version header get `{code, message}` and the header back (that is how
 * supabase-js reads `error.code`); older clients get the legacy `{code: status, error_code, msg}`.
 */
export function respondWithError(request: Request, error: AuthServiceError): Response {
  const versioned = request.headers.has(API_VERSION_HEADER);
  const body = versioned
    ? { code: error.code, message: error.message, ...error.extra }
    : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (versioned) headers[API_VERSION_HEADER] = API_VERSION;
  return Response.json(body, { status: error.status, headers });
}
