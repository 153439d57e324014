import "server-only";
import { headers } from "next/headers";
import { env } from "@/lib/env";

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

/** The site's public origin: NEXT_PUBLIC_SITE_URL when set, else the request's own host. */
export async function getSiteUrl(): Promise<URL> {
  const configured = env().NEXT_PUBLIC_SITE_URL;
  if (configured) return new URL(configured);
  const list = await headers();
  const host = list.get("x-forwarded-host") ?? list.get("host") ?? "localhost:3000";
  const proto = list.get("x-forwarded-proto") ?? (host.startsWith("localhost") ? "http" : "https");
  return new URL(`${proto}://${host}`);
}
