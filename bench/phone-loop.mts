// What a 375 px phone downloads for a loop made from a 4K master (docs/media.md#video-encoding):
// an H.264 4K 5 s master goes through the product's encoder as a `playback=loop` section, then a
// phone-sized Chromium opens the project page, scrolls to the loop, lets it play a whole loop and
// counts the bytes of every response for the section's renditions (what arrived on the wire, a
// cancelled request's included). Part of `npm run bench`; alone: bench/motion.mts.
import fs from "node:fs";
import { chromium } from "@playwright/test";
import {
  attachSection,
  deleteSection,
  sectionOf,
  uploadMaster,
  videoReady,
  type Owner,
} from "./media-client.mts";
import { LOOP_MASTER } from "./masters.mts";

export const PHONE = { width: 375, height: 667 } as const;

export type PhoneLoopResult = {
  master: { width: number; height: number; seconds: number; pattern: string; bytes: number };
  /** The phone's viewport (CSS px). */
  viewport: { width: number; height: number };
  /** The encode of the loop's ladder, attach to `ready` (reported, not budgeted), s. */
  encodeSeconds: number;
  renditions: { width: number; height: number; bytes: number }[];
  /** The file the phone's `<video>` played (its `currentSrc` path) and the loop's duration, s. */
  currentSrc: string;
  loopSeconds: number;
  /** Bytes received for each of the section's renditions the phone requested (URL path → bytes). */
  fetched: Record<string, number>;
  /** Their sum scaled to 10 s of loop. */
  bytesPer10s: number;
};

/**
 * Uploads `master` (LOOP_MASTER, bench/masters.mts) over tus as a loop section of `projectId`, waits
 * for its renditions, measures the phone's page, and deletes the section for good.
 */
export async function measurePhoneLoop(
  owner: Owner,
  projectId: string,
  master: string,
): Promise<PhoneLoopResult> {
  const uploadId = await uploadMaster(owner, master);
  const start = performance.now();
  const sectionId = await attachSection(owner, projectId, {
    title: "Bench loop",
    videoUpload: uploadId,
    playback: "loop",
  });
  try {
    const encodeSeconds = ((await videoReady(owner, sectionId)) - start) / 1000;
    const section = await sectionOf(owner.url, projectId, sectionId);
    const paths = new Set(section.videoRenditions.map((r) => new URL(r.url, owner.url).pathname));
    const browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
    try {
      const context = await browser.newContext({
        viewport: PHONE,
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      // Bytes as they arrive, per request: a media request the browser cancels still counts.
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      const urls = new Map<string, string>();
      const received = new Map<string, number>();
      cdp.on("Network.requestWillBeSent", (event) => {
        const pathname = new URL(event.request.url).pathname;
        if (paths.has(pathname)) urls.set(event.requestId, pathname);
      });
      cdp.on("Network.dataReceived", (event) => {
        const pathname = urls.get(event.requestId);
        if (pathname)
          received.set(pathname, (received.get(pathname) ?? 0) + event.encodedDataLength);
      });
      await page.goto(`${owner.url}/sections/${projectId}`, { waitUntil: "networkidle" });
      // The section is the page's last; its video loads once near the viewport.
      const video = page.locator('video[data-playback="loop"]').last();
      await video.scrollIntoViewIfNeeded();
      // Played through once, back at its start: a whole loop's bytes have been asked for.
      const played = await video.evaluate(
        (element: HTMLVideoElement) =>
          new Promise<{ src: string; duration: number }>((resolve, reject) => {
            let furthest = 0;
            const timeout = setTimeout(() => reject(new Error("The loop did not play")), 60_000);
            element.addEventListener("timeupdate", () => {
              if (element.currentTime < furthest - 1) {
                clearTimeout(timeout);
                resolve({ src: element.currentSrc, duration: element.duration });
              }
              furthest = Math.max(furthest, element.currentTime);
            });
          }),
      );
      await page.waitForTimeout(500);
      const fetched = Object.fromEntries(received);
      const total = [...received.values()].reduce((sum, bytes) => sum + bytes, 0);
      return {
        master: { ...LOOP_MASTER, bytes: fs.statSync(master).size },
        viewport: PHONE,
        encodeSeconds: Math.round(encodeSeconds * 10) / 10,
        renditions: section.videoRenditions.map(({ width, height, bytes }) => ({
          width,
          height,
          bytes,
        })),
        currentSrc: new URL(played.src).pathname,
        loopSeconds: Math.round(played.duration * 100) / 100,
        fetched,
        bytesPer10s: Math.round((total * 10) / played.duration),
      };
    } finally {
      await browser.close();
    }
  } finally {
    await deleteSection(owner, sectionId);
  }
}
