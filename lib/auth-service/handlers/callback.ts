import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { authFlowStates } from "@/models";
import { AuthServiceError } from "../errors";
import { readSessionContext, readSiteOrigin } from "../http";
import { completeProviderRequest } from "../oidc";
import { issueAuthCode } from "../pkce";
import { redirectWith } from "../redirects";
import { startSession } from "../sessions";
import { findOrCreateGoogleUser } from "../google-users";
import { takeSetupFlow } from "../setup-token";

/** A Google round trip must come back within this time. */
const FLOW_TTL_MS = 10 * 60_000;

const failure = (description: string, code = "unexpected_failure") => ({
  error: "access_denied",
  error_code: code,
  error_description: description,
});

/**
 * GET /callback: Google sends the browser back here. The code is exchanged, the ID token checked
 * (state, nonce, PKCE), the account found or created under the owner rule, and the browser sent
 * on to the app's redirect_to with its own one-time code.
 */
export async function handleCallback(request: Request, url: URL): Promise<Response> {
  const siteOrigin = readSiteOrigin(request);
  const state = url.searchParams.get("state");
  const db = await getDb();
  const [flow] = state
    ? // Clearing the state makes the provider's answer usable once.
      await db
        .update(authFlowStates)
        .set({ providerState: null, updatedAt: new Date() })
        .where(eq(authFlowStates.providerState, state))
        .returning()
    : [];
  if (!flow || Date.now() - flow.createdAt.getTime() > FLOW_TTL_MS)
    return redirectWith(
      siteOrigin,
      failure("The Google sign-in expired; please try again.", "bad_oauth_state"),
      "query",
    );
  const redirectTo = flow.redirectTo ?? siteOrigin;
  // Google's own wording is not passed on: /signin shows only messages this site wrote.
  const providerError = url.searchParams.get("error");
  if (providerError) {
    console.info(`Google sign-in refused: ${providerError}`);
    return redirectWith(
      redirectTo,
      failure("Google sign-in was cancelled or refused.", "provider_error"),
      "query",
    );
  }

  let identity;
  try {
    const callbackUrl = new URL(`${siteOrigin}/auth/v1/callback${url.search}`);
    identity = await completeProviderRequest(callbackUrl, {
      state: state!,
      nonce: flow.providerNonce!,
      codeVerifier: flow.providerCodeVerifier!,
    });
  } catch (error) {
    console.error("Google sign-in failed:", error);
    return redirectWith(redirectTo, failure("Google sign-in failed; please try again."), "query");
  }
  if (!identity.email || !identity.emailVerified)
    return redirectWith(
      redirectTo,
      failure("Google did not confirm an e-mail address for this account.", "email_not_confirmed"),
      "query",
    );

  try {
    const result = await db.transaction(async (tx) => {
      const user = await findOrCreateGoogleUser(tx, {
        ...identity,
        email: identity.email!,
        withSetupToken: takeSetupFlow(flow.id),
      });
      if (flow.codeChallenge) {
        return { kind: "pkce" as const, code: await issueAuthCode(tx, flow.id, user.id) };
      }
      await tx.delete(authFlowStates).where(eq(authFlowStates.id, flow.id));
      return {
        kind: "implicit" as const,
        session: await startSession(tx, user, "oauth", readSessionContext(request)),
      };
    });
    if (result.kind === "pkce") return redirectWith(redirectTo, { code: result.code }, "query");
    const { access_token, refresh_token, expires_in, expires_at, token_type } = result.session;
    return redirectWith(
      redirectTo,
      { access_token, expires_at, expires_in, refresh_token, token_type },
      "fragment",
    );
  } catch (error) {
    if (error instanceof AuthServiceError)
      return redirectWith(redirectTo, failure(error.message, error.code), "query");
    throw error;
  }
}
