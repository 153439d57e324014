import "server-only";
import path from "node:path";
import { z } from "zod";

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .pipe(z.url().optional());

const envSchema = z.object({
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || /^postgres(ql)?:\/\/.+/.test(value), {
      message: "must start with postgres:// or postgresql://",
    }),
  NEXT_PUBLIC_SITE_URL: optionalUrl.optional(),
});

export type Env = Omit<z.infer<typeof envSchema>, "DATA_DIR"> & {
  /** Absolute path of the data directory. */
  DATA_DIR: string;
};

export class EnvError extends Error {
  override name = "EnvError";
}

/** Parses an environment object; throws an EnvError whose message names the first bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join(".") ?? "environment";
    throw new EnvError(`Invalid environment variable ${name}: ${issue?.message ?? "invalid"}`);
  }
  return { ...result.data, DATA_DIR: path.resolve(result.data.DATA_DIR) };
}

/** The process environment, parsed on each call (cheap) so tests and tools can switch it. */
export function env(): Env {
  return parseEnv(process.env);
}
