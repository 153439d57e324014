import type { Metadata } from "next";
import { AuthScreen, type AuthPageProps } from "@/components/auth/auth-screen";
import { SignInForm } from "@/components/auth/sign-in-form";

// Rendered per request, never prerendered: the (site) layout reads the settings, and the build must
// not open the data directory (a connection() call alone races with the layout's metadata read).
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Sign in", robots: { index: false } };

export default function SignInPage({ searchParams }: AuthPageProps) {
  const intro = "Owner access to manage projects and sections.";
  return <AuthScreen title="Sign in" intro={intro} searchParams={searchParams} Form={SignInForm} />;
}
