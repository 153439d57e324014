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
  rectSortingStrategy,
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
 * A list the owner puts into order: with the mouse (drag the handle), on touch
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

type Locked = {
  /**
   * Set when the list shows only part of the order (the dashboard's status filter): the Reorder
   * handles are disabled and this reason is shown above the list, since a drop could only place an
   * item among the visible ones.
   */
  lockedReason?: string;
};

type Layout = {
  /** "list": rows, dragged up and down; "grid": cards in a grid, dragged in two dimensions. */
  layout?: "list" | "grid";
  /** Where the handle sits: beside the content, or on its top left corner (default for grids). */
  handle?: "side" | "corner";
};

/**
 * The order lives in the caller (controlled): `onReorder` gets the ids in their new order after
 * each drop that moved something. For forms that save the order with everything else.
 */
export function SortableItems({
  items,
  onReorder,
  listLabel,
  className = "",
  layout = "list",
  handle = layout === "grid" ? "corner" : "side",
  ordered = false,
  disabled = false,
  lockedReason,
}: {
  items: SortableItem[];
  onReorder: (ids: string[]) => void;
  listLabel: string;
  className?: string;
  /** An `ol` rather than a `ul`. */
  ordered?: boolean;
  /** No drag starts (while saving). */
  disabled?: boolean;
} & Locked &
  Layout) {
  const order = items.map((item) => item.id);
  // Whether the current drag has left its starting place (read by the announcements' callbacks).
  const [moved] = useState(() => ({ current: false }));
  const byId = new Map(items.map((item) => [item.id, item]));
  const label = (id: UniqueIdentifier) => byId.get(String(id))?.label ?? "Item";
  const lockedId = useId();
  const off = disabled || Boolean(lockedReason);

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id || off) return;
    onReorder(arrayMove(order, order.indexOf(String(active.id)), order.indexOf(String(over.id))));
  }

  const List = ordered ? "ol" : "ul";
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
      <SortableContext
        items={order}
        strategy={layout === "grid" ? rectSortingStrategy : verticalListSortingStrategy}
      >
        <List aria-label={listLabel} aria-busy={disabled} className={className}>
          {items.map((item) => (
            <SortableRow
              key={item.id}
              item={item}
              disabled={off}
              handle={handle}
              describedBy={lockedReason ? lockedId : undefined}
            />
          ))}
        </List>
      </SortableContext>
    </DndContext>
  );
}

/**
 * SortableItems that saves each new order at once (the dashboard, the gallery, the sections
 * panel): the save's message goes into the toast, a refused save puts the previous order back.
 */
export function SortableList({
  items,
  save,
  listLabel,
  className = "",
  layout = "list",
  handle,
  lockedReason,
}: {
  items: SortableItem[];
  /** Saves the whole order (ids in the list's order); the result's message goes into the toast. */
  save: (ids: string[]) => Promise<Result>;
  listLabel: string;
  className?: string;
} & Locked &
  Layout) {
  const router = useRouter();
  const { showToast } = useToast();
  const serverOrder = items.map((item) => item.id);
  const serverKey = serverOrder.join();
  // The order on screen; it starts over whenever the server sends a different list (after refresh).
  const [shown, setShown] = useState({ key: serverKey, order: serverOrder });
  const [saving, setSaving] = useState(false);
  let order = shown.order;
  if (shown.key !== serverKey) {
    order = serverOrder;
    setShown({ key: serverKey, order });
  }
  const byId = new Map(items.map((item) => [item.id, item]));

  async function onReorder(next: string[]) {
    if (saving) return;
    const previous = order;
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
    <SortableItems
      items={order.flatMap((id) => byId.get(id) ?? [])}
      onReorder={(next) => void onReorder(next)}
      listLabel={listLabel}
      className={className}
      layout={layout}
      handle={handle}
      disabled={saving}
      lockedReason={lockedReason}
    />
  );
}

function SortableRow({
  item,
  disabled,
  handle,
  describedBy,
}: {
  item: SortableItem;
  disabled: boolean;
  handle: "side" | "corner";
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
      className={`relative bg-white ${handle === "corner" ? "" : "flex items-start gap-3"} ${
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
        className={`text-ink ${
          handle === "corner" ? "absolute top-2 left-2 z-10 shadow-sm" : "mt-3 ml-2"
        } flex h-10 w-10 shrink-0 cursor-grab touch-manipulation items-center justify-center rounded-md border border-black/20 bg-white hover:bg-black/5 active:cursor-grabbing disabled:cursor-not-allowed disabled:opacity-60`}
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
      <div className={`min-w-0 flex-1 ${handle === "corner" ? "h-full" : ""}`}>{item.content}</div>
    </li>
  );
}
