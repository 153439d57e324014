import { describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/helpers/database";
import { listMediaHolders } from "./media-access";
import { createProject } from "./projects";
import { createSection } from "./sections";
import { restoreSection, trashSection } from "./trash";

useTestDatabase();

const image = (key: string) => ({ url: `/media/${key}`, key, width: 10, height: 10, alt: "" });

describe("who may read a stored file (listMediaHolders)", () => {
  it("marks a trashed section's images, video, renditions and poster as trashed until it is restored", async () => {
    const project = await createProject({
      coverUrl: "/media/c.png",
      coverKey: "c.png",
      userId: "owner-1",
      title: "Live",
      role: "Director",
      category: "Motion Design",
    });
    const section = (await createSection(project.id, {
      title: "S",
      images: [image("a.png"), image("b.png")],
      videoKey: "v.mp4",
      video: "/media/v.mp4",
      posterKey: "p.jpg",
      poster: "/media/p.jpg",
      videoRenditions: [
        { url: "/media/r.mp4", key: "r.mp4", type: "video/mp4", width: 8, height: 6, bytes: 9 },
      ],
    } as never))!;
    for (const key of ["a.png", "b.png", "v.mp4", "r.mp4", "p.jpg", "c.png"])
      expect(await listMediaHolders(key), key).toEqual([]);
    await trashSection(section.id);
    for (const key of ["a.png", "b.png", "v.mp4", "r.mp4", "p.jpg"])
      expect(await listMediaHolders(key), key).toMatchObject([{ trashed: true }]);
    // The cover stays readable: its project is live.
    expect((await listMediaHolders("c.png")).some((holder) => holder.trashed)).toBe(false);
    await restoreSection(section.id);
    for (const key of ["a.png", "b.png", "v.mp4", "p.jpg"])
      expect(await listMediaHolders(key), key).toEqual([]);
  });
});
