import Link from "next/link";

type Neighbour = { id: string; title: string } | null;

/** Previous/Next project in the order of the full project list (docs/spec.md §2). */
export function ProjectPager({ previous, next }: { previous: Neighbour; next: Neighbour }) {
  if (!previous && !next) return null;
  return (
    <nav
      aria-label="More projects"
      className="mt-20 grid grid-cols-2 gap-6 border-t border-black/10 pt-8"
    >
      <div>
        {previous ? (
          <Link href={`/sections/${previous.id}`} rel="prev" className="group block">
            <span className="text-muted text-sm">← Previous project</span>
            <span className="mt-1 block font-semibold group-hover:underline">{previous.title}</span>
          </Link>
        ) : null}
      </div>
      <div className="text-right">
        {next ? (
          <Link href={`/sections/${next.id}`} rel="next" className="group block">
            <span className="text-muted text-sm">Next project →</span>
            <span className="mt-1 block font-semibold group-hover:underline">{next.title}</span>
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
