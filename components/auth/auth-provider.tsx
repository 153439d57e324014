"use client";

import type { AuthError, Session, SupabaseClient } from "@supabase/supabase-js";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import type { SupabaseBrowserConfig } from "@/lib/supabase/client";
import { hasAuthCookie } from "@/lib/supabase/cookie-names";

export type AuthContextUser = { id: string; email: string | null };

/** Sign-in, reset and password update answer with the message text only (docs/spec.md §7). */
export type AuthResult = { success: true } | { success: false; message: string };

export type AuthContextValue = {
  session: Session | null;
  user: AuthContextUser | null;
  /** True until the stored session has been read once. */
  isLoading: boolean;
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

const AuthContext = createContext<AuthContextValue | null>(null);

export const GOOGLE_NOT_CONFIGURED = "Google sign-in is not set up for this site yet.";

const subscribeToNothing = () => () => {};
const readCookieFlag = () =>
  hasAuthCookie(document.cookie.split(";").map((pair) => pair.split("=")[0]!.trim()));

/** Where e-mail links and Google send the browser back to: the PKCE code exchange. */
const callbackUrl = () => `${window.location.origin}/auth/callback`;

export function AuthProvider({
  config,
  children,
}: {
  config: SupabaseBrowserConfig;
  children: React.ReactNode;
}) {
  const { url, anonKey } = config;
  const [session, setSession] = useState<Session | null>(null);
  const [sessionRead, setSessionRead] = useState(false);
  // Null while rendering on the server and hydrating, then whether a session cookie exists.
  const storedSession = useSyncExternalStore(subscribeToNothing, readCookieFlag, () => null);
  const isLoading = storedSession === null || (storedSession && !sessionRead);
  const loading = useRef<Promise<SupabaseClient> | null>(null);

  /*
   * supabase-js is about a quarter of the site's JavaScript, and visitors never sign in: it is
   * loaded only when a session cookie exists or an auth action runs (sign-in form, sign-out...).
   * Created in the browser only: the embedded service lives on window.location. Once loaded, the
   * client reports sign-in, sign-out, token refresh, user update and password recovery here.
   */
  const client = useCallback((): Promise<SupabaseClient> => {
    loading.current ??= import("@/lib/supabase/client").then(({ createClient }) => {
      const created = createClient({ url, anonKey });
      created.auth.onAuthStateChange((_event, next) => {
        setSession(next);
        setSessionRead(true);
      });
      return created;
    });
    return loading.current;
  }, [url, anonKey]);

  useEffect(() => {
    // Without a stored session there is nothing to read: a visitor, until they sign in.
    if (!storedSession) return;
    let active = true;
    void client()
      .then((loaded) => loaded.auth.getSession())
      .then(({ data }) => {
        if (!active) return;
        setSession(data.session);
        setSessionRead(true);
      });
    return () => {
      active = false;
    };
  }, [client, storedSession]);

  const value = useMemo<AuthContextValue>(() => {
    const auth = async () => (await client()).auth;
    return {
      session,
      user: session ? { id: session.user.id, email: session.user.email ?? null } : null,
      isLoading,
      signIn: async (email, password) => {
        const { error } = await (await auth()).signInWithPassword({ email, password });
        if (!error) return { success: true };
        console.error("Sign-in failed:", error);
        return { success: false, message: error.message };
      },
      signUp: async (email, password) => {
        const setupToken = readSetupTokenParam();
        const { data, error } = await (
          await auth()
        ).signUp({
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
        const { error } = await (await auth()).signOut({ scope: "local" });
        return { error };
      },
      signInWithGoogle: async () => {
        if (!(await isGoogleEnabled(url, anonKey)))
          return { error: new Error(GOOGLE_NOT_CONFIGURED) };
        const { error } = await (
          await auth()
        ).signInWithOAuth({
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
        const { error } = await (
          await auth()
        ).resetPasswordForEmail(email.trim(), {
          redirectTo: callbackUrl(),
        });
        return error ? { success: false, message: error.message } : { success: true };
      },
      updatePassword: async (password) => {
        const { error } = await (await auth()).updateUser({ password });
        return error ? { success: false, message: error.message } : { success: true };
      },
    };
  }, [client, session, isLoading, url, anonKey]);

  return <AuthContext value={value}>{children}</AuthContext>;
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

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth() must be used inside <AuthProvider>");
  return value;
}
