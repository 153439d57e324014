import "server-only";
import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/db";
import { getSiteSettings } from "@/lib/data/settings";
import { env } from "@/lib/env";
import { authOneTimeTokens } from "@/models";
import { AuthServiceError } from "../errors";
import { readJsonBody, readSessionContext, readSiteOrigin, respondWithJson } from "../http";
import { buildConfirmationMail, deliverMail } from "../mail";
import { hashPassword, validatePassword } from "../passwords";
import { createFlowState, readChallenge } from "../pkce";
import { takeRateLimit, recordProof } from "../rate-limit";
import { resolveRedirect } from "../redirects";
import { startSession } from "../sessions";
import { isSetupToken, retireSetupToken } from "../setup-token";
import { hashToken, newOpaqueToken } from "../tokens";
import {
  assertSignupAllowed,
  createUser,
  findUserByEmail,
  listIdentities,
  lockSignups,
  normalizeEmail,
  serializeUser,
  ownerExists,
  setupTokenRequired,
  signupDisabled,
  wouldBeOwner,
} from "../users";

export const CONFIRMATION_TTL_HOURS = 24;

/**
 * POST /signup. An account that would get owner rights (an OWNER_EMAILS address, or with that
 * empty the first account) must prove itself: with the setup token (`data.setup_token`, see
 * setup-token.ts) it is confirmed at once and signed in; an OWNER_EMAILS address without it is
 * created unconfirmed and a confirmation link is mailed to it (GoTrue's answer without autoconfirm:
 * the user, no session), which confirms it only together with the PKCE verifier of the browser
 * that signed up; a would-be first account without the token is refused. Other accounts
 * (AUTH_SIGNUP=open) are confirmed at once: they get no rights.
 */
export async function handleSignup(request: Request, url: URL): Promise<Response> {
  await takeRateLimit(request, "signup");
  const body = await readJsonBody(request);
  const email = normalizeEmail(body.email);
  const password = await validatePassword(body.password);
  const { setup_token: setupToken, ...metadata } = isPlainObject(body.data) ? body.data : {};
  const challenge = readChallenge(body.code_challenge, body.code_challenge_method);
  const redirectTo = resolveRedirect(url.searchParams.get("redirect_to"), request);
  const db = await getDb();
  const passwordHash = await hashPassword(password);
  const token = newOpaqueToken();
  const result = await db.transaction(async (tx) => {
    await lockSignups(tx);
    await assertSignupAllowed(tx, email);
    if (await findUserByEmail(tx, email)) {
      // "Already registered" reveals nothing only where anyone may sign up; with sign-up closed it
      // would tell which address is the owner's, so the answer is that of any other address.
      if (env().AUTH_SIGNUP !== "open") throw signupDisabled();
      throw new AuthServiceError(422, "user_already_exists", "User already registered");
    }
    const owner = await wouldBeOwner(tx, email);
    const tokenProof = owner && isSetupToken(setupToken) && !(await ownerExists(tx));
    if (owner && !tokenProof && env().OWNER_EMAILS.length === 0) throw setupTokenRequired();
    const confirmed = !owner || tokenProof;
    // The confirmation is completed by the code exchange, in the browser that signed up (see
    // pkce.ts): a link alone would let whoever signed up first have the real owner confirm an
    // account whose password they chose. Without PKCE there is nothing to bind it to.
    if (!confirmed && !challenge)
      throw new AuthServiceError(
        422,
        "validation_failed",
        "An owner address is confirmed through the site's sign-up page (PKCE) or the setup token.",
      );
    const user = await createUser(tx, {
      email,
      passwordHash,
      provider: "email",
      userMetadata: metadata,
      confirmed,
    });
    if (confirmed) {
      const session = await startSession(tx, user, "password", readSessionContext(request));
      return { kind: "session" as const, session, retire: tokenProof };
    }
    const flow = await createFlowState(tx, {
      userId: user.id,
      method: "email_signup",
      provider: "email",
      challenge,
      redirectTo,
    });
    await tx.insert(authOneTimeTokens).values({
      id: randomUUID(),
      userId: user.id,
      tokenType: "signup",
      tokenHash: hashToken(token),
      flowStateId: flow.id,
      expiresAt: new Date(Date.now() + CONFIRMATION_TTL_HOURS * 3_600_000),
    });
    return { kind: "unconfirmed" as const, user };
  });

  if (result.kind === "session") {
    if (result.retire) retireSetupToken();
    await recordProof(request, email);
    return respondWithJson(request, result.session);
  }
  const siteOrigin = readSiteOrigin(request);
  const link = new URL("/auth/v1/verify", siteOrigin);
  link.search = new URLSearchParams({ token, type: "signup", redirect_to: redirectTo }).toString();
  const { ownerName } = await getSiteSettings();
  const delivery = await deliverMail(
    buildConfirmationMail(email, ownerName, link.href, CONFIRMATION_TTL_HOURS),
    siteOrigin,
  );
  if (delivery.via === "outbox")
    console.info(
      `Owner confirmation mail for ${email} saved to ${delivery.file} (no SMTP_URL set)`,
    );
  return respondWithJson(
    request,
    serializeUser(result.user, await listIdentities(db, result.user.id)),
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
