import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { getSiteUrl } from "@/lib/site/site-url";

const PRIVATE_PATHS = [
  "/api/",
  "/auth/",
  "/dashboard",
  "/addproject",
  "/addsection/",
  "/editsectionpage/",
  "/editproject/",
];

export default async function robots(): Promise<MetadataRoute.Robots> {
  await connection();
  const siteUrl = await getSiteUrl();
  return {
    rules: { userAgent: "*", allow: "/", disallow: PRIVATE_PATHS },
    sitemap: new URL("/sitemap.xml", siteUrl).toString(),
  };
}
