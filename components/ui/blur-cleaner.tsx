"use client";

import { useEffect } from "react";

/** Drops an image's blur-up background once its file is drawn (see ServerImage's blurDataURL). */
function clear(image: HTMLImageElement) {
  image.style.backgroundImage = "none";
  image.removeAttribute("data-blur");
}

/**
 * Server-rendered images (ServerImage) ship no JavaScript of their own, so one listener for the
 * whole page removes their blur-up placeholders as they load: a transparent PNG then shows the
 * page behind it, not its blurred preview. `load` does not bubble, hence the
 * capture phase; images that finished before hydration are cleared at once.
 */
export function BlurCleaner() {
  useEffect(() => {
    const onLoad = (event: Event) => {
      const target = event.target;
      if (target instanceof HTMLImageElement && target.hasAttribute("data-blur")) clear(target);
    };
    document.addEventListener("load", onLoad, true);
    document.querySelectorAll<HTMLImageElement>("img[data-blur]").forEach((image) => {
      if (image.complete && image.naturalWidth > 0) clear(image);
    });
    return () => document.removeEventListener("load", onLoad, true);
  }, []);
  return null;
}
