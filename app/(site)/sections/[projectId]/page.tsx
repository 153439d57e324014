import type { Metadata } from "next";
import {
  ProjectPageContent,
  projectPageMetadata,
  VISITOR,
} from "@/components/sections/project-page";

type Params = Promise<{ projectId: string }>;

/*
 * Rendered on a project's first visit, then served from the cache until a write expires its
 * `project:<id>`, `projects` or `settings` tag (lib/cache.ts). Nothing is prerendered at build: the
 * build must not open the data directory. Owner controls are client leaves (SignedInOnly), so one
 * rendering serves visitors and the owner alike.
 * It is always the visitor's view (docs/spec.md §11: a draft answers 404, a protected project
 * shows only its password form): requests carrying a session or a project access cookie are
 * rewritten by next.config.ts to the per-request app/(site)/sections-for/[projectId] instead.
 */
export function generateStaticParams(): { projectId: string }[] {
  return [];
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return projectPageMetadata((await params).projectId, VISITOR);
}

export default async function ProjectPage({ params }: { params: Params }) {
  return <ProjectPageContent projectId={(await params).projectId} reader={VISITOR} />;
}
