import { describe, expect, it } from "vitest";
import {
  reelVideo,
  reviewVideo,
  shapeClass,
  uploadedVideoView,
  videoShape,
} from "@/lib/site/video-sources";

describe("a section video's box", () => {
  it("takes the video's own shape, at most 85 % of the window tall", () => {
    expect(videoShape({ width: 1080, height: 1920 })).toEqual({
      aspectRatio: "1080 / 1920",
      maxWidth: "calc(85svh * 0.5625)",
    });
    expect(videoShape({ width: 1920, height: 1080 })?.maxWidth).toBe("calc(85svh * 1.7778)");
  });

  it("stays 16:9 while the size is unknown or unreadable", () => {
    expect(videoShape(null)).toBeNull();
    expect(videoShape({ width: 0, height: 1080 })).toBeNull();
    expect(shapeClass(null)).toBe("aspect-video");
    expect(shapeClass(videoShape({ width: 1, height: 1 }))).toBe("mx-auto");
  });
});

describe("a section video on a review page", () => {
  const renditions = [
    { url: "/media/a480.mp4", type: "video/mp4", width: 854 },
    { url: "/media/a1080.mp4", type: "video/mp4", width: 1920 },
  ];
  const named = { title: "Cut (video)", download: "/media/master.mov" };

  it("plays the renditions the project page plays, under one optimizer URL of its poster", () => {
    const video = reviewVideo(
      {
        videoUrl: "/media/a1080.mp4",
        videoRenditions: renditions,
        videoSize: { width: 1920, height: 1080 },
        poster: "/media/still.jpg",
      },
      { ...named, status: "ready" },
    );
    expect(video).toMatchObject({
      src: "/media/a1080.mp4",
      poster: "/_next/image?url=%2Fmedia%2Fstill.jpg&w=1200&q=75",
      shape: { aspectRatio: "1920 / 1080" },
      download: "/media/master.mov",
      preparing: false,
    });
    expect(video.sources?.map((source) => source.src)).toEqual([
      "/media/a480.mp4",
      "/media/a1080.mp4",
    ]);
  });

  it("says it is being prepared only while nothing plays because it encodes", () => {
    const nothing = { videoUrl: null, poster: "/media/still.jpg" };
    expect(reviewVideo(nothing, { ...named, status: "processing" }).preparing).toBe(true);
    expect(reviewVideo(nothing, { ...named, status: "failed" }).preparing).toBe(false);
    const asUploaded = { videoUrl: "/media/upload.mp4" };
    expect(reviewVideo(asUploaded, { ...named, status: "processing" }).preparing).toBe(false);
  });
});

describe("what a page plays of an uploaded video (a section's, the showreel)", () => {
  const hevc = { codec: "hevc", width: 1080, height: 1920 };
  const renditions = [
    { url: "/media/r480.mp4", type: "video/mp4", width: 480, height: 854 },
    { url: "/media/r1080.mp4", type: "video/mp4", width: 1080, height: 1920 },
  ];

  it("plays the largest rendition once encoded, each one for its screens, in the video's shape", () => {
    const view = uploadedVideoView(
      { videoUrl: "/media/master.mov", videoMeta: hevc, videoRenditions: renditions },
      (url) => `${url}?private`,
    );
    expect(view).toEqual({
      videoUrl: "/media/r1080.mp4?private",
      videoRenditions: [
        { url: "/media/r480.mp4?private", type: "video/mp4", width: 480 },
        { url: "/media/r1080.mp4?private", type: "video/mp4", width: 1080 },
      ],
      videoSize: { width: 1080, height: 1920 },
    });
  });

  it("plays an H.264 mp4 as uploaded meanwhile, and nothing of a master browsers cannot play", () => {
    const h264 = { codec: "h264", width: 1920, height: 1080 };
    expect(
      uploadedVideoView({ videoUrl: "/media/a.mp4", videoMeta: h264, videoRenditions: [] }),
    ).toEqual({
      videoUrl: "/media/a.mp4",
      videoRenditions: [],
      videoSize: { width: 1920, height: 1080 },
    });
    expect(
      uploadedVideoView({ videoUrl: "/media/a.mp4", videoMeta: hevc, videoRenditions: [] })
        .videoUrl,
    ).toBeNull();
    // A file stored before codecs were read plays as uploaded, in the 16:9 box.
    expect(
      uploadedVideoView({ videoUrl: "/media/a.mp4", videoMeta: null, videoRenditions: [] }),
    ).toEqual({ videoUrl: "/media/a.mp4", videoRenditions: [], videoSize: null });
  });

  it("reads the showreel from the settings: none when its URL is empty", () => {
    const settings = {
      showreelVideoUrl: "",
      showreelVideoMeta: null,
      showreelVideoRenditions: [],
    };
    expect(uploadedVideoView(reelVideo(settings)).videoUrl).toBeNull();
    expect(
      uploadedVideoView(
        reelVideo({ ...settings, showreelVideoUrl: "/media/m.mov", showreelVideoMeta: hevc }),
      ).videoUrl,
    ).toBeNull();
  });
});
