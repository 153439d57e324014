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

const subscribeToNothing = () => () => {};
const readCookieFlag = () =>
  hasAuthCookie(document.cookie.split(";").map((pair) => pair.split("=")[0]!.trim()));

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

  // The actions' code (and supabase-js) loads with the first one: visitors never run any.
  const actions = useCallback(async () => {
    const [loaded, { authActions }] = await Promise.all([client(), import("./auth-actions")]);
    return authActions(loaded.auth, url, anonKey);
  }, [client, url, anonKey]);

  const value = useMemo<AuthContextValue>(
    () => ({
      session,
      user: session ? { id: session.user.id, email: session.user.email ?? null } : null,
      isLoading,
      signIn: async (email, password) => (await actions()).signIn(email, password),
      signUp: async (email, password) => (await actions()).signUp(email, password),
      signOut: async () => (await actions()).signOut(),
      signInWithGoogle: async () => (await actions()).signInWithGoogle(),
      sendPasswordReset: async (email) => (await actions()).sendPasswordReset(email),
      updatePassword: async (password) => (await actions()).updatePassword(password),
    }),
    [actions, session, isLoading],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth() must be used inside <AuthProvider>");
  return value;
}
