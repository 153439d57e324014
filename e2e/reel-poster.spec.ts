import { expect, test } from "@playwright/test";
import { signInOwnerForFile } from "./helpers/owner-flows";
import { makePng } from "./helpers/owner-media";

/**
 * Issue 18 small defect: the Reel page's poster is its first and largest picture, above the fold:
 * it must load at once with high priority, never lazily.
 */
signInOwnerForFile("reel-poster");

type Settings = {
  ownerName: string;
  tagline: string;
  biography: string;
  contactEmail: string;
  showreelUrl: string;
  socials: Record<string, string>;
};

test("the Reel poster loads eagerly with fetchpriority high", async ({ page }) => {
  const origin = String(test.info().project.use.baseURL);
  const settings = ((await (await page.request.get("/api/settings")).json()) as { data: Settings })
    .data;
  const fields: Record<string, string> = {
    ownerName: settings.ownerName,
    tagline: settings.tagline,
    biography: settings.biography,
    contactEmail: settings.contactEmail,
    showreelUrl: settings.showreelUrl,
  };
  for (const [name, url] of Object.entries(settings.socials)) fields[`socials.${name}`] = url;
  const put = (
    extra: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>,
  ) =>
    page.request.put("/api/settings", {
      multipart: { ...fields, ...extra },
      headers: { Origin: origin },
    });
  const poster = {
    name: "reel.png",
    mimeType: "image/png",
    buffer: makePng({ width: 320, height: 180 }),
  };
  expect((await put({ showreelPoster: poster })).status()).toBe(200);
  try {
    await page.goto("/reel");
    const play = page.getByRole("button", { name: "Play the showreel" });
    await expect(play).toBeVisible();
    const still = play.locator("xpath=..").locator("img");
    await expect(still).toHaveAttribute("loading", "eager");
    await expect(still).toHaveAttribute("fetchpriority", "high");
    await expect
      .poll(() => still.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  } finally {
    expect((await put({ removeShowreelPoster: "true" })).status()).toBe(200);
  }
});
