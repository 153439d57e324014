"use client";

import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useToast } from "@/components/ui/toast-provider";
import type { Result } from "@/lib/client/result";

export type SortableItem = {
  id: string;
  /** The item's name in the handle ("Reorder <label>") and in the announcements. */
  label: string;
  /** What the row shows next to its handle. */
  content: React.ReactNode;
};

/*
 * A list the owner puts into order (issue 17 item 1): with the mouse (drag the handle), on touch
 * (press the handle a moment, then drag: a tap or a scroll elsewhere never starts a drag) and with
 * the keyboard (Space or Enter on the handle, arrow keys, Space or Enter to drop, Escape to cancel).
 * Moves are announced in words. The new order is saved on drop; if the server refuses, the list goes
 * back to the order it had and the toast says why. Owner code only: dnd-kit never reaches a visitor.
 */

const instructions =
  "To reorder, press Space or Enter on a Reorder button, move it with the arrow keys, " +
  "then press Space or Enter to drop it there, or Escape to put it back.";

function announcements(
  label: (id: UniqueIdentifier) => string,
  order: string[],
  moved: { current: boolean },
): Announcements {
  const place = (id: UniqueIdentifier | undefined) =>
    `position ${order.indexOf(String(id)) + 1} of ${order.length}`;
  return {
    onDragStart: ({ active }) => {
      moved.current = false;
      return `Picked up ${label(active.id)}, at ${place(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      // dnd-kit reports the item over itself as the drag starts: that is not a move yet.
      if (over?.id === active.id && !moved.current) return undefined;
      moved.current = true;
      return over
        ? `${label(active.id)} moved to ${place(over.id)}.`
        : `${label(active.id)} is outside the list.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${label(active.id)} dropped at ${place(over.id)}.`
        : `${label(active.id)} dropped outside the list: order unchanged.`,
    onDragCancel: ({ active }) =>
      `Moving cancelled. ${label(active.id)} is back at ${place(active.id)}.`,
  };
}

export function SortableList({
  items,
  save,
  listLabel,
  className = "",
  lockedReason,
}: {
  items: SortableItem[];
  /** Saves the whole order (ids in the list's order); the result's message goes into the toast. */
  save: (ids: string[]) => Promise<Result>;
  listLabel: string;
  className?: string;
  /**
   * Set when the list shows only part of the order (the dashboard's status filter): the Reorder
   * handles are disabled and this reason is shown above the list, since a drop could only place an
   * item among the visible ones.
   */
  lockedReason?: string;
}) {
  const router = useRouter();
  const { showToast } = useToast();
  const serverOrder = items.map((item) => item.id);
  const serverKey = serverOrder.join();
  // The order on screen; it starts over whenever the server sends a different list (after refresh).
  const [shown, setShown] = useState({ key: serverKey, order: serverOrder });
  const [saving, setSaving] = useState(false);
  // Whether the current drag has left its starting place (read by the announcements' callbacks).
  const [moved] = useState(() => ({ current: false }));
  let order = shown.order;
  if (shown.key !== serverKey) {
    order = serverOrder;
    setShown({ key: serverKey, order });
  }
  const byId = new Map(items.map((item) => [item.id, item]));
  const label = (id: UniqueIdentifier) => byId.get(String(id))?.label ?? "Item";
  const lockedId = useId();

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  async function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id || saving || lockedReason) return;
    const previous = order;
    const next = arrayMove(
      previous,
      previous.indexOf(String(active.id)),
      previous.indexOf(String(over.id)),
    );
    setShown({ key: serverKey, order: next });
    setSaving(true);
    const result = await save(next);
    setSaving(false);
    if (!result.ok) {
      setShown({ key: serverKey, order: previous });
      showToast(result.message, "error");
      return;
    }
    showToast(result.message, "success");
    router.refresh();
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: announcements(label, order, moved),
        screenReaderInstructions: { draggable: instructions },
      }}
    >
      {lockedReason ? (
        <p id={lockedId} className="text-muted text-sm" data-testid="reorder-locked">
          {lockedReason}
        </p>
      ) : null}
      <SortableContext items={order} strategy={verticalListSortingStrategy}>
        <ul aria-label={listLabel} aria-busy={saving} className={className}>
          {order.map((id) => {
            const item = byId.get(id);
            return item ? (
              <SortableRow
                key={id}
                item={item}
                disabled={saving || Boolean(lockedReason)}
                describedBy={lockedReason ? lockedId : undefined}
              />
            ) : null;
          })}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  item,
  disabled,
  describedBy,
}: {
  item: SortableItem;
  disabled: boolean;
  /** Why the handle is disabled, when it is for longer than a save. */
  describedBy?: string;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: item.id, disabled });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`relative flex items-start gap-3 bg-white ${
        isDragging ? "ring-accent z-10 rounded-lg shadow-lg ring-2" : ""
      }`}
      data-testid="sortable-item"
      data-dragging={isDragging || undefined}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${item.label}`}
        {...(describedBy ? { "aria-describedby": describedBy, disabled: true } : {})}
        className="text-ink mt-3 ml-2 flex h-10 w-10 shrink-0 cursor-grab touch-manipulation items-center justify-center rounded-md border border-black/20 bg-white hover:bg-black/5 active:cursor-grabbing disabled:cursor-not-allowed disabled:opacity-60"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20" fill="currentColor">
          <circle cx="7" cy="5" r="1.6" />
          <circle cx="13" cy="5" r="1.6" />
          <circle cx="7" cy="10" r="1.6" />
          <circle cx="13" cy="10" r="1.6" />
          <circle cx="7" cy="15" r="1.6" />
          <circle cx="13" cy="15" r="1.6" />
        </svg>
      </button>
      <div className="min-w-0 flex-1">{item.content}</div>
    </li>
  );
}
