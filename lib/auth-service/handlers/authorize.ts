import "server-only";
import { getDb } from "@/lib/db";
import { AuthServiceError } from "../errors";
import { readSiteOrigin } from "../http";
import { buildProviderRequest, isGoogleConfigured } from "../oidc";
import { createFlowState, readChallenge } from "../pkce";
import { resolveRedirect } from "../redirects";
import { isSetupToken, rememberSetupFlow } from "../setup-token";

/** GET /authorize?provider=google: starts the OpenID Connect round trip to Google. */
export async function handleAuthorize(request: Request, url: URL): Promise<Response> {
  if (url.searchParams.get("provider") !== "google" || !isGoogleConfigured())
    throw new AuthServiceError(
      400,
      "validation_failed",
      "Unsupported provider: provider is not enabled",
    );
  const challenge = readChallenge(
    url.searchParams.get("code_challenge"),
    url.searchParams.get("code_challenge_method"),
  );
  const redirectTo = resolveRedirect(url.searchParams.get("redirect_to"), request);
  const providerRequest = await buildProviderRequest(`${readSiteOrigin(request)}/auth/v1/callback`);
  const db = await getDb();
  const flow = await db.transaction((tx) =>
    createFlowState(tx, {
      userId: null,
      method: "oauth",
      provider: "google",
      challenge,
      redirectTo,
      providerState: providerRequest.state,
      providerNonce: providerRequest.nonce,
      providerCodeVerifier: providerRequest.codeVerifier,
    }),
  );
  // The first account may come from Google only with the setup token (see setup-token.ts).
  if (isSetupToken(url.searchParams.get("setup_token"))) rememberSetupFlow(flow.id, 10 * 60_000);
  return new Response(null, {
    status: 302,
    headers: { Location: providerRequest.url.href, "Cache-Control": "no-store" },
  });
}
