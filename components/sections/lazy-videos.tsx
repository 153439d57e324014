"use client";

import { Suspense, type ComponentProps } from "react";
import { lazyExport } from "@/components/ui/lazy-export";
import type { LoopVideo as LoopVideoType } from "./loop-video";
import type { PlayerVideo as PlayerVideoType } from "./player-video";
import type { VimeoFacade as VimeoFacadeType } from "./vimeo-facade";

/*
 * A project page's three kinds of video, each a chunk of its own that loads only on a page that
 * shows one: a page with a Vimeo embed does not carry the loop player's code, nor a page of loops
 * the Vimeo facade's (first-load JS, docs/performance.md#what-keeps-the-public-pages-light). The
 * server renders each one whole, as before; in the browser its Suspense boundary hydrates once its
 * chunk is in, without holding back the rest of the page.
 */
const Loop = lazyExport(() => import("./loop-video"), "LoopVideo");
const Player = lazyExport(() => import("./player-video"), "PlayerVideo");
const Facade = lazyExport(() => import("./vimeo-facade"), "VimeoFacade");

export function LoopVideo(props: ComponentProps<typeof LoopVideoType>) {
  return (
    <Suspense>
      <Loop {...props} />
    </Suspense>
  );
}

export function PlayerVideo(props: ComponentProps<typeof PlayerVideoType>) {
  return (
    <Suspense>
      <Player {...props} />
    </Suspense>
  );
}

export function VimeoFacade(props: ComponentProps<typeof VimeoFacadeType>) {
  return (
    <Suspense>
      <Facade {...props} />
    </Suspense>
  );
}
