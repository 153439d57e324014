import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite loads WASM and data files from its package folder at run time; bundling it breaks that.
  serverExternalPackages: ["@electric-sql/pglite", "sharp", "cloudinary", "formidable"],
  poweredByHeader: false,
};

export default nextConfig;
