import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/helpers/database";
import { getDb } from "@/lib/db";
import { createProject } from "@/lib/data/projects";
import { createSection } from "@/lib/data/sections";
import { updateSiteSettings } from "@/lib/data/settings";
import { defaultSiteSettings } from "@/lib/validation/site-settings";
import { sweepOrphanedMedia } from "./sweep-media";

const database = useTestDatabase();

const key = (ext: string) => `${randomBytes(16).toString("hex")}.${ext}`;
const uploads = () => path.join(database.dataDir, "uploads");
function writeFile(name: string, ageMs = 0): void {
  fs.mkdirSync(uploads(), { recursive: true });
  const file = path.join(uploads(), name);
  fs.writeFileSync(file, name);
  const when = (Date.now() - ageMs) / 1000;
  fs.utimesSync(file, when, when);
}
const listUploads = () => fs.readdirSync(uploads()).sort();

/** A site whose every kind of media column points at a local file. */
async function seedReferencedMedia(): Promise<string[]> {
  const cover = key("png");
  const image = key("jpg");
  const gif = key("gif");
  const video = key("mp4");
  const portrait = key("jpg");
  const imported = key("png");
  const project = await createProject({
    title: "Kept",
    role: "Director",
    category: "Illustration",
    coverUrl: `/media/${cover}`,
    coverKey: cover,
    userId: "owner",
  });
  await createSection(project.id, {
    title: "S",
    description: "",
    images: [
      { url: `/media/${image}`, key: image, width: 1, height: 1, alt: "a" },
      // Imported rows can carry a URL without a key: the file is still in use.
      { url: `/media/${imported}`, key: null, width: 1, height: 1, alt: "b" },
      { url: `/media/${gif}`, key: gif, width: 1, height: 1, alt: "c" },
    ],
    videoUrl: `/media/${video}`,
    videoKey: video,
    videoEmbed: null,
  });
  await updateSiteSettings({
    ...defaultSiteSettings,
    portraitUrl: `/media/${portrait}`,
    portraitKey: portrait,
  });
  const referenced = [cover, image, gif, video, portrait, imported];
  for (const name of referenced) writeFile(name);
  return referenced;
}

describe(`start-up media sweep on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"}`, () => {
  let referenced: string[];
  beforeAll(async () => {
    referenced = await seedReferencedMedia();
  });

  it("removes unreferenced media, partial copies and upload folders, and keeps every referenced file", async () => {
    const orphans = [key("png"), key("mp4")];
    const partial = `.${key("jpg")}.part`;
    for (const name of [...orphans, partial]) writeFile(name);
    // Not a name this app writes: never touched.
    writeFile("README.txt");
    fs.mkdirSync(path.join(database.dataDir, "tmp", "upload-abc123"), { recursive: true });
    fs.writeFileSync(path.join(database.dataDir, "tmp", "upload-abc123", "half"), "x");

    const result = await sweepOrphanedMedia(await getDb(), {
      dataDir: database.dataDir,
      graceMs: 0,
      keepLocalMedia: false,
    });

    expect(result.mediaRemoved.sort()).toEqual([...orphans, partial].sort());
    expect(result.tempRemoved).toEqual(["upload-abc123"]);
    expect(listUploads()).toEqual([...referenced, "README.txt"].sort());
    expect(fs.readdirSync(path.join(database.dataDir, "tmp"))).toEqual([]);
  });

  it("keeps unreferenced files younger than the grace period (another process may be mid-write)", async () => {
    const fresh = key("png");
    const old = key("png");
    writeFile(fresh, 1000);
    writeFile(old, 20 * 60 * 1000);
    const result = await sweepOrphanedMedia(await getDb(), {
      dataDir: database.dataDir,
      graceMs: 10 * 60 * 1000,
      keepLocalMedia: false,
    });
    expect(result.mediaRemoved).toEqual([old]);
    expect(listUploads()).toContain(fresh);
    fs.rmSync(path.join(uploads(), fresh));
  });

  it("with Cloudinary configured, deletes no local media file at all", async () => {
    const orphan = key("jpg");
    writeFile(orphan);
    fs.mkdirSync(path.join(database.dataDir, "tmp", "upload-left"), { recursive: true });
    const before = listUploads();
    const result = await sweepOrphanedMedia(await getDb(), {
      dataDir: database.dataDir,
      graceMs: 0,
      keepLocalMedia: true,
    });
    expect(result.mediaRemoved).toEqual([]);
    expect(listUploads()).toEqual(before);
    expect(listUploads()).toContain(orphan);
    // Temporary upload folders are never media, so they still go.
    expect(result.tempRemoved).toEqual(["upload-left"]);
  });

  it("does nothing when the data directory has no uploads or tmp folder yet", async () => {
    const empty = fs.mkdtempSync(path.join(database.dataDir, "empty-"));
    const result = await sweepOrphanedMedia(await getDb(), {
      dataDir: empty,
      graceMs: 0,
      keepLocalMedia: false,
    });
    expect(result).toEqual({ mediaRemoved: [], tempRemoved: [] });
  });
});
