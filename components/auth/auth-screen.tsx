import type { ComponentType } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { readAuthErrorParam, type SearchParams } from "@/lib/auth/error-param";

export type AuthPageProps = { searchParams: Promise<SearchParams> };

/**
 * A page that is one auth form in the auth frame: /signin and /reset-password. An auth redirect's
 * error in the address (one the site wrote, see readAuthErrorParam) is shown by the form on arrival.
 */
export async function AuthScreen({
  title,
  intro,
  searchParams,
  Form,
}: AuthPageProps & {
  title: string;
  intro: string;
  Form: ComponentType<{ initialError?: string }>;
}) {
  return (
    <AuthCard title={title} intro={intro}>
      <Form initialError={readAuthErrorParam(await searchParams)} />
    </AuthCard>
  );
}
