// Loaded by Node.js's own type stripping at `next start` (--experimental-next-config-strip-types,
// scripts/start.sh): so Next.js does not load its compiler (SWC, ~40 MB resident) into the
// serving process just to read this file. Hence the explicit `.ts` extensions here and in what
// these modules import, and no TypeScript-only syntax (enums, namespaces) in them.
import path from "node:path";
import type { NextConfig } from "next";
import { contentSecurityPolicy, securityHeaders } from "./lib/security-headers.ts";
import { DEVICE_SIZES, IMAGE_SIZES } from "./lib/site/image-widths.ts";
import {
  galleryRewrites,
  NOT_FOUND_PATH,
  notFoundRewrites,
  projectPageRewrites,
  PROXY_FREE_PAGE_SOURCES,
} from "./lib/site/routing-rules.ts";

const nextConfig: NextConfig = {
  // PGlite loads WASM and data files from its package folder at run time; bundling it breaks that.
  serverExternalPackages: ["@electric-sql/pglite", "sharp", "cloudinary", "formidable"],
  poweredByHeader: false,
  // No ETag on pages: Next.js computes one by hashing the whole HTML (or RSC payload) on every
  // response, cached or not, which cost 13–31 % of a cached page's requests/s here
  // (docs/performance.md#etags). What it saved is a revisit's HTML (about 10 kB gzip): pages are
  // `s-maxage` only, so a browser asks again and would get a 304. Media keep their own cheap
  // validator (lib/storage/serve.ts), and optimized images theirs.
  generateEtags: false,
  // `npm test` (scripts/test.sh, which sets PORTFOLIO_TEST_RUN) runs `tsc --noEmit` over the whole
  // project beside the build; the build's own type check, of the product files alone, would repeat
  // part of it on the build's critical path (about 16 s of one core).
  typescript: { ignoreBuildErrors: process.env.PORTFOLIO_TEST_RUN !== undefined },
  // Cached pages and data (lib/site/queries.ts) live in the server's memory only: the database is
  // the source of truth, and entries written to .next would outlive it (a restored or replaced
  // DATA_DIR, another server started from the same build) and serve pages of other data.
  // Pages and data as Next.js keeps them (in memory, below); optimized images on disk, which the
  // flag below would otherwise switch off for them too (cache-handler.mjs).
  cacheHandler: path.join(process.cwd(), "cache-handler.mjs"),
  experimental: {
    isrFlushToDisk: false,
    // The stylesheet stays a file (~8 kB gzip, cached across pages), not inlined: with Turbopack,
    // `inlineCss` put it three times into every HTML response (the page's <style>, and the RSC
    // payload twice: the root layout's and the global error boundary's styles), 118 kB of a 244 kB
    // home page, and the browser parsed the payload copies on the main thread. Lighthouse mobile,
    // interleaved runs: project page median 98.5 without vs 94.5 with, home 97.5 vs 96.5.
    inlineCss: false,
    // Route modules load on their first request, not all at start-up: a visitor-only server never
    // holds the owner's pages or the API routes nobody called. Warmed up on the
    // public pages, 16 MB less live heap and about 30 MB less RSS; a route's first request after a
    // start pays its load once, 35–65 ms here (docs/memory.md).
    preloadEntriesOnStart: false,
  },
  async headers() {
    // process.env, not lib/env.ts: the config is loaded by plain Node.js, outside the react-server
    // bundle, where lib/env.ts's "server-only" import throws.
    const production = process.env.NODE_ENV === "production";
    // The cached public pages skip proxy.ts, which sets the CSP of every other page with the
    // run-time Supabase origin; theirs is fixed here, at build time (lib/site/routing-rules.ts).
    const policy = contentSecurityPolicy({
      production,
      supabaseUrl: process.env.NEXT_PUBLIC_SUPABASE_URL || undefined,
      anySupabaseProject: true,
      // A cover edited from the gallery uploads straight to Cloudinary.
      anyCloudinaryUpload: true,
    });
    return [
      { source: "/:path*", headers: securityHeaders({ production }) },
      ...PROXY_FREE_PAGE_SOURCES.map((page) => ({
        ...page,
        headers: [{ key: "Content-Security-Policy", value: policy }],
      })),
    ];
  },
  async rewrites() {
    // `/` and its category and page views, to the cached gallery route, without a proxy. Any URL no
    // route answers, and any path below About and Reel, to the site's 404 page inside its layout:
    // the one kept for project pages no visitor can open (lib/site/routing-rules.ts).
    return {
      // Project pages of the owner and of opened protected projects, per request (docs/spec.md §11).
      beforeFiles: [...projectPageRewrites(), ...galleryRewrites(), ...notFoundRewrites()],
      afterFiles: [],
      fallback: [{ source: "/:path*", destination: NOT_FOUND_PATH }],
    };
  },
  images: {
    formats: ["image/avif", "image/webp"],
    customCacheHandler: true,
    // Fewer widths than the defaults, each step at most 1.5× the one below (lib/site/image-widths.ts).
    deviceSizes: DEVICE_SIZES,
    imageSizes: IMAGE_SIZES,
    // Uploaded media (local adapter) and Cloudinary; anything else is refused by the optimizer.
    localPatterns: [{ pathname: "/media/**", search: "" }],
    remotePatterns: [{ protocol: "https", hostname: "res.cloudinary.com", pathname: "/**" }],
    // Media keys are immutable (a replaced file gets a new key), so optimized copies can live long.
    minimumCacheTTL: 60 * 60 * 24 * 30,
  },
};

export default nextConfig;
