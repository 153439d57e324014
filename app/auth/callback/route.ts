import { NextResponse } from "next/server";
import { createClient } from "@/lib/auth/server-client";

/**
 * Where e-mail links and Google sign-in return: exchanges the one-time code (with the PKCE
 * verifier the browser kept in a cookie) for a session cookie. A recovery lands on
 * /reset-password, anything else on /dashboard; failures go back to /signin with the reason.
 */
export async function GET(request: Request) {
  const url = new URL(request.url);
  const code = url.searchParams.get("code");
  const failure = url.searchParams.get("error_description") ?? url.searchParams.get("error");
  if (failure || !code)
    return redirectTo(url, "/signin", failure ?? "The sign-in link is incomplete.");

  const supabase = await createClient();
  const { data, error } = await supabase.auth.exchangeCodeForSession(code);
  if (error) return redirectTo(url, "/signin", error.message);
  // supabase-js adds redirectType ("recovery" for a reset link) at run time; its types omit it.
  const { redirectType } = data as { redirectType?: string | null };
  return redirectTo(url, redirectType === "recovery" ? "/reset-password" : "/dashboard");
}

function redirectTo(requestUrl: URL, path: string, errorDescription?: string) {
  const target = new URL(path, requestUrl.origin);
  if (errorDescription) target.searchParams.set("error_description", errorDescription);
  return NextResponse.redirect(target, 303);
}
