import { expect, test, type APIRequestContext } from "@playwright/test";
import { SETTINGS } from "./fixtures/data";
import { signInOwnerForFile } from "./helpers/owner-flows";

signInOwnerForFile("footer");

const NETWORKS = [
  ["behance", "Behance"],
  ["github", "GitHub"],
  ["instagram", "Instagram"],
  ["dribbble", "Dribbble"],
] as const;

/** Saves the settings with these profile links, through the owner's settings API. */
async function saveSocials(request: APIRequestContext, socials: Record<string, string>) {
  const current = (await (await request.get("/api/settings")).json()).data as typeof SETTINGS;
  const multipart: Record<string, string> = {
    ownerName: current.ownerName,
    tagline: current.tagline,
    biography: current.biography,
    contactEmail: current.contactEmail,
    showreelUrl: current.showreelUrl,
  };
  for (const [name, url] of Object.entries(socials)) multipart[`socials.${name}`] = url;
  const origin = String(test.info().project.use.baseURL);
  const response = await request.put("/api/settings", { multipart, headers: { Origin: origin } });
  expect(response.status()).toBe(200);
}

test("the footer shows the four profiles as named icons and leaves out an empty one", async ({
  page,
}) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  const profiles = footer.getByRole("list", { name: "Social profiles" }).getByRole("link");
  await expect(profiles).toHaveCount(4);
  for (const [network, name] of NETWORKS) {
    const link = footer.getByRole("link", { name, exact: true });
    await expect(link).toHaveAttribute("href", SETTINGS.socials[network]);
    // An icon, not a word: the name is the link's label and the drawing is hidden from readers.
    await expect(link).toHaveText("");
    await expect(link.locator("svg")).toHaveAttribute("aria-hidden", "true");
    const box = (await link.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(24);
    expect(box.height).toBeGreaterThanOrEqual(24);
  }

  try {
    await saveSocials(page.request, { ...SETTINGS.socials, github: "", dribbble: "" });
    for (const path of ["/", "/about"]) {
      await page.goto(path);
      await expect(profiles, path).toHaveCount(2);
      await expect(footer.getByRole("link", { name: "GitHub" })).toHaveCount(0);
      await expect(footer.getByRole("link", { name: "Dribbble" })).toHaveCount(0);
      await expect(footer.getByRole("link", { name: "Behance" })).toBeVisible();
    }
    await saveSocials(page.request, { behance: "", github: "", instagram: "", dribbble: "" });
    await page.goto("/");
    await expect(footer.getByRole("list", { name: "Social profiles" })).toHaveCount(0);
    await expect(footer).toContainText(SETTINGS.ownerName);
  } finally {
    await saveSocials(page.request, SETTINGS.socials);
  }
  await page.goto("/");
  await expect(profiles).toHaveCount(4);
});
