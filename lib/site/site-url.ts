import "server-only";
import { headers } from "next/headers";
import { env } from "@/lib/env";
import { readRequestOrigin } from "@/lib/http/request-origin";

/**
 * The origin written into cached pages (metadata, JSON-LD): NEXT_PUBLIC_SITE_URL, else the local
 * server's address as Next.js itself assumes for metadataBase. It must not depend on the request:
 * one rendering is served to every visitor.
 */
export function getCachedSiteUrl(): URL {
  const configured = env().NEXT_PUBLIC_SITE_URL;
  if (configured) return new URL(configured);
  return new URL(`http://localhost:${env().PORT ?? "3000"}`);
}

/**
 * The site's public origin: NEXT_PUBLIC_SITE_URL when set, else the request's own host.
 * `X-Forwarded-Host` and `X-Forwarded-Proto` are any client's to set, and a cache in front that
 * does not key on them would hand a sitemap naming another site to everyone: they count only when
 * AUTH_TRUST_PROXY says a proxy in front sets them (as lib/auth decides for the Origin check).
 * Otherwise the `Host` header names the site, over http for a local address and https for any
 * other (a site served over plain http elsewhere sets NEXT_PUBLIC_SITE_URL).
 */
export async function getSiteUrl(): Promise<URL> {
  const { NEXT_PUBLIC_SITE_URL: configured, AUTH_TRUST_PROXY: trustProxy } = env();
  if (configured) return new URL(configured);
  return new URL(readRequestOrigin(await headers(), { trustForwarded: trustProxy }));
}
