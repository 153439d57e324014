import type { AuthError, SupabaseClient } from "@supabase/supabase-js";

/*
 * What the auth forms and the header ask of the session (components/auth/auth-provider.tsx),
 * loaded with supabase-js on the first such action: visitors never download it.
 */

export const GOOGLE_NOT_CONFIGURED = "Google sign-in is not set up for this site yet.";

/** Where e-mail links and Google send the browser back to: the PKCE code exchange. */
const callbackUrl = () => `${window.location.origin}/auth/callback`;

/** Sign-in, reset and password update answer with the message text only (docs/spec.md §7). */
export type AuthResult = { success: true } | { success: false; message: string };

export type AuthActions = {
  signIn: (email: string, password: string) => Promise<AuthResult>;
  /** `confirmationSent`: the account waits for the link mailed to its address (no session yet). */
  signUp: (
    email: string,
    password: string,
  ) => Promise<{ error: AuthError | null; confirmationSent?: boolean }>;
  signOut: () => Promise<{ error: AuthError | null }>;
  signInWithGoogle: () => Promise<{ error: AuthError | Error | null }>;
  sendPasswordReset: (email: string) => Promise<AuthResult>;
  updatePassword: (password: string) => Promise<AuthResult>;
};

export function authActions(
  auth: SupabaseClient["auth"],
  url: string | null,
  anonKey: string,
): AuthActions {
  return {
    signIn: async (email, password) => {
      const { error } = await auth.signInWithPassword({ email, password });
      if (!error) return { success: true };
      console.error("Sign-in failed:", error);
      return { success: false, message: error.message };
    },
    signUp: async (email, password) => {
      const setupToken = readSetupTokenParam();
      const { data, error } = await auth.signUp({
        email: email.trim().toLowerCase(),
        password,
        options: {
          emailRedirectTo: callbackUrl(),
          ...(setupToken ? { data: { setup_token: setupToken } } : {}),
        },
      });
      if (error) console.error("Sign-up failed:", error);
      return { error, confirmationSent: !error && !data.session };
    },
    signOut: async () => {
      // This device only; the owner's other browsers stay signed in.
      const { error } = await auth.signOut({ scope: "local" });
      return { error };
    },
    signInWithGoogle: async () => {
      if (!(await isGoogleEnabled(url, anonKey)))
        return { error: new Error(GOOGLE_NOT_CONFIGURED) };
      const { error } = await auth.signInWithOAuth({
        provider: "google",
        options: {
          redirectTo: callbackUrl(),
          ...(readSetupTokenParam()
            ? { queryParams: { setup_token: readSetupTokenParam()! } }
            : {}),
        },
      });
      if (error) console.error("Google sign-in failed:", error);
      return { error };
    },
    sendPasswordReset: async (email) => {
      const { error } = await auth.resetPasswordForEmail(email.trim(), {
        redirectTo: callbackUrl(),
      });
      return error ? { success: false, message: error.message } : { success: true };
    },
    updatePassword: async (password) => {
      const { error } = await auth.updateUser({ password });
      return error ? { success: false, message: error.message } : { success: true };
    },
  };
}

/**
 * The owner setup token of the link the server printed at first start (/signup?setup_token=…),
 * passed on with the sign-up or Google sign-in that creates the owner account.
 */
function readSetupTokenParam(): string | null {
  return new URLSearchParams(window.location.search).get("setup_token");
}

/** Asks the auth service whether the Google provider is enabled, so the button can explain. */
async function isGoogleEnabled(url: string | null, anonKey: string): Promise<boolean> {
  try {
    const response = await fetch(`${url ?? window.location.origin}/auth/v1/settings`, {
      headers: { apikey: anonKey },
    });
    const settings = (await response.json()) as { external?: { google?: boolean } };
    return settings.external?.google === true;
  } catch {
    return false;
  }
}
