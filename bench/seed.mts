// Seeds the bench data directory: N projects with M sections each, every image generated here with
// sharp and stored through the same storage code as uploads. Usage: seed.mts <projects> <sections>.
import sharp from "sharp";
import { createProject } from "@/lib/data/projects";
import { createSection } from "@/lib/data/sections";
import { closeDb } from "@/lib/db";
import { getStorage } from "@/lib/storage";
import { CATEGORIES } from "@/lib/validation/categories";

const projectCount = Number(process.argv[2] ?? 200);
const sectionCount = Number(process.argv[3] ?? 3);

async function image(seed: number, width: number, height: number) {
  const hue = (seed * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 90) % 360},60%,25%)"/>
    </linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${(seed * 97) % width}" cy="${(seed * 53) % height}" r="${height / 3}" fill="#fff" fill-opacity="0.25"/>
  </svg>`;
  const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  return getStorage().put({ buffer, contentType: "image/jpeg", kind: "image", width, height });
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
  console.log(`Seeded ${projectCount} projects × ${sectionCount} sections.`);
} finally {
  await closeDb();
}
