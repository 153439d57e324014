export { isStorableText } from "./storable-text";

/** Whether text shows anything: not only spaces, zero-width or bidi marks and control characters. */
export function hasVisibleText(value: string): boolean {
  return /[^\s\p{Cf}\p{Cc}]/u.test(value);
}

/** The text with its first letter a capital: "portrait" → "Portrait". */
export function capitalize<T extends string>(text: T): Capitalize<T> {
  return (text.charAt(0).toUpperCase() + text.slice(1)) as Capitalize<T>;
}
