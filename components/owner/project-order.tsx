"use client";

import { saveProjectOrder } from "@/lib/client/order";
import { SortableList, type SortableItem } from "@/components/ui/sortable-list";

/**
 * The dashboard's project list in gallery order (newest first until the owner reorders), which the
 * owner drags into order. The API takes the list order, which the gallery shows reversed
 * (docs/spec.md §2), so the ids go out reversed.
 */
export function ProjectOrder({
  items,
  lockedReason,
}: {
  items: SortableItem[];
  /** Why the order cannot be changed right now (a filtered list), shown above it. */
  lockedReason?: string;
}) {
  return (
    <SortableList
      items={items}
      lockedReason={lockedReason}
      listLabel="Projects, in gallery order"
      save={(ids) => saveProjectOrder(ids.toReversed())}
      className="divide-y divide-black/10 rounded-lg border border-black/10 bg-white"
    />
  );
}
