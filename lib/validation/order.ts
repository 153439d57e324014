import { z } from "zod";
import { orderMessages } from "./messages";

/** The longest order list accepted; far above any portfolio, it bounds the work of one request. */
export const ORDER_LIMITS = { ids: 10_000 } as const;

/** Ids as stored: 24 lowercase hex characters (lib/data/ids.ts), here without its server import. */
const ID = /^[0-9a-f]{24}$/;

/**
 * The body of `PUT /api/projects/order` and `PUT /api/sections/order/{projectId}`:
 * `{ "ids": [...] }`, every id once. Whether the list is exactly the current set is checked
 * against the database inside the write (lib/data/order.ts), with the texts below.
 */
export const orderSchema = z.object({
  ids: z
    .array(z.unknown(), { error: orderMessages.notList })
    .max(ORDER_LIMITS.ids, { error: orderMessages.notList })
    .superRefine((ids, ctx) => {
      const seen = new Set<string>();
      for (const id of ids) {
        if (typeof id !== "string" || !ID.test(id)) {
          ctx.addIssue({ code: "custom", message: orderMessages.malformed(String(id)) });
          return;
        }
        if (seen.has(id)) {
          ctx.addIssue({ code: "custom", message: orderMessages.duplicate(id) });
          return;
        }
        seen.add(id);
      }
    })
    .transform((ids) => ids as string[]),
});

/**
 * Compares a requested order with the ids stored now: null when it names each of them exactly
 * once, else the refusal's text (a foreign id first, then a repeated one, then a missing one).
 */
export function orderMismatch(
  requested: readonly string[],
  current: readonly string[],
  kind: "project" | "section",
): string | null {
  const stored = new Set(current);
  const foreign = requested.find((id) => !stored.has(id));
  if (foreign !== undefined) return orderMessages.foreign(kind, foreign);
  const named = new Set<string>();
  for (const id of requested) {
    if (named.has(id)) return orderMessages.duplicate(id);
    named.add(id);
  }
  const missing = current.find((id) => !named.has(id));
  if (missing !== undefined) return orderMessages.missing(kind, missing);
  return null;
}
