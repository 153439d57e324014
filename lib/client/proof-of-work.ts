import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/sha";

/**
 * Solves the contact form's ALTCHA challenge in the browser (Web Crypto SHA-256, about a second on
 * a phone) and returns the form's `proof` field: the challenge and its solution as JSON. Null when
 * it cannot be solved here (no Web Crypto: a page not served over https), or in 60 s.
 */
export async function solveProof(challengeJson: string): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const challenge = JSON.parse(challengeJson) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  return solution
    ? JSON.stringify({
        challenge,
        solution: { counter: solution.counter, derivedKey: solution.derivedKey },
      })
    : null;
}
