import { createClient, type Session, type SupabaseClient, type User } from "@supabase/supabase-js";

/**
 * The owner setup token every test server gets (AUTH_SETUP_TOKEN, see test/helpers/server.ts), so the
 * helpers below create the owner account as the person who started the server would.
 */
export const TEST_SETUP_TOKEN = "test-owner-setup-token-0123456789";

/** The placeholder anon key the embedded service accepts (it checks none). */
export const TEST_ANON_KEY = "embedded-anon-key";

export type SignedIn = { accessToken: string; refreshToken: string; user: User };

/** A supabase-js client for a test server, keeping its session in memory only. */
export function createTestClient(baseUrl: string, fetchImpl?: typeof fetch): SupabaseClient {
  return createClient(baseUrl, TEST_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...(fetchImpl ? { global: { fetch: fetchImpl } } : {}),
  });
}

/**
 * A browser-like supabase-js client: PKCE flow, its code verifier kept in `store` (pass a map to
 * read the verifier afterwards).
 */
export function createPkceClient(
  baseUrl: string,
  store = new Map<string, string>(),
  fetchImpl?: typeof fetch,
): SupabaseClient {
  return createClient(baseUrl, TEST_ANON_KEY, {
    ...(fetchImpl ? { global: { fetch: fetchImpl } } : {}),
    auth: {
      flowType: "pkce",
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (key) => store.get(key) ?? null,
        setItem: (key, value) => void store.set(key, value),
        removeItem: (key) => void store.delete(key),
      },
    },
  });
}

function toSignedIn(session: Session | null, action: string): SignedIn {
  if (!session) throw new Error(`${action} returned no session`);
  return {
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
    user: session.user,
  };
}

/**
 * Creates an account through POST /auth/v1/signup and returns its first session. It carries the
 * setup token, which only matters when the account is the owner's.
 */
export async function signUp(baseUrl: string, email: string, password: string): Promise<SignedIn> {
  const { data, error } = await createTestClient(baseUrl).auth.signUp({
    email,
    password,
    options: { data: { setup_token: TEST_SETUP_TOKEN } },
  });
  if (error) throw error;
  return toSignedIn(data.session, "signUp");
}

/** Signs in through POST /auth/v1/token?grant_type=password. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<SignedIn> {
  const { data, error } = await createTestClient(baseUrl).auth.signInWithPassword({
    email,
    password,
  });
  if (error) throw error;
  return toSignedIn(data.session, "signIn");
}

/** Headers that authenticate a fetch to the site's API as the signed-in user. */
export function authHeaders(accessToken: string): Record<string, string> {
  return { Authorization: `Bearer ${accessToken}` };
}

/** For beforeAll hooks that start servers: `next start` can be slow on a busy machine. */
export const SERVER_START_TIMEOUT = 180_000;

/**
 * A page's HTML without the line-break hints (`<wbr>`) the dashboard puts inside the owner's
 * e-mail, so the address can be looked for as the reader sees it.
 */
export const withoutBreakHints = (html: string): string => html.replaceAll(/<wbr\s*\/?>/g, "");
