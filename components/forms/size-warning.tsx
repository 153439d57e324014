"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { pageContentWidth } from "@/lib/site/image-targets";
import type { ContentWidth } from "@/lib/validation/appearance";

type Size = { width: number; height: number };

/** A picked image's size in pixels, read from the file; null until it is read (or unreadable). */
export function useImageSize(file: Blob | null | undefined): Size | null {
  const [read, setRead] = useState<{ file: Blob; size: Size } | null>(null);
  useEffect(() => {
    if (!file) return;
    let live = true;
    createImageBitmap(file)
      .then((bitmap) => {
        if (live) setRead({ file, size: { width: bitmap.width, height: bitmap.height } });
        bitmap.close();
      })
      // The upload rules report a file that is not an image; nothing to warn about here.
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [file]);
  return read && read.file === file ? read.size : null;
}

const noSubscription = () => () => {};

/** The site's content width as the page carries it (pageContentWidth); "standard" on the server. */
export function usePageContentWidth(): ContentWidth {
  return useSyncExternalStore(noSubscription, pageContentWidth, () => "standard");
}

const px = (value: number) => `${value.toLocaleString("en")} px`;

/**
 * The warning beside an image field when the picked image has fewer pixels than the place it goes
 * into needs on a high-density (2×) screen. It does not block the save: the site never draws an
 * image wider than its own pixels, so a small one is shown smaller or a little soft, not stretched.
 */
export function SizeWarning({
  size,
  target,
  place,
}: {
  size: Size | null;
  /** The widest the image is drawn, in CSS pixels. */
  target: number;
  /** Where it is drawn that wide ("the widest gallery card", "this layout"). */
  place: string;
}) {
  if (!size || size.width >= 2 * target) return null;
  return (
    <p
      data-testid="size-warning"
      className="rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      This image is {px(size.width)} wide; {place} shows it up to {px(target)} wide, so it needs{" "}
      {px(2 * target)} to look sharp on high-density (2×) screens. You can still save it.
    </p>
  );
}
