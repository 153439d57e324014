"use client";

import { Suspense, useRef, useState } from "react";
import { lazyExport } from "@/components/ui/lazy-export";
import type { ViewerItem } from "./image-viewer";

// The full-screen viewer's code loads when a visitor is about to open it (a pointer over an image,
// or keyboard focus on one), not with the page: most visits never open it.
const loadViewer = () => import("./image-viewer");
const ImageViewer = lazyExport(loadViewer, "ImageViewer");
const warmViewer = () => void loadViewer();

/** The image button an event happened in (`data-view`: its place in the viewer's sequence). */
function viewButton(event: React.SyntheticEvent<HTMLElement>): HTMLElement | null {
  const target = event.target;
  if (!(target instanceof Element)) return null;
  const button = target.closest<HTMLElement>("[data-view]");
  return button && event.currentTarget.contains(button) ? button : null;
}

/**
 * Opens the full-screen viewer from a section's images, which the server renders
 * (section-images.tsx) as buttons carrying `data-view`. One delegated listener does it, so the
 * layouts' code (rows, sizes, srcsets) never reaches the browser. Closing the viewer puts the focus
 * back on the image it was opened from. The wrapper has no box of its own (`display: contents`).
 */
export function ViewerLauncher({
  items,
  children,
}: {
  items: ViewerItem[];
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  const close = () => {
    setOpen(null);
    opener.current?.focus();
  };

  return (
    // The buttons inside are the controls (keyboard included: Enter and Space click them); this
    // only listens to what bubbles up from them.
    <div
      className="contents"
      onClick={(event) => {
        const button = viewButton(event);
        if (!button) return;
        opener.current = button;
        setOpen(Number(button.dataset.view));
      }}
      onPointerOver={(event) => {
        if (viewButton(event)) warmViewer();
      }}
      onFocus={(event) => {
        if (viewButton(event)) warmViewer();
      }}
    >
      {children}
      {open !== null ? (
        <Suspense>
          <ImageViewer items={items} index={open} onIndexChange={setOpen} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
