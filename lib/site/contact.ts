import "server-only";
import { timingSafeEqual } from "node:crypto";
import { createChallenge, randomInt, verifySolution, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { spent, takeRateLimit, takeSiteRateLimit } from "@/lib/auth-service/rate-limit";
import { createContactMessage, type NewContactMessage } from "@/lib/data/contact-messages";
import {
  checkContactInput,
  CONTACT_FORM_FIELDS,
  contactTexts,
  readContactInput,
  type ContactFieldErrors,
} from "@/lib/validation/contact";
import { contactPageTexts } from "@/lib/validation/contact-page";
import { signWithSiteKey } from "./project-access";

/*
 * The contact form's spam guard (docs/security.md "Contact form"): a honeypot, a signed time
 * token, rate limits per address and for the whole site, a proof of work (ALTCHA), and a filter
 * that files what still looks like spam under Spam. No third party, no cookie.
 */

/** A form sent sooner than this after its page was rendered was not typed by a person. */
export const MIN_FILL_MS = 3000;
/** A form older than this is refused: its page is reloaded for a fresh one. */
export const MAX_FORM_AGE_MS = 24 * 60 * 60 * 1000;

/** The time token: when the form was rendered, signed with the site key. */
export function issueTimeToken(now = Date.now()): string {
  const issued = String(now);
  return `${issued}.${signWithSiteKey(`contact-form:${issued}`)}`;
}

/** When a genuine token was issued, or null for anything forged or malformed. */
export function readTimeToken(token: string): number | null {
  const [issued, signature, extra] = token.split(".");
  if (!issued || !signature || extra !== undefined || !/^\d{1,15}$/.test(issued)) return null;
  const given = Buffer.from(signature);
  const expected = Buffer.from(signWithSiteKey(`contact-form:${issued}`));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Number(issued);
}

const secrets = () => ({
  hmacSignatureSecret: signWithSiteKey("contact-proof:challenge"),
  hmacKeySignatureSecret: signWithSiteKey("contact-proof:key"),
});

/**
 * A proof-of-work challenge for one form: SHA-256 with a counter the browser must find by trial
 * (20,000 to 60,000 hashes, about a second on a phone), valid as long as the time token.
 */
export function createProofChallenge(now = Date.now()): Promise<Challenge> {
  return createChallenge({
    algorithm: "SHA-256",
    cost: 1,
    counter: randomInt(60_000, 20_000),
    deriveKey,
    expiresAt: Math.floor((now + MAX_FORM_AGE_MS) / 1000),
    ...secrets(),
  });
}

/** The nonce of a correctly solved, unexpired challenge of this site; null for anything else. */
async function verifyProof(proof: string): Promise<string | null> {
  try {
    const { challenge, solution } = JSON.parse(proof) as {
      challenge: Challenge;
      solution: { counter: number; derivedKey: string };
    };
    const result = await verifySolution({ challenge, solution, deriveKey, ...secrets() });
    return result.verified ? challenge.parameters.nonce : null;
  } catch {
    return null;
  }
}

// Marks of mass mailing: the words, and links written as markup or BBCode.
const SPAM_PATTERNS =
  /\b(viagra|cialis|casino|betting|crypto ?currency|bitcoin|forex|backlinks?|seo (services|agency|expert)|guest post|rank (your|on) google|payday loan|escort)\b|\[url=|<a\s+href/i;
const LINK = /\bhttps?:\/\/|\bwww\./gi;

/** Why a message that passed the guard still looks like spam; null when it does not. */
export function spamReason(message: string, name: string, hasProof: boolean): string | null {
  if (!hasProof) return "No proof of work (sent without JavaScript or by a script)";
  if ((message.match(LINK)?.length ?? 0) >= 3) return "Three or more links";
  if (SPAM_PATTERNS.test(message) || SPAM_PATTERNS.test(name)) return "Known spam words";
  if (new RegExp(LINK.source, "i").test(name)) return "A link in the name";
  return null;
}

export type ContactResult =
  | { ok: true; id: string; folder: "inbox" | "spam" }
  | { ok: false; status: 400 | 413 | 429; message: string; fieldErrors?: ContactFieldErrors };

const refuse = (
  status: 400 | 413 | 429,
  message: string,
  fieldErrors?: ContactFieldErrors,
): ContactResult => ({ ok: false, status, message, ...(fieldErrors ? { fieldErrors } : {}) });

/**
 * Everything a contact post goes through, for the API and the page's form alike: the address's
 * budget, the honeypot, the time token, the fields, the proof of work and the site's budget; then
 * the message is stored, in the inbox or under Spam. `request` is for its client address only.
 */
export async function receiveContactMessage(
  request: Request,
  read: (name: string) => unknown,
  now = Date.now(),
): Promise<ContactResult> {
  if (await spent(takeRateLimit(request, "contact"))) return refuse(429, contactPageTexts.tooMany);
  const field = (name: string) => {
    const value = read(name);
    return typeof value === "string" ? value : "";
  };
  if (field(CONTACT_FORM_FIELDS.honeypot).trim() !== "")
    return refuse(400, contactPageTexts.refused);
  const issued = readTimeToken(field(CONTACT_FORM_FIELDS.timeToken));
  if (issued === null) return refuse(400, contactPageTexts.refused);
  if (now - issued < MIN_FILL_MS) return refuse(400, contactPageTexts.tooFast);
  if (now - issued > MAX_FORM_AGE_MS) return refuse(400, contactPageTexts.expired);
  const input = readContactInput(read);
  const fieldErrors = checkContactInput(input);
  if (Object.keys(fieldErrors).length > 0) return refuse(400, contactTexts.fixErrors, fieldErrors);
  const proof = field(CONTACT_FORM_FIELDS.proof);
  const proofNonce = proof ? await verifyProof(proof) : null;
  if (proof && !proofNonce) return refuse(400, contactPageTexts.refused);
  if (await spent(takeSiteRateLimit("contactSite"))) return refuse(429, contactPageTexts.tooMany);
  const reason = spamReason(input.message, input.name, proofNonce !== null);
  const values: NewContactMessage = {
    name: input.name,
    email: input.email,
    message: input.message,
    budget: input.budget || null,
    deadline: input.deadline || null,
    projectId: input.project || null,
    folder: reason ? "spam" : "inbox",
    spamReason: reason,
    proofNonce,
  };
  const stored = await createContactMessage(values, new Date(now));
  // The same solved challenge again: a replay, refused like a forged proof.
  if (!stored) return refuse(400, contactPageTexts.refused);
  return { ok: true, id: stored.id, folder: values.folder };
}
