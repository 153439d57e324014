/**
 * How to read the origin a request names (see readRequestOrigin). No imports: proxy.ts uses it.
 */
export type RequestOriginOptions = {
  /**
   * Whether `X-Forwarded-Host` and `X-Forwarded-Proto` name the origin. Any client can send them,
   * so they count only where a forged value harms no one else (the name of the client's own
   * session cookie) or where AUTH_TRUST_PROXY says a proxy in front sets them. A link mailed to
   * someone else, or a page served to everyone, must not trust them otherwise.
   */
  trustForwarded: boolean;
  /**
   * The URL the server received the request at (`Request.url`; absent in server components, which
   * only see the headers). Next.js builds it from the address it listens at, so no header changes
   * its host.
   */
  url?: string;
  /** NEXT_PUBLIC_SITE_URL: when set, it is the origin, whatever the request says. */
  siteUrl?: string;
};

const LOCAL_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?$/i;

/** The first entry of a header a chain of proxies may have appended to, if any. */
function firstEntry(value: string | null): string | undefined {
  return value?.split(",")[0]?.trim() || undefined;
}

/** The origin of this protocol and host, or null when the host is no bare `name[:port]`. */
function originOf(protocol: string, host: string): string | null {
  if (/[\s/\\?#@]/.test(host)) return null;
  try {
    return new URL(`${protocol}//${host}`).origin;
  } catch {
    return null;
  }
}

/**
 * The origin a request was addressed to, by one rule for every caller:
 * - NEXT_PUBLIC_SITE_URL (`siteUrl`) when given;
 * - host: with `trustForwarded`, `X-Forwarded-Host`, else the `Host` header, else the request
 *   URL's; without it, the request URL's host (the server's own address), else the `Host` header
 *   (server components have no URL; a cache in front keys on that header, not on forwarded ones);
 * - protocol: with `trustForwarded`, `X-Forwarded-Proto` (http or https), else the request URL's
 *   own, else http for a local host and https for any other.
 * A value that is no valid host is skipped for the next source; with none left, http://localhost.
 */
export function readRequestOrigin(headers: Headers, options: RequestOriginOptions): string {
  const { trustForwarded, url, siteUrl } = options;
  if (siteUrl) return new URL(siteUrl).origin;
  const requestUrl = url ? new URL(url) : undefined;
  const hosts = trustForwarded
    ? [firstEntry(headers.get("x-forwarded-host")), headers.get("host"), requestUrl?.host]
    : [requestUrl?.host, headers.get("host")];
  const forwardedProto = trustForwarded
    ? firstEntry(headers.get("x-forwarded-proto"))?.toLowerCase()
    : undefined;
  for (const host of hosts) {
    if (!host) continue;
    const protocol =
      forwardedProto === "http" || forwardedProto === "https"
        ? `${forwardedProto}:`
        : (requestUrl?.protocol ?? (LOCAL_HOST.test(host) ? "http:" : "https:"));
    const origin = originOf(protocol, host);
    if (origin) return origin;
  }
  return "http://localhost";
}
