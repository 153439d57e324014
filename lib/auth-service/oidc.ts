import "server-only";
import * as client from "openid-client";
import { env } from "@/lib/env";

export const GOOGLE_ISSUER = "https://accounts.google.com";

/** Google sign-in is offered only when the client id and secret are configured. */
export function isGoogleConfigured(): boolean {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } = env();
  return Boolean(GOOGLE_CLIENT_ID && GOOGLE_CLIENT_SECRET);
}

let discovered: { key: string; config: Promise<client.Configuration> } | undefined;

/**
 * The provider's OpenID configuration, discovered once per process. GOOGLE_ISSUER_URL can point
 * at another issuer (a local provider in tests); plain http is allowed for loopback issuers only.
 */
export function getGoogleConfig(): Promise<client.Configuration> {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_ISSUER_URL } = env();
  const issuer = new URL(GOOGLE_ISSUER_URL ?? GOOGLE_ISSUER);
  const key = `${issuer.href} ${GOOGLE_CLIENT_ID}`;
  if (discovered?.key !== key) {
    const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(issuer.hostname);
    const options = loopback ? { execute: [client.allowInsecureRequests] } : undefined;
    const config = client.discovery(
      issuer,
      GOOGLE_CLIENT_ID!,
      GOOGLE_CLIENT_SECRET,
      undefined,
      options,
    );
    config.catch(() => (discovered = undefined));
    discovered = { key, config };
  }
  return discovered.config;
}

export type ProviderRequest = { url: URL; state: string; nonce: string; codeVerifier: string };

/** The authorization URL to send the browser to, with fresh state, nonce and PKCE verifier. */
export async function buildProviderRequest(redirectUri: string): Promise<ProviderRequest> {
  const config = await getGoogleConfig();
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: "openid email profile",
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  return { url, state, nonce, codeVerifier };
}

export type ProviderIdentity = {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  claims: Record<string, unknown>;
};

/** Exchanges the provider's code and returns the checked ID-token claims. */
export async function completeProviderRequest(
  callbackUrl: URL,
  expected: { state: string; nonce: string; codeVerifier: string },
): Promise<ProviderIdentity> {
  const tokens = await client.authorizationCodeGrant(await getGoogleConfig(), callbackUrl, {
    pkceCodeVerifier: expected.codeVerifier,
    expectedState: expected.state,
    expectedNonce: expected.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error("The provider returned no ID token");
  return {
    sub: claims.sub,
    email: typeof claims.email === "string" ? claims.email.toLowerCase() : null,
    emailVerified: claims.email_verified === true,
    claims: { ...claims },
  };
}
