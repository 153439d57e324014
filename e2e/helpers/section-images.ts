import { expect, test, type Page } from "@playwright/test";
import { makePng } from "./owner-media";

/** Adds a section with one image per alt text through the REST API; resolves to its id. */
export async function addSectionWithImages(
  page: Page,
  projectId: string,
  title: string,
  alts: string[],
): Promise<string> {
  const form = new FormData();
  form.append("title", title);
  alts.forEach((alt, index) => {
    const rgb: [number, number, number] = [40 * index, 120, 200 - 40 * index];
    form.append(
      "resources",
      new Blob([new Uint8Array(makePng({ rgb }))], { type: "image/png" }),
      `frame-${index + 1}.png`,
    );
    form.append("resourceAlts", alt);
  });
  const response = await page.request.post(`/api/sections/${projectId}`, {
    headers: { Origin: String(test.info().project.use.baseURL) },
    multipart: form,
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { data: { _id: string } };
  return body.data._id;
}

/** The alt texts of a section's stored images, in their saved order (GET /api/sections/edit/{id}). */
export async function storedImageAlts(page: Page, sectionId: string): Promise<string[]> {
  const response = await page.request.get(`/api/sections/edit/${sectionId}`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: { images: { alt: string }[] } };
  return body.data.images.map((image) => image.alt);
}
