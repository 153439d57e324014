import type { Metadata } from "next";
import { cookies } from "next/headers";
import { ContactForm } from "@/components/forms/contact-form";
import { visibleToVisitor } from "@/lib/data/visibility";
import { isId } from "@/lib/data/ids";
import { createProofChallenge, issueTimeToken } from "@/lib/site/contact";
import { loadProject, loadSiteSettings } from "@/lib/site/queries";
import { PROJECT_ACCESS_COOKIE, unlockedProjects } from "@/lib/site/project-access";
import { sendContactMessage } from "./actions";
import { contactPageTexts } from "@/lib/validation/contact-page";

// Rendered per request: each rendering carries its own time token and proof-of-work challenge.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Contact",
  description: contactPageTexts.intro,
  alternates: { canonical: "/contact" },
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The project a visitor asks about (`?project=`), if this visitor may see it: a protected one only
 * once this browser opened it (docs/spec.md §11: its title reaches nobody else).
 */
async function askedAbout(value: unknown): Promise<{ id: string; title: string } | null> {
  if (typeof value !== "string" || !isId(value)) return null;
  const project = await loadProject(value);
  if (!project) return null;
  const access = (await cookies()).get(PROJECT_ACCESS_COOKIE)?.value;
  if (visibleToVisitor(project, unlockedProjects(access, [project])) !== "open") return null;
  return { id: project.id, title: project.title };
}

export default async function ContactPage({ searchParams }: { searchParams: SearchParams }) {
  const [project, settings] = await Promise.all([
    askedAbout((await searchParams).project),
    loadSiteSettings(),
  ]);
  const challenge = JSON.stringify(await createProofChallenge());
  return (
    <div className="mx-auto max-w-2xl px-5 pt-12 pb-20 sm:px-8 sm:pt-16">
      <h1 className="text-4xl font-semibold tracking-tight">{contactPageTexts.heading}</h1>
      <p className="text-muted mt-3 mb-5 text-lg">{contactPageTexts.intro}</p>
      {settings.availability ? (
        <p className="mb-6 font-medium" data-testid="availability">
          {settings.availability}
        </p>
      ) : null}
      <ContactForm
        action={sendContactMessage}
        started={issueTimeToken()}
        challenge={challenge}
        project={project}
        permalink={project ? `/contact?project=${project.id}` : "/contact"}
      />
    </div>
  );
}
