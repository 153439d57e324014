import type { Metadata } from "next";
import { cookies } from "next/headers";
import {
  ProjectPageContent,
  projectPageMetadata,
  type PageReader,
} from "@/components/sections/project-page";
import { getUser } from "@/lib/auth";
import { PROJECT_ACCESS_COOKIE } from "@/lib/site/project-access";

/*
 * `/sections/{id}` for a request carrying a session or a project access cookie (next.config.ts
 * rewrites it here; lib/site/routing-rules.ts): rendered per request and never cached, because
 * what it shows depends on who asks (docs/spec.md §11). The owner sees any status, marked, with
 * "View as visitor" (`?view=visitor`); a browser that gave a protected project's password sees that
 * project. Everyone else gets the same as from the cached route. The data reads are still the
 * cached ones (lib/site/queries.ts), so this costs a rendering, not database queries.
 */
export const dynamic = "force-dynamic";

type Params = Promise<{ projectId: string }>;
type SearchParams = Promise<{ view?: string | string[] }>;

async function readReader(searchParams: SearchParams): Promise<PageReader> {
  const [user, jar, query] = await Promise.all([getUser(), cookies(), searchParams]);
  return {
    owner: Boolean(user?.isOwner),
    asVisitor: query.view === "visitor",
    accessCookie: jar.get(PROJECT_ACCESS_COOKIE)?.value,
  };
}

export async function generateMetadata({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}): Promise<Metadata> {
  return projectPageMetadata((await params).projectId, await readReader(searchParams));
}

export default async function ProjectPageForReader({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const reader = await readReader(searchParams);
  return <ProjectPageContent projectId={(await params).projectId} reader={reader} />;
}
