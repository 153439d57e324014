import { expect, test } from "@playwright/test";
import { signInOwnerForFile } from "./helpers/owner-flows";
import { expectStillSizedForScreen } from "./helpers/images";
import { makePng } from "./helpers/owner-media";

/**
 * The Reel page's poster is its first and largest picture, above the fold:
 * it must load at once with high priority, never lazily. It comes through the image optimizer at
 * the width it is drawn at (a phone does not fetch the full-size still).
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

test("the Reel poster loads eagerly with fetchpriority high, sized for the screen", async ({
  page,
}) => {
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
    // The width asked of the optimizer covers the pixels drawn, within one srcset step.
    await expectStillSizedForScreen(still);
  } finally {
    expect((await put({ removeShowreelPoster: "true" })).status()).toBe(200);
  }
});
