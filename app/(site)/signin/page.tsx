import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { SignInForm } from "@/components/auth/sign-in-form";
import { readAuthErrorParam } from "@/lib/auth/error-param";

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
