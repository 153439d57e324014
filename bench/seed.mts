// Seeds the bench data directory: N projects with M sections each, every image generated here with
// sharp and stored through the same storage code as uploads. Usage:
// seed.mts <projects> <sections> [--showcase]; with --showcase, one more project (the newest,
// titled SHOWCASE_TITLE) holds the showcase: natural-layout sections of mixed aspect
// images, each with a muted loop video (SHOWCASE_LOOP_VIDEOS in all) and its poster.
import sharp from "sharp";
import { createProject } from "@/lib/data/projects";
import { createSection } from "@/lib/data/sections";
import { closeDb } from "@/lib/db";
import { getStorage } from "@/lib/storage";
import { makePlaceholder } from "@/lib/uploads/placeholder";
import { CATEGORIES } from "@/lib/domain";
import fs from "node:fs";
import { SHOWCASE_LOOP_VIDEOS, SHOWCASE_TITLE } from "./showcase.mts";

const projectCount = Number(process.argv[2] ?? 200);
const sectionCount = Number(process.argv[3] ?? 3);
const showcase = process.argv.includes("--showcase");

async function image(seed: number, width: number, height: number) {
  const hue = (seed * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 90) % 360},60%,25%)"/>
    </linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${(seed * 97) % width}" cy="${(seed * 53) % height}" r="${height / 3}" fill="#fff" fill-opacity="0.25"/>
  </svg>`;
  const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  const stored = await getStorage().put({
    buffer,
    contentType: "image/jpeg",
    kind: "image",
    width,
    height,
  });
  // Made as an upload makes it: a site's images all have one, so no start-up fill runs.
  return { ...stored, placeholder: await makePlaceholder(buffer) };
}

try {
  for (let p = 0; p < projectCount; p++) {
    const cover = await image(p, 1200, 750);
    const project = await createProject({
      title: `Study ${String(p + 1).padStart(3, "0")}`,
      role: ["Director", "Animator", "Illustrator", "Designer"][p % 4]!,
      category: CATEGORIES[p % CATEGORIES.length]!,
      coverUrl: cover.url,
      coverKey: cover.key,
      coverPlaceholder: cover.placeholder,
      userId: "bench",
    });
    for (let s = 0; s < sectionCount; s++) {
      const images = [];
      for (let i = 0; i < 2; i++) {
        const stored = await image(p * 10 + s * 3 + i, 1200, 800);
        images.push({
          url: stored.url,
          key: stored.key,
          width: stored.width,
          height: stored.height,
          alt: `Frame ${i + 1} of section ${s + 1}`,
          placeholder: stored.placeholder ?? undefined,
        });
      }
      await createSection(project.id, {
        title: `Chapter ${s + 1}`,
        description: "Process notes: sketches, style frames and the final animation, step by step.",
        images,
        videoUrl: null,
        videoKey: null,
        videoEmbed: s === 2 ? "https://player.vimeo.com/video/76979871" : null,
      });
    }
  }
  if (showcase) await seedShowcase();
  console.log(`Seeded ${projectCount} projects × ${sectionCount} sections.`);
} finally {
  await closeDb();
}

/**
 * The showcase project, created last so it is the newest. Each loop video is a stored copy of the
 * e2e suite's playable 31 kB clip (e2e/fixtures/clip.mp4), so the browser decodes and loops real
 * frames while Lighthouse measures the page.
 */
async function seedShowcase() {
  const cover = await image(9001, 1200, 750);
  const project = await createProject({
    title: SHOWCASE_TITLE,
    role: "Director",
    category: CATEGORIES[0]!,
    coverUrl: cover.url,
    coverKey: cover.key,
    coverPlaceholder: cover.placeholder,
    userId: "bench",
  });
  // Portrait, landscape, panorama and square: a natural layout keeps each at its own aspect.
  const shapes: [number, number][] = [
    [800, 1200],
    [1200, 800],
    [1600, 600],
    [1000, 1000],
  ];
  const clip = fs.readFileSync(new URL("../e2e/fixtures/clip.mp4", import.meta.url));
  for (let s = 0; s < SHOWCASE_LOOP_VIDEOS; s++) {
    const images = [];
    for (let i = 0; i < 3; i++) {
      const [width, height] = shapes[(s + i) % shapes.length]!;
      const stored = await image(9100 + s * 10 + i, width, height);
      images.push({
        url: stored.url,
        key: stored.key,
        width: stored.width,
        height: stored.height,
        alt: `Showcase frame ${i + 1} of part ${s + 1}`,
        placeholder: stored.placeholder ?? undefined,
      });
    }
    const video = await getStorage().put({
      buffer: clip,
      contentType: "video/mp4",
      kind: "video",
    });
    const poster = await image(9200 + s, 1280, 720);
    await createSection(project.id, {
      title: `Part ${s + 1}`,
      description: "Loops and stills of the same piece, each at its own aspect ratio.",
      images,
      layout: "natural",
      videoUrl: video.url,
      videoKey: video.key,
      videoEmbed: null,
      videoPlayback: "loop",
      posterUrl: poster.url,
      posterKey: poster.key,
      posterPlaceholder: poster.placeholder,
    });
  }
}
