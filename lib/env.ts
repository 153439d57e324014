import "server-only";
import path from "node:path";
import { z } from "zod";

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .pipe(z.url().optional());

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** One of two words; unset or empty reads as `empty`. */
const either = <A extends string, B extends string>(a: A, b: B, empty: A | B) =>
  z
    .enum([a, b, ""], { message: `must be "${a}" or "${b}"` })
    .optional()
    .transform((value) => (value || empty) as A | B);

const envSchema = z.object({
  // --- Set by Node.js tooling and Next.js ---
  // Not NODE_ENV: Next.js inlines `process.env.NODE_ENV` when it builds, so a production build is
  // production whatever its run-time environment holds (the proxy's does not hold it), and code
  // reads it as that literal expression (proxy.ts, lib/supabase/config.ts).
  /** Next.js's build phase marker (`phase-production-build` while `next build` runs). */
  NEXT_PHASE: optionalText,
  /** The port `next start` listens on. */
  PORT: optionalText,
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalText.refine(
    (value) => value === undefined || /^postgres(ql)?:\/\/.+/.test(value),
    {
      message: "must start with postgres:// or postgresql://",
    },
  ),
  NEXT_PUBLIC_SITE_URL: optionalUrl.optional(),
  /** "json": one JSON object a line (requests, errors, everything logged); default plain text. */
  LOG_FORMAT: either("text", "json", "text"),
  /** "off": no background fill of placeholders for images stored before them. */
  PLACEHOLDER_FILL: either("on", "off", "on").transform((value) => value === "on"),
  // --- Media ---
  /** cloudinary://<api_key>:<api_secret>@<cloud_name>[?upload_prefix=…]; unset = local disk. */
  CLOUDINARY_URL: optionalText.refine(
    (value) => value === undefined || /^cloudinary:\/\/[^:@/]+:[^@/]+@[^/?]+/.test(value),
    { message: "must look like cloudinary://<api_key>:<api_secret>@<cloud_name>" },
  ),
  CLOUDINARY_FOLDER: optionalText,
  /** Vimeo's oEmbed endpoint, for the thumbnails of Vimeo links saved without a poster. */
  VIMEO_OEMBED_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || "https://vimeo.com/api/oembed.json")
    .pipe(z.url({ protocol: /^https?$/ })),
  /** "false": an uploaded video's own file is deleted once its renditions are ready. */
  KEEP_MASTERS: either("true", "false", "true").transform((value) => value === "true"),
  /** The largest master a resumable upload takes, in MB (docs/media.md "Resumable uploads"). */
  VIDEO_MAX_MB: z.coerce.number().int().min(1).max(1_048_576).optional().default(4096),
  // --- Auth ---
  NEXT_PUBLIC_SUPABASE_URL: optionalUrl.optional(),
  NEXT_PUBLIC_SUPABASE_ANON_KEY: optionalText,
  OWNER_EMAILS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((emails) => emails.every((email) => z.email().safeParse(email).success), {
      message: "must be a comma-separated list of e-mail addresses",
    }),
  AUTH_SIGNUP: z
    .enum(["owner", "open"], { message: 'must be "owner" or "open"' })
    .optional()
    .default("owner"),
  AUTH_TRUST_PROXY: either("true", "false", "false").transform((value) => value === "true"),
  /** The owner setup token (see lib/auth-service/setup-token.ts); unset = generated at start. */
  AUTH_SETUP_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 16, {
    message: "must be at least 16 characters",
  }),
  /** How many reverse proxies in front append to X-Forwarded-For (with AUTH_TRUST_PROXY=true). */
  AUTH_TRUSTED_PROXY_HOPS: z.coerce.number().int().min(1).max(10).optional().default(1),
  AUTH_PASSWORD_MIN_LENGTH: z.coerce.number().int().min(10).max(72).optional().default(10),
  /** Lifetime of access tokens in seconds (Supabase's default: one hour). */
  AUTH_JWT_EXPIRY: z.coerce.number().int().min(30).max(604_800).optional().default(3600),
  /** Seconds a rotated refresh token may still be presented (concurrent refreshes). */
  AUTH_REFRESH_REUSE_INTERVAL: z.coerce.number().min(0).max(3600).optional().default(10),
  SMTP_URL: optionalText.refine((value) => value === undefined || /^smtps?:\/\/.+/.test(value), {
    message: "must start with smtp:// or smtps://",
  }),
  MAIL_FROM: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER_URL: optionalUrl.optional(),
});

const refinedSchema = envSchema
  .refine((value) => !value.NEXT_PUBLIC_SUPABASE_URL || value.NEXT_PUBLIC_SUPABASE_ANON_KEY, {
    message: "is required when NEXT_PUBLIC_SUPABASE_URL is set",
    path: ["NEXT_PUBLIC_SUPABASE_ANON_KEY"],
  })
  .refine((value) => !value.GOOGLE_CLIENT_ID === !value.GOOGLE_CLIENT_SECRET, {
    message: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together",
    path: ["GOOGLE_CLIENT_SECRET"],
  });

export type Env = Omit<z.infer<typeof refinedSchema>, "DATA_DIR"> & {
  /** Absolute path of the data directory. */
  DATA_DIR: string;
};

export class EnvError extends Error {
  override name = "EnvError";
}

/** Parses an environment object; throws an EnvError whose message names the first bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = refinedSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join(".") ?? "environment";
    throw new EnvError(`Invalid environment variable ${name}: ${issue?.message ?? "invalid"}`);
  }
  return { ...result.data, DATA_DIR: path.resolve(result.data.DATA_DIR) };
}

/** The variables the schema reads: the memo below is keyed on their values only. */
const NAMES = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];

let memo: { key: string; value: Env } | null = null;

/**
 * The process environment, parsed once and memoised. The memo is keyed on the values of the
 * variables it reads, so a tool or test that sets one of them in-process (a temporary DATA_DIR,
 * AUTH_TRUST_PROXY for one test) gets a fresh parse instead of a stale value.
 */
export function env(): Env {
  const key = NAMES.map((name) => process.env[name] ?? "\u0000").join("\u0001");
  if (memo?.key !== key) memo = { key, value: parseEnv(process.env) };
  return memo.value;
}
