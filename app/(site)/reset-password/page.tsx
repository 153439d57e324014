import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { readAuthErrorParam } from "@/lib/auth/error-param";

// Rendered per request, never prerendered: the (site) layout reads the settings, and the build must
// not open the data directory (a connection() call alone races with the layout's metadata read).
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Reset password", robots: { index: false } };

export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const initialError = readAuthErrorParam(await searchParams);
  return (
    <AuthCard title="Reset password" intro="Choose a new password for your account.">
      <ResetPasswordForm initialError={initialError} />
    </AuthCard>
  );
}
