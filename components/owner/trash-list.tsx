"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useToast } from "@/components/ui/toast-provider";
import { messages } from "@/lib/client/messages";
import { deleteProject, restoreProject } from "@/lib/client/projects";
import type { Result } from "@/lib/client/result";
import { deleteSection, restoreSection } from "@/lib/client/sections";
import { ConfirmDialog } from "./confirm-dialog";

export type TrashItem = { id: string; title: string; detail: string; purgeAt: string };
type Kind = "project" | "section";

const purgeDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });

const buttonClass =
  "rounded-md border border-black/20 bg-white px-3 py-1.5 text-sm font-medium text-ink hover:bg-black/5 disabled:opacity-60";
const dangerClass =
  "rounded-md border border-red-700 bg-white px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 disabled:opacity-60";

const actions: Record<
  Kind,
  { restore: (id: string) => Promise<Result>; forever: (id: string) => Promise<Result> }
> = {
  project: { restore: restoreProject, forever: (id) => deleteProject(id, true) },
  section: { restore: restoreSection, forever: (id) => deleteSection(id, true) },
};

/** The Trash's two lists with Restore and Delete forever (asks first) on each item. */
export function TrashList({
  projects,
  sections,
}: {
  projects: TrashItem[];
  sections: TrashItem[];
}) {
  const router = useRouter();
  const { showToast } = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ kind: Kind; item: TrashItem } | null>(null);

  async function run(id: string, action: () => Promise<Result>) {
    setBusy(id);
    const result = await action();
    setBusy(null);
    setConfirming(null);
    showToast(result.message, result.ok ? "success" : "error");
    if (result.ok) {
      // The item's buttons go away with it: keep focus on the page.
      document.getElementById("main")?.focus();
      router.refresh();
    }
  }

  function list(kind: Kind, heading: string, items: TrashItem[]) {
    const headingId = `trash-${kind}s`;
    return (
      <section aria-labelledby={headingId} className="space-y-3">
        <h2 id={headingId} className="text-xl font-semibold tracking-tight">
          {heading}
        </h2>
        {items.length === 0 ? (
          <p className="text-muted">No {kind}s in the trash.</p>
        ) : (
          <ul className="divide-y divide-black/10 rounded-lg border border-black/10 bg-white">
            {items.map((item) => (
              <li
                key={item.id}
                data-testid={`trash-${kind}`}
                className="flex flex-wrap items-center justify-between gap-3 p-4"
              >
                <div>
                  <p className="font-semibold">{item.title}</p>
                  <p className="text-muted text-sm">
                    {item.detail} · deleted for good on{" "}
                    <time dateTime={item.purgeAt}>{purgeDate.format(new Date(item.purgeAt))}</time>
                  </p>
                </div>
                <div className="flex gap-2">
                  <button
                    type="button"
                    className={buttonClass}
                    disabled={busy !== null}
                    aria-label={`Restore ${item.title}`}
                    onClick={() => void run(item.id, () => actions[kind].restore(item.id))}
                  >
                    Restore
                  </button>
                  <button
                    type="button"
                    className={dangerClass}
                    disabled={busy !== null}
                    aria-label={`Delete ${item.title} forever`}
                    onClick={() => setConfirming({ kind, item })}
                  >
                    Delete forever
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  }

  return (
    <div className="space-y-10">
      {list("project", "Projects", projects)}
      {list("section", "Sections", sections)}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? `Delete ${confirming.item.title} forever` : "Delete forever"}
        question={messages.confirmDeleteForever}
        confirmLabel="Delete forever"
        busy={busy !== null}
        onConfirm={() => {
          if (!confirming) return;
          const { kind, item } = confirming;
          void run(item.id, () => actions[kind].forever(item.id));
        }}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
