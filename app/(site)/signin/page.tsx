import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { SignInForm } from "@/components/auth/sign-in-form";
import { readAuthErrorParam } from "@/lib/auth/error-param";

// Rendered per request, never prerendered: the (site) layout reads the settings, and the build must
// not open the data directory (a connection() call alone races with the layout's metadata read).
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Sign in", robots: { index: false } };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const initialError = readAuthErrorParam(await searchParams);
  return (
    <AuthCard title="Sign in" intro="Owner access to manage projects and sections.">
      <SignInForm initialError={initialError} />
    </AuthCard>
  );
}
