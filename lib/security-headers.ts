// Security headers: the static ones for every route from next.config.ts, the Content-Security-Policy
// per page from proxy.ts (or next.config.ts for the pages that skip it). Kept free of server-only imports because the Next.js config loads it.

type Options = {
  production: boolean;
  /** Origin of a hosted Supabase project the browser talks to, if any. */
  supabaseUrl?: string;
  /**
   * Also allow any project on supabase.co: for the pages whose header is fixed at build time
   * (lib/site/routing-rules.ts), where the run-time NEXT_PUBLIC_SUPABASE_URL is not known yet.
   * A signed-in owner's browser refreshes the session from those pages too.
   */
  anySupabaseProject?: boolean;
  /**
   * CLOUDINARY_URL, when set: the owner forms upload files straight to Cloudinary's API
   * (docs/api.md#direct-uploads), so its origin (or the URL's `upload_prefix`) may be reached.
   */
  cloudinaryUrl?: string;
  /**
   * Also allow Cloudinary's API origin without knowing CLOUDINARY_URL: for the pages whose header
   * is fixed at build time, where an owner may edit a project's cover.
   */
  anyCloudinaryUpload?: boolean;
};

const CLOUDINARY_API = "https://api.cloudinary.com";

/** The origin direct uploads go to for a CLOUDINARY_URL; null for an unset or unreadable one. */
export function cloudinaryUploadOrigin(cloudinaryUrl: string | undefined): string | null {
  if (!cloudinaryUrl) return null;
  try {
    const prefix = new URL(cloudinaryUrl).searchParams.get("upload_prefix");
    return prefix ? new URL(prefix).origin : CLOUDINARY_API;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy allows only what the site uses: its own origin, Vimeo player frames,
 * Cloudinary media and (when configured) the hosted Supabase origin and Cloudinary's upload API. Scripts keep 'unsafe-inline'
 * because Next.js inlines its bootstrap scripts in prerendered, cached pages, where a per-request
 * nonce cannot exist; 'unsafe-eval' is only needed by the development server.
 */
export function contentSecurityPolicy({
  production,
  supabaseUrl,
  anySupabaseProject = false,
  cloudinaryUrl,
  anyCloudinaryUpload = false,
}: Options): string {
  const uploads = [
    ...(anyCloudinaryUpload ? [CLOUDINARY_API] : []),
    ...[cloudinaryUploadOrigin(cloudinaryUrl)].filter((origin): origin is string => !!origin),
  ];
  const supabase = supabaseUrl ? new URL(supabaseUrl).origin : "";
  const hosted = [
    ...(supabase ? [supabase, supabase.replace(/^http/, "ws")] : []),
    ...(anySupabaseProject ? ["https://*.supabase.co", "wss://*.supabase.co"] : []),
  ];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'unsafe-inline'", ...(production ? [] : ["'unsafe-eval'"])],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https://res.cloudinary.com"],
    "media-src": ["'self'", "blob:", "https://res.cloudinary.com"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...new Set([...hosted, ...uploads])],
    "frame-src": ["https://player.vimeo.com"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/**
 * Headers for every response. The CSP is added per page request by proxy.ts, and for the pages
 * that skip it by next.config.ts (lib/site/routing-rules.ts).
 */
export function securityHeaders(
  options: Pick<Options, "production">,
): { key: string; value: string }[] {
  return [
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    {
      key: "Permissions-Policy",
      value: "camera=(), microphone=(), geolocation=(), browsing-topics=()",
    },
    ...(options.production
      ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }]
      : []),
  ];
}
