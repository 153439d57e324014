"use client";

import type { Session, SupabaseClient } from "@supabase/supabase-js";
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
import type { AuthActions } from "./auth-actions";

export type AuthContextUser = { id: string; email: string | null };

export type AuthContextValue = AuthActions & {
  session: Session | null;
  user: AuthContextUser | null;
  /** True until the stored session has been read once. */
  isLoading: boolean;
};

type SessionState = { session: Session | null; sessionRead: boolean };

/**
 * The session lives in a small store that each useAuth() subscribes to, not in the context value:
 * the context never changes after hydration. A changed context value reaches every Suspense
 * boundary still waiting for its code, and React then throws away that boundary's server HTML and
 * draws it again in the browser (a project page's video, whose code is a chunk of its own).
 */
type SessionStore = {
  get: () => SessionState;
  set: (next: SessionState) => void;
  subscribe: (listener: () => void) => () => void;
};

const NO_SESSION_YET: SessionState = { session: null, sessionRead: false };

function createSessionStore(): SessionStore {
  let state = NO_SESSION_YET;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set: (next) => {
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const AuthContext = createContext<{ store: SessionStore; actions: AuthActions } | null>(null);

const subscribeToNothing = () => () => {};
const readCookieFlag = () =>
  hasAuthCookie(document.cookie.split(";").map((pair) => pair.split("=")[0]!.trim()));
const serverSessionState = () => NO_SESSION_YET;

export function AuthProvider({
  config,
  children,
}: {
  config: SupabaseBrowserConfig;
  children: React.ReactNode;
}) {
  const { url, anonKey } = config;
  const [store] = useState(createSessionStore);
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
      created.auth.onAuthStateChange((_event, session) =>
        store.set({ session, sessionRead: true }),
      );
      return created;
    });
    return loading.current;
  }, [url, anonKey, store]);

  useEffect(() => {
    // Without a stored session there is nothing to read: a visitor, until they sign in.
    if (!readCookieFlag()) return;
    let active = true;
    void client()
      .then((loaded) => loaded.auth.getSession())
      .then(({ data }) => {
        if (active) store.set({ session: data.session, sessionRead: true });
      });
    return () => {
      active = false;
    };
  }, [client, store]);

  // The actions' code (and supabase-js) loads with the first one: visitors never run any.
  const value = useMemo(() => {
    const run = async () => {
      const [loaded, { authActions }] = await Promise.all([client(), import("./auth-actions")]);
      return authActions(loaded.auth, url, anonKey);
    };
    const actions: AuthActions = {
      signIn: async (email, password) => (await run()).signIn(email, password),
      signUp: async (email, password) => (await run()).signUp(email, password),
      signOut: async () => (await run()).signOut(),
      signInWithGoogle: async () => (await run()).signInWithGoogle(),
      sendPasswordReset: async (email) => (await run()).sendPasswordReset(email),
      updatePassword: async (password) => (await run()).updatePassword(password),
    };
    return { store, actions };
  }, [client, url, anonKey, store]);

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const shared = useContext(AuthContext);
  if (!shared) throw new Error("useAuth() must be used inside <AuthProvider>");
  const { session, sessionRead } = useSyncExternalStore(
    shared.store.subscribe,
    shared.store.get,
    serverSessionState,
  );
  // Null while rendering on the server and hydrating, then whether a session cookie exists.
  const storedSession = useSyncExternalStore(subscribeToNothing, readCookieFlag, () => null);
  const user = useMemo(
    () => (session ? { id: session.user.id, email: session.user.email ?? null } : null),
    [session],
  );
  return {
    ...shared.actions,
    session,
    user,
    isLoading: storedSession === null || (storedSession && !sessionRead),
  };
}
