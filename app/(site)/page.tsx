import Link from "next/link";
import { connection } from "next/server";
import { listProjects } from "@/lib/data/projects";
import { getSiteSettings } from "@/lib/data/settings";

export default async function HomePage() {
  await connection();
  const [settings, projects] = await Promise.all([getSiteSettings(), listProjects()]);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-4xl font-semibold tracking-tight">{settings.ownerName}</h1>
      <p className="text-muted mt-2 max-w-2xl">{settings.tagline}</p>
      <ul className="mt-8 space-y-2">
        {projects.toReversed().map((project) => (
          <li key={project.id}>
            <Link href={`/sections/${project.id}`}>{project.title}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
