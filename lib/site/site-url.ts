import "server-only";
import { headers } from "next/headers";
import { env } from "@/lib/env";

/** The site's public origin: NEXT_PUBLIC_SITE_URL when set, else the request's own host. */
export async function getSiteUrl(): Promise<URL> {
  const configured = env().NEXT_PUBLIC_SITE_URL;
  if (configured) return new URL(configured);
  const list = await headers();
  const host = list.get("x-forwarded-host") ?? list.get("host") ?? "localhost:3000";
  const proto = list.get("x-forwarded-proto") ?? (host.startsWith("localhost") ? "http" : "https");
  return new URL(`${proto}://${host}`);
}
