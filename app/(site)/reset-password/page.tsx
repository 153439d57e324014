import type { Metadata } from "next";
import { AuthScreen, type AuthPageProps } from "@/components/auth/auth-screen";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";

// Rendered per request, never prerendered: see app/(site)/signin/page.tsx.
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Reset password", robots: { index: false } };

export default function ResetPasswordPage({ searchParams }: AuthPageProps) {
  const intro = "Choose a new password for your account.";
  return (
    <AuthScreen
      title="Reset password"
      intro={intro}
      searchParams={searchParams}
      Form={ResetPasswordForm}
    />
  );
}
