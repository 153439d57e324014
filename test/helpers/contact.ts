import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";

/** The tokens of one rendering of /contact: the signed time token and the proof-of-work challenge. */
export type ContactForm = { started: string; challenge: string; renderedAt: number };

const unescape = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** Renders /contact (as a browser would) and reads its form's tokens. */
export async function loadContactForm(
  baseUrl: string,
  fetchImpl: typeof fetch = fetch,
): Promise<ContactForm> {
  const response = await fetchImpl(new URL("/contact", baseUrl));
  if (response.status !== 200) throw new Error(`/contact answered ${response.status}`);
  const html = await response.text();
  const started = /name="started" value="([^"]+)"/.exec(html)?.[1];
  const challenge = /data-challenge="([^"]+)"/.exec(html)?.[1];
  if (!started || !challenge) throw new Error("No contact form tokens in /contact");
  return { started, challenge: unescape(challenge), renderedAt: Date.now() };
}

/** Waits until the form is older than the 3 s a person needs at least. */
export async function afterFillTime(form: ContactForm): Promise<void> {
  const wait = form.renderedAt + 3200 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** Solves the form's challenge as the browser does, into the `proof` field's value. */
export async function solveProof(form: ContactForm): Promise<string> {
  const challenge = JSON.parse(form.challenge) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("Challenge not solved");
  return JSON.stringify({
    challenge,
    solution: { counter: solution.counter, derivedKey: solution.derivedKey },
  });
}

export const visitorMessage = {
  name: "Ada Client",
  email: "ada@client.example",
  message: "We would like a 30-second loop for our launch.",
};

/** POST /api/contact as JSON; `fetchImpl` picks the client address (test/helpers/client-address.ts). */
export async function postContact(
  baseUrl: string,
  fields: Record<string, string>,
  fetchImpl: typeof fetch = fetch,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetchImpl(new URL("/api/contact", baseUrl), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(fields),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
