// A loop video's bytes are not requested before it is within one viewport of being
// visible. A phone-sized Chromium opens the page at the top, then scrolls down half a viewport at
// a time; each video request is checked against where its element was when it was asked for.
import { chromium } from "@playwright/test";

export type LazyVideoResult = {
  expected: number;
  found: number;
  /** Loop video URLs requested while their element was more than one viewport away. */
  early: string[];
  /** How many of the loop videos were requested by the time the page was scrolled to its end. */
  requestedWhenNear: number;
};

/** Whether a box (viewport coordinates) is within one viewport height of the visible area. */
export function withinOneViewport(top: number, bottom: number, viewportHeight: number): boolean {
  return top <= 2 * viewportHeight && bottom >= -viewportHeight;
}

/** `videoUrls`: the loop videos' URLs (from the API), absolute or root-relative. */
export async function checkLazyVideos(
  pageUrl: string,
  videoUrls: string[],
): Promise<LazyVideoResult> {
  const wanted = new Set(videoUrls.map((u) => new URL(u, pageUrl).pathname));
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  const requested = new Set<string>();
  const early: string[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 667 } });
    page.on("request", (request) => {
      const p = new URL(request.url()).pathname;
      if (wanted.has(p)) requested.add(p);
    });
    const checked = new Set<string>();
    /** Checks each newly requested video against where its element is now. */
    const check = async () => {
      const boxes = await page.evaluate(() =>
        [...document.querySelectorAll("video")].map((video) => {
          const rect = video.getBoundingClientRect();
          const src =
            video.currentSrc ||
            video.getAttribute("src") ||
            video.querySelector("source")?.getAttribute("src") ||
            video.dataset.src ||
            "";
          return { src, top: rect.top, bottom: rect.bottom, height: window.innerHeight };
        }),
      );
      for (const p of requested) {
        if (checked.has(p)) continue;
        checked.add(p);
        const box = boxes.find((b) => b.src && new URL(b.src, pageUrl).pathname === p);
        if (!box || !withinOneViewport(box.top, box.bottom, box.height)) early.push(p);
      }
      return boxes;
    };
    await page.goto(pageUrl, { waitUntil: "networkidle" });
    await page.waitForTimeout(500);
    await check();
    const found = await page.locator("video[loop]").count();
    for (let step = 0; step < 200; step++) {
      const atEnd = await page.evaluate(() => {
        const before = window.scrollY;
        window.scrollBy(0, window.innerHeight / 2);
        return window.scrollY === before;
      });
      // Positions right after the scroll: a request made now was made for these.
      await check();
      await page.waitForTimeout(300);
      await check();
      if (atEnd) break;
    }
    return {
      expected: wanted.size,
      found,
      early,
      requestedWhenNear: requested.size,
    };
  } finally {
    await browser.close();
  }
}
