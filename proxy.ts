import type { NextRequest } from "next/server";
import { getSupabasePublicConfig } from "@/lib/auth/config";
import { contentSecurityPolicy } from "@/lib/security-headers";
import { updateSession } from "@/lib/supabase/proxy";

export async function proxy(request: NextRequest) {
  const response = await updateSession(request);
  // Set here, not in next.config.ts: the hosted Supabase origin is run-time configuration.
  response.headers.set(
    "Content-Security-Policy",
    contentSecurityPolicy({
      production: process.env.NODE_ENV === "production",
      supabaseUrl: getSupabasePublicConfig().url ?? undefined,
    }),
  );
  return response;
}

export const config = {
  // Not the auth service itself, the REST API, build assets, media files or other static files.
  // The API must stay out: with a proxy Next.js buffers request bodies (10 MB by default) and cuts
  // longer ones, which breaks 50 MB video uploads and streaming; its handlers check the session.
  matcher: [
    "/((?!auth/v1/|api/|_next/static|_next/image|media/|favicon\\.ico|.*\\.(?:svg|png|jpe?g|gif|webp|avif|ico|css|js|map|txt|xml|woff2?|mp4)$).*)",
  ],
};
