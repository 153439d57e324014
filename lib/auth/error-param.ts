import "server-only";

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * The error an auth redirect put in the address (`error_description`, as the auth service and
 * /auth/callback send it), cut to a sane length; shown as text, never as markup.
 */
export function readAuthErrorParam(params: SearchParams): string | undefined {
  const value = params.error_description ?? params.error;
  const text = Array.isArray(value) ? value[0] : value;
  return text ? text.slice(0, 200) : undefined;
}
