// Fills an empty site with demo projects and sections: `npm run seed:demo`. Images are drawn on
// this machine with sharp and stored through the same storage code as uploads (local disk, or
// Cloudinary when CLOUDINARY_URL is set). Fixed ids make it idempotent: a second run, or a run
// after an interruption, only adds what is missing. A site with projects of its own is left alone.
// Takes the data-directory lock, so it refuses to run while the site runs on PGlite.
// First: every file this script creates (database, media, archives) is owner-only.
import "@/scripts/cli/private-umask";
import "@/scripts/cli/cli-env";
import sharp from "sharp";
import { createProject, getProject, listProjects } from "@/lib/data/projects";
import { createSection, getSection } from "@/lib/data/sections";
import { closeDb } from "@/lib/db";
import { getStorage } from "@/lib/storage";
import type { Category } from "@/lib/domain";
import type { SectionImage } from "@/models";
import { demoProjects, type DemoArt } from "./demo-content.mts";

/** An abstract composition: a two-colour gradient with soft circles and a band, as JPEG. */
async function drawImage(art: DemoArt, width: number, height: number, seed: number) {
  const random = (n: number) => ((Math.sin(seed * 9301 + n * 49297) + 1) / 2) % 1;
  const circles = Array.from({ length: 5 }, (_, i) => {
    const r = (0.08 + random(i) * 0.22) * Math.min(width, height);
    return `<circle cx="${random(i + 10) * width}" cy="${random(i + 20) * height}" r="${r}" fill="${i % 2 ? art.accent : "#ffffff"}" fill-opacity="${0.15 + random(i + 30) * 0.35}"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${art.from}"/><stop offset="1" stop-color="${art.to}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${circles}
    <rect x="0" y="${height * (0.55 + random(40) * 0.2)}" width="${width}" height="${height * 0.06}" fill="${art.accent}" fill-opacity="0.5" transform="rotate(${-8 + random(50) * 16} ${width / 2} ${height / 2})"/>
  </svg>`;
  const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  return getStorage().put({ buffer, contentType: "image/jpeg", kind: "image", width, height });
}

async function seed(): Promise<void> {
  const ids = new Set(demoProjects.map((project) => project.id));
  const own = (await listProjects("owner")).filter((project) => !ids.has(project.id));
  if (own.length > 0) {
    console.log(
      `The site already has ${own.length} project(s) of its own; demo content is only added to an empty site.`,
    );
    return;
  }
  let added = 0;
  for (const [index, demo] of demoProjects.entries()) {
    if (!(await getProject(demo.id))) {
      const cover = await drawImage(demo.art, 1600, 1000, index + 1);
      await createProject(
        {
          title: demo.title,
          role: demo.role,
          category: demo.category as Category,
          coverUrl: cover.url,
          coverKey: cover.key,
          userId: "demo",
        },
        demo.id,
      ).catch(async (error: unknown) => {
        await getStorage().delete(cover.key);
        throw error;
      });
      added++;
    }
    for (const [sectionIndex, section] of demo.sections.entries()) {
      if (await getSection(section.id)) continue;
      const images: SectionImage[] = [];
      for (const [imageIndex, [width, height, alt]] of (section.images ?? []).entries()) {
        const stored = await drawImage(
          demo.art,
          width,
          height,
          (index + 1) * 100 + sectionIndex * 10 + imageIndex,
        );
        images.push({ url: stored.url, key: stored.key, width, height, alt });
      }
      const created = await createSection(
        demo.id,
        {
          title: section.title,
          description: section.description,
          images,
          videoUrl: null,
          videoKey: null,
          videoEmbed: section.videoEmbed ?? null,
        },
        section.id,
      ).catch(() => null);
      if (!created) {
        await Promise.all(images.map((image) => getStorage().delete(image.key!)));
        throw new Error(`Could not add section ${section.id}`);
      }
      added++;
    }
  }
  console.log(
    added
      ? `Added ${added} demo project(s) and section(s).`
      : "The demo content is already there; nothing to do.",
  );
}

try {
  await seed();
  await closeDb();
} catch (error) {
  console.error(`Seeding failed: ${(error as Error).message}`);
  await closeDb().catch(() => {});
  process.exit(1);
}
