// First-load JavaScript of a page: every script the browser loads for it, gzip-compressed size.
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

export async function firstLoadJs(urls: string[]): Promise<Record<string, number>> {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
    ],
  });
  const weights: Record<string, number> = {};
  try {
    for (const url of urls) {
      const page = await browser.newPage();
      const pending: Promise<number>[] = [];
      page.on("response", (response) => {
        if (response.request().resourceType() === "script") {
          pending.push(
            response.body().then(
              (body) => gzipSync(body, { level: 9 }).length,
              () => 0,
            ),
          );
        }
      });
      await page.goto(url, { waitUntil: "networkidle" });
      weights[new URL(url).pathname + new URL(url).search] = (await Promise.all(pending)).reduce(
        (a, b) => a + b,
        0,
      );
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return weights;
}
