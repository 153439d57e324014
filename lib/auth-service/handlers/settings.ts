import "server-only";
import { isSignupClosed } from "@/lib/auth-service/signup-state";
import { respondWithJson } from "../http";
import { getJwks } from "../keys";
import { isGoogleConfigured } from "../oidc";

/**
 * GET /settings. `disable_signup` is true when nobody new can sign up right now (the first
 * account exists and no other rule admits new ones), which the sign-up screen explains.
 */
export async function handleSettings(request: Request): Promise<Response> {
  return respondWithJson(request, {
    external: { email: true, phone: false, google: isGoogleConfigured() },
    disable_signup: await isSignupClosed(),
    mailer_autoconfirm: true,
    phone_autoconfirm: false,
    sms_provider: "",
    saml_enabled: false,
  });
}

/** GET /.well-known/jwks.json: public keys, cacheable for the 10 minutes clients cache them. */
export async function handleJwks(): Promise<Response> {
  return Response.json(await getJwks(), {
    headers: { "Cache-Control": "public, max-age=600" },
  });
}
