import type { NextConfig } from "next";
import { securityHeaders } from "./lib/security-headers";

const nextConfig: NextConfig = {
  // PGlite loads WASM and data files from its package folder at run time; bundling it breaks that.
  serverExternalPackages: ["@electric-sql/pglite", "sharp", "cloudinary", "formidable"],
  poweredByHeader: false,
  // Cached pages and data (lib/site/queries.ts) live in the server's memory only: the database is
  // the source of truth, and entries written to .next would outlive it (a restored or replaced
  // DATA_DIR, another server started from the same build) and serve pages of other data.
  experimental: { isrFlushToDisk: false },
  async headers() {
    const headers = securityHeaders({ production: process.env.NODE_ENV === "production" });
    return [{ source: "/:path*", headers }];
  },
  images: {
    formats: ["image/avif", "image/webp"],
    // Uploaded media (local adapter) and Cloudinary; anything else is refused by the optimizer.
    localPatterns: [{ pathname: "/media/**", search: "" }],
    remotePatterns: [{ protocol: "https", hostname: "res.cloudinary.com", pathname: "/**" }],
    // Media keys are immutable (a replaced file gets a new key), so optimized copies can live long.
    minimumCacheTTL: 60 * 60 * 24 * 30,
  },
};

export default nextConfig;
