import "server-only";
import bcrypt from "bcryptjs";
import { env } from "@/lib/env";
import { AuthServiceError, invalidInput } from "./errors";

const BCRYPT_COST = 10;

/** Checks the password rules: configurable minimum length, at most bcrypt's 72 bytes. */
export function validatePassword(password: unknown): string {
  if (typeof password !== "string" || password === "") throw invalidInput("Password is required");
  if (Buffer.byteLength(password, "utf8") > 72)
    throw invalidInput("Password cannot be longer than 72 characters");
  const minimum = env().AUTH_PASSWORD_MIN_LENGTH;
  if ([...password].length < minimum) {
    throw new AuthServiceError(
      422,
      "weak_password",
      `Password should be at least ${minimum} characters.`,
      { weak_password: { reasons: ["length"] } },
    );
  }
  return password;
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

/** Compares in constant time; a missing hash still costs one bcrypt round so timing leaks nothing. */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  dummyHash ??= bcrypt.hashSync("no account has this password", BCRYPT_COST);
  const matches = await bcrypt.compare(password, hash ?? dummyHash);
  return hash !== null && matches;
}

let dummyHash: string | undefined;
