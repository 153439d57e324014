"use client";

import { useId, useState } from "react";
import { saveSectionOrder } from "@/lib/client/order";
import { SortableList } from "@/components/ui/sortable-list";

export type SectionOrderProps = {
  projectId: string;
  projectTitle: string;
  sections: { id: string; title: string }[];
};

/**
 * The owner's "Reorder sections" panel on a project page: a compact list of the sections, in page
 * order, dragged into order by their handles; the page shows the new order once it is saved.
 */
export function Panel({ projectId, projectTitle, sections }: SectionOrderProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const items = sections.map((section, index) => {
    const label = section.title || `Section ${index + 1}`;
    return {
      id: section.id,
      label,
      content: <p className="py-5 pr-4 font-medium break-words">{label}</p>,
    };
  });
  return (
    <div className="flex w-full max-w-xl flex-col items-center">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="text-ink rounded-md border border-black/20 bg-white px-4 py-2 font-medium hover:bg-black/5"
      >
        Reorder sections
      </button>
      <div id={panelId} hidden={!open} className="mt-4 w-full">
        {open ? (
          <SortableList
            items={items}
            listLabel={`Sections of ${projectTitle}, in page order`}
            save={(ids) => saveSectionOrder(projectId, ids)}
            className="divide-y divide-black/10 rounded-lg border border-black/10 bg-white"
          />
        ) : null}
      </div>
    </div>
  );
}
