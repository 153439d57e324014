// Apart from text.ts: the contact form on a visitor's page loads only this.

/** A UTF-16 surrogate without its partner: no character at all, and not encodable as UTF-8. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether text can be stored exactly as sent. PostgreSQL text and jsonb cannot hold NUL (the
 * insert fails), and a lone surrogate (possible in JSON through `\ud800`) would be written as
 * U+FFFD: both are refused with a 400 instead of failing the request or altering the text.
 */
export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
}
