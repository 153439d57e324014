import type { NextRequest } from "next/server";
import { updateSession } from "@/lib/supabase/proxy";

export function proxy(request: NextRequest) {
  return updateSession(request);
}

export const config = {
  // Not the auth service itself, build assets, media files or other static files.
  matcher: [
    "/((?!auth/v1/|_next/static|_next/image|media/|favicon\\.ico|.*\\.(?:svg|png|jpe?g|gif|webp|avif|ico|css|js|map|txt|xml|woff2?|mp4)$).*)",
  ],
};
