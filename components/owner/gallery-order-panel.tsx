"use client";

import { CoverThumb } from "@/components/ui/cover-thumb";
import { saveGalleryOrder } from "@/lib/client/order";
import { SortableList } from "@/components/ui/sortable-list";

export type GalleryOrderProject = {
  id: string;
  title: string;
  coverUrl: string;
  coverPosition?: string;
};

/**
 * The gallery's projects as a sortable grid of covers, newest first as the gallery shows them.
 * Saving moves only these projects within the owner's whole list (lib/client/order.ts).
 */
export function GalleryOrderPanel({ projects }: { projects: GalleryOrderProject[] }) {
  const items = projects.map((project) => ({
    id: project.id,
    label: project.title,
    content: (
      <div className="h-full overflow-hidden rounded-sm border border-black/10">
        <CoverThumb
          src={project.coverUrl}
          position={project.coverPosition}
          sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
        />
        <p className="px-3 py-2 text-sm leading-snug font-medium break-words">{project.title}</p>
      </div>
    ),
  }));
  return (
    <SortableList
      items={items}
      layout="grid"
      listLabel="Projects to reorder, in gallery order"
      save={saveGalleryOrder}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
    />
  );
}
