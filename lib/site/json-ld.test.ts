import { describe, expect, it } from "vitest";
import type { Project } from "@/lib/data/projects";
import type { Section } from "@/lib/data/sections";
import type { SiteSettings } from "@/lib/validation/site-settings";
import { defaultSiteSettings } from "@/lib/validation/site-settings";
import { projectJsonLd, reelJsonLd, videoJsonLd } from "./json-ld";

const site = new URL("https://studio.example");
const project = { title: "Night Drive", summary: "A short film about night." };
const added = new Date("2026-03-04T10:00:00.000Z");
const META = { duration: 94.6, width: 1920, height: 1080, fps: 25, audio: true, bytes: 9 };
const rendition = (height: number) => ({
  url: `/media/r${height}.mp4`,
  key: `r${height}.mp4`,
  type: "video/mp4" as const,
  width: (height * 16) / 9,
  height,
  bytes: 1,
});

/** A stored section with the columns videoJsonLd reads. */
function section(fields: Partial<Section>): Section {
  return {
    id: "s1",
    title: "",
    description: "",
    posterUrl: "/media/poster.jpg",
    videoUrl: null,
    videoEmbed: null,
    videoPlayback: "player",
    videoMeta: null,
    videoRenditions: [],
    createdAt: added,
    ...fields,
  } as Section;
}

describe("videoJsonLd", () => {
  it("describes an encoded film by its largest rendition, its poster, its length and the day it was added", () => {
    const film = section({
      title: "Final cut",
      videoUrl: "/media/master.mov",
      videoMeta: { ...META, codec: "prores" },
      videoRenditions: [rendition(480), rendition(1080)],
    });
    expect(videoJsonLd(film, project, site)).toEqual({
      "@type": "VideoObject",
      name: "Final cut",
      description: "A short film about night.",
      thumbnailUrl: "https://studio.example/media/poster.jpg",
      uploadDate: "2026-03-04T10:00:00.000Z",
      contentUrl: "https://studio.example/media/r1080.mp4",
      duration: "PT95S",
    });
  });

  it("names a Vimeo film by its player, and leaves out loops, master-only uploads and videos without a poster", () => {
    const vimeo = section({
      description: "Teaser",
      videoEmbed: "https://player.vimeo.com/video/7",
    });
    expect(videoJsonLd(vimeo, project, site)).toMatchObject({
      name: "Night Drive",
      description: "Teaser",
      embedUrl: "https://player.vimeo.com/video/7?dnt=1",
    });
    expect(videoJsonLd(vimeo, project, site)).not.toHaveProperty("contentUrl");
    const h264 = { videoUrl: "/media/clip.mp4", videoMeta: { ...META, codec: "h264" } };
    expect(videoJsonLd(section({ ...h264, videoPlayback: "loop" }), project, site)).toBeNull();
    expect(videoJsonLd(section({ ...h264, posterUrl: null }), project, site)).toBeNull();
    // A master browsers cannot play, still encoding: no file to name yet.
    const master = { videoUrl: "/media/m.mov", videoMeta: { ...META, codec: "prores" } };
    expect(videoJsonLd(section(master), project, site)).toBeNull();
    expect(videoJsonLd(section({}), project, site)).toBeNull();
  });

  it("lists a project's films as the CreativeWork's video, and none when it has none", () => {
    const settings = { ownerName: "Ada" } as SiteSettings;
    const work = {
      ...project,
      id: "p1",
      category: "Motion Design",
      coverUrl: "/media/cover.jpg",
      role: "Director",
      year: null,
      client: "",
      createdAt: added,
      updatedAt: added,
    } as unknown as Project;
    const films = [
      section({
        id: "a",
        title: "One",
        videoUrl: "/media/a.mp4",
        videoMeta: { ...META, codec: "h264" },
      }),
      section({ id: "b", title: "Notes" }),
    ];
    const ld = projectJsonLd(work, settings, site, films);
    expect((ld.video as { name: string }[]).map((video) => video.name)).toEqual(["One"]);
    expect(projectJsonLd(work, settings, site, [films[1]!])).not.toHaveProperty("video");
  });
});

describe("reelJsonLd", () => {
  const since = "2026-05-06T07:08:09.000Z";
  const reel = {
    ...defaultSiteSettings,
    ownerName: "Ada",
    showreelPosterUrl: "/media/reel-poster.jpg",
    showreelSince: since,
  };

  it("describes an uploaded Reel by the file the page plays, its poster, length and the day it was published", () => {
    const uploaded = {
      ...reel,
      showreelVideoUrl: "/media/master.mov",
      showreelVideoKey: "master.mov",
      showreelVideoStatus: "ready" as const,
      showreelVideoMeta: { ...META, codec: "prores" },
      showreelVideoRenditions: [rendition(480), rendition(1080)],
    };
    expect(reelJsonLd(uploaded, site)).toEqual({
      "@context": "https://schema.org",
      "@type": "VideoObject",
      name: "Showreel of Ada",
      description: "The showreel of Ada: motion design and illustration.",
      thumbnailUrl: "https://studio.example/media/reel-poster.jpg",
      uploadDate: since,
      contentUrl: "https://studio.example/media/r1080.mp4",
      duration: "PT95S",
      creator: { "@type": "Person", name: "Ada" },
    });
    // While a master browsers cannot play encodes, the page plays nothing: no VideoObject.
    const encoding = { ...uploaded, showreelVideoStatus: "processing" as const };
    expect(reelJsonLd({ ...encoding, showreelVideoRenditions: [] }, site)).toBeNull();
  });

  it("names a Vimeo Reel by its player; none without a poster, a date or a video", () => {
    const vimeo = { ...reel, showreelUrl: "https://player.vimeo.com/video/76979871" };
    expect(reelJsonLd(vimeo, site)).toMatchObject({
      embedUrl: "https://player.vimeo.com/video/76979871?dnt=1",
      uploadDate: since,
    });
    expect(reelJsonLd(vimeo, site)).not.toHaveProperty("duration");
    expect(reelJsonLd({ ...vimeo, showreelPosterUrl: "" }, site)).toBeNull();
    expect(reelJsonLd({ ...vimeo, showreelSince: null }, site)).toBeNull();
    expect(reelJsonLd(reel, site)).toBeNull();
  });
});
