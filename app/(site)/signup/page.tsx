import type { Metadata } from "next";
import { connection } from "next/server";
import { AuthCard } from "@/components/auth/auth-card";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { isSignupClosed } from "@/lib/auth-service/signup-state";

// Rendered per request, never prerendered: the (site) layout reads the settings, and the build must
// not open the data directory (a connection() call alone races with the layout's metadata read).
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Sign up", robots: { index: false } };

export default async function SignUpPage() {
  await connection();
  return (
    <AuthCard title="Create the owner account" intro="The first account becomes the site's owner.">
      <SignUpForm closed={await isSignupClosed()} />
    </AuthCard>
  );
}
