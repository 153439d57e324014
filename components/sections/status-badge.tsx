import { STATUS_LABELS, type ProjectStatus } from "@/lib/domain";

const STYLES: Record<ProjectStatus, string> = {
  published: "border-black/20 text-ink",
  draft: "border-amber-800 bg-amber-50 text-amber-900",
  unlisted: "border-sky-800 bg-sky-50 text-sky-900",
  protected: "border-violet-800 bg-violet-50 text-violet-900",
};

/** A project's status for the owner (docs/spec.md §11): "Draft", "Unlisted", "Protected". */
export function StatusBadge({ status }: { status: ProjectStatus }) {
  return (
    <span
      data-testid="status-badge"
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold tracking-wide uppercase ${STYLES[status]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}

/**
 * A project its schedule hides from visitors now (docs/spec.md §11): "Scheduled" before its
 * publishing time, "Unpublished" from its unpublishing time on; the time in the tooltip (UTC).
 */
export function ScheduleBadge({ publishAt }: { publishAt: Date | null }) {
  const upcoming = publishAt !== null && publishAt > new Date();
  return (
    <span
      data-testid="schedule-badge"
      title={upcoming ? `Publishes at ${publishAt.toISOString()}` : undefined}
      className="inline-flex items-center rounded-full border border-teal-800 bg-teal-50 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-teal-900 uppercase"
    >
      {upcoming ? "Scheduled" : "Unpublished"}
    </span>
  );
}
