"use client";

import { useState } from "react";
import { ProjectOrder } from "@/components/owner/project-order";
import type { SortableItem } from "@/components/ui/sortable-list";
import { PROJECT_STATUSES, STATUS_LABELS, type ProjectStatus } from "@/lib/domain";

export type DashboardRow = SortableItem & { status: ProjectStatus };
type Filter = ProjectStatus | "all";

const FILTERS: readonly Filter[] = ["all", ...PROJECT_STATUSES];

/** Shown above a filtered list, whose Reorder handles are disabled. */
export const REORDER_LOCKED = "Reordering is off while a filter is on: choose All to reorder.";

/**
 * The dashboard's projects with a filter by status: a radio group (arrow keys
 * move between its options) with each status's count. The order is saved as a whole list, so while
 * a filter hides some projects dragging is disabled, with the reason shown, rather than guessing
 * where the hidden ones go.
 */
export function DashboardProjects({ rows }: { rows: DashboardRow[] }) {
  const [filter, setFilter] = useState<Filter>("all");
  const count = (value: Filter) =>
    value === "all" ? rows.length : rows.filter((row) => row.status === value).length;
  const shown = filter === "all" ? rows : rows.filter((row) => row.status === filter);
  return (
    <div className="space-y-4">
      <fieldset className="min-w-0">
        <legend className="mb-2 text-sm font-semibold">Show</legend>
        <div className="flex flex-wrap gap-2" data-testid="status-filter">
          {FILTERS.map((value) => (
            <label
              key={value}
              className="has-[:checked]:bg-ink has-[:focus-visible]:outline-accent flex cursor-pointer items-center rounded-full border border-black/30 bg-white px-3 py-1.5 text-sm font-medium has-[:checked]:border-transparent has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2"
            >
              <input
                type="radio"
                name="dashboard-status-filter"
                value={value}
                checked={filter === value}
                onChange={() => setFilter(value)}
                className="sr-only"
              />
              {value === "all" ? "All" : STATUS_LABELS[value]} ({count(value)})
            </label>
          ))}
        </div>
      </fieldset>
      {shown.length === 0 ? (
        <p className="text-muted" role="status">
          No {STATUS_LABELS[filter as ProjectStatus].toLowerCase()} projects.
        </p>
      ) : (
        <ProjectOrder items={shown} lockedReason={filter === "all" ? undefined : REORDER_LOCKED} />
      )}
    </div>
  );
}
