import "server-only";
import { randomBytes } from "node:crypto";

const ID_PATTERN = /^[0-9a-f]{24}$/;

/** A new 24-char lowercase hex id, the shape of a MongoDB ObjectId so old links keep working. */
export function newId(): string {
  return randomBytes(12).toString("hex");
}

export function isId(value: unknown): value is string {
  return typeof value === "string" && ID_PATTERN.test(value);
}
