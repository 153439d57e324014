import "server-only";
import bcrypt from "bcryptjs";
import { env } from "@/lib/env";
import { AuthServiceError, invalidInput } from "./errors";

const BCRYPT_COST = 10;

let commonPasswords: Promise<Set<string>> | undefined;

/**
 * Whether a password is on zxcvbn-ts's list of the most common passwords (about 49,000 from real
 * leaks, shipped in @zxcvbn-ts/language-common, so no network). Case is ignored: "Password123"
 * is as guessable as "password123". The package (all of its word lists, about 2.4 MB of heap) is
 * loaded on the first password to check, not with the server: most of a site's life sets none.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  commonPasswords ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) => new Set(dictionary["passwords-common"]),
  );
  return (await commonPasswords).has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE =
  "This password is one of the most common passwords. Please choose a less common one.";

/**
 * Checks the password rules: at least AUTH_PASSWORD_MIN_LENGTH characters (10 unless set higher),
 * at most bcrypt's 72 bytes, and not a common password. Too short or too common is GoTrue's
 * 422 weak_password with its reasons ("length", "pwned").
 */
export async function validatePassword(password: unknown): Promise<string> {
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
  if (await isCommonPassword(password))
    throw new AuthServiceError(422, "weak_password", COMMON_PASSWORD_MESSAGE, {
      weak_password: { reasons: ["pwned"] },
    });
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
