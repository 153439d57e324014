import { describe, expect, it } from "vitest";
import { formatCategory } from "@/lib/domain";
import { fillProjectForm, validateNewProject, validateProjectEdit } from "./project-draft";
import {
  fillSectionForm,
  imageSectionDrafts,
  moveImage,
  switchVideoMode,
  validateSectionDraft,
  type SectionDraft,
} from "./section-draft";

type FakeFile = { name: string };
const file = (name: string): FakeFile => ({ name });

function collect() {
  const entries: [string, string | FakeFile][] = [];
  return {
    entries,
    append: (name: string, value: string | FakeFile) => entries.push([name, value]),
  };
}

const empty: SectionDraft<FakeFile> = {
  title: "",
  description: "",
  existingImages: [],
  removedImages: [],
  newImages: [],
  videoMode: "upload",
  videoFile: null,
  videoEmbed: "",
  removeVideo: false,
  layout: "grid",
  playback: "player",
  posterFile: null,
};

describe("categories", () => {
  it("show Frame by Frame hyphenated", () => {
    expect(formatCategory("Frame by Frame")).toBe("Frame-by-Frame");
    expect(formatCategory("Motion Design")).toBe("Motion Design");
  });
});

describe("project drafts", () => {
  const full = { title: "Title", role: "Director", category: "Illustration", cover: file("c.png") };

  it("requires every field on add, with the spec's spelling", () => {
    expect(validateNewProject(full)).toBeNull();
    for (const gap of [{ title: "  " }, { role: "" }, { category: "" }, { cover: null }]) {
      expect(validateNewProject({ ...full, ...gap })).toBe("Please fill in all Feilds !");
    }
    // The API's own checks and words: what the server would answer, before anything is sent.
    expect(validateNewProject({ ...full, category: "Sculpture" })).toBe("Invalid category");
    expect(validateNewProject({ ...full, title: "x".repeat(201) })).toBe(
      "Title must be at most 200 characters",
    );
    expect(validateProjectEdit({ ...full, role: "a\u0000b" })).toBe(
      "Role contains a character that cannot be stored",
    );
  });

  it("requires title, role and category on edit, the cover being optional", () => {
    expect(validateProjectEdit({ ...full, cover: null })).toBeNull();
    expect(validateProjectEdit({ ...full, role: " " })).toBe("Please fill in all fields!");
    expect(validateProjectEdit({ ...full, title: "" })).toBe("Please fill in all fields!");
  });

  it("sends trimmed fields, the owner id on create and the cover only when chosen", () => {
    const created = collect();
    fillProjectForm(created, { ...full, title: " Title " }, "user-1");
    expect(created.entries).toEqual([
      ["title", "Title"],
      ["role", "Director"],
      ["category", "Illustration"],
      ["userId", "user-1"],
      ["cover", full.cover],
    ]);
    const edited = collect();
    fillProjectForm(edited, { ...full, cover: null });
    expect(edited.entries.map(([name]) => name)).toEqual(["title", "role", "category"]);
  });
});

describe("section drafts", () => {
  it("clears the file when switching to embed and the link when switching to upload", () => {
    const withFile = { ...empty, videoFile: file("v.mp4") };
    expect(switchVideoMode(withFile, "embed")).toMatchObject({
      videoMode: "embed",
      videoFile: null,
    });
    const withLink = { ...empty, videoMode: "embed" as const, videoEmbed: "https://vimeo.com/1" };
    expect(switchVideoMode(withLink, "upload")).toMatchObject({
      videoMode: "upload",
      videoEmbed: "",
    });
    expect(switchVideoMode(withFile, "upload")).toBe(withFile);
  });

  it("needs at least one field on add, but lets an edit keep everything", () => {
    expect(validateSectionDraft(empty, "add")).toBe("At least one field is required");
    expect(validateSectionDraft(empty, "edit")).toBeNull();
    expect(validateSectionDraft({ ...empty, description: "Words" }, "add")).toBeNull();
    expect(validateSectionDraft({ ...empty, videoFile: file("v.mp4") }, "add")).toBeNull();
    expect(
      validateSectionDraft({ ...empty, newImages: [{ file: file("a.png"), alt: "" }] }, "add"),
    ).toBeNull();
  });

  it("words a bad Vimeo link differently on add and edit", () => {
    const bad = { ...empty, videoMode: "embed" as const, videoEmbed: "https://vimeo.com/abc" };
    expect(validateSectionDraft(bad, "add")).toMatch(
      /^Invalid Vimeo URL or embed code\. Example: /,
    );
    expect(validateSectionDraft(bad, "edit")).toBe(
      "Invalid Vimeo URL. Example: https://vimeo.com/123456789",
    );
  });

  it("counts kept and new images together against the limit of 5", () => {
    const existingImages = ["1", "2", "3", "4", "5"].map((n) => ({
      url: `/media/${n}.png`,
      alt: "",
    }));
    const newImages = [{ file: file("6.png"), alt: "" }];
    expect(validateSectionDraft({ ...empty, existingImages, newImages }, "edit")).toBe(
      "Too many images: 6.png (up to 5 per section)",
    );
    const removedImages = ["/media/1.png"];
    expect(
      validateSectionDraft({ ...empty, existingImages, removedImages, newImages }, "edit"),
    ).toBeNull();
  });

  it("sends the normalised player URL, images with their alt texts, and removals", () => {
    const a = file("a.png");
    const form = collect();
    fillSectionForm(
      form,
      {
        ...empty,
        title: " Intro ",
        videoMode: "embed",
        videoEmbed: '<iframe src="https://player.vimeo.com/video/99?h=ab12"></iframe>',
        newImages: [{ file: a, alt: " A frame ", focal: { x: 0.25, y: 1 } }],
        removedImages: ["/media/old.png"],
        layout: "natural",
      },
      "p1",
    );
    expect(form.entries).toEqual([
      ["title", "Intro"],
      ["description", ""],
      ["project", "p1"],
      ["layout", "natural"],
      ["videoEmbed", "https://player.vimeo.com/video/99?h=ab12"],
      ["resources", a],
      ["resourceAlts", "A frame"],
      ["resourceFocals", "0.25,1"],
      ["removeResources", "/media/old.png"],
    ]);
  });

  it("sends the video file only in upload mode", () => {
    const v = file("v.mp4");
    const form = collect();
    fillSectionForm(form, { ...empty, videoFile: v });
    expect(form.entries).toContainEqual(["video", v]);
    expect(form.entries.map(([name]) => name)).not.toContain("videoEmbed");
  });

  it("sends the playback and the poster beside the video, and drops the poster on a switch", () => {
    const v = file("v.mp4");
    const poster = file("poster.jpg");
    const form = collect();
    fillSectionForm(form, { ...empty, videoFile: v, playback: "loop", posterFile: poster });
    expect(form.entries).toContainEqual(["video", v]);
    expect(form.entries).toContainEqual(["playback", "loop"]);
    expect(form.entries).toContainEqual(["poster", poster]);
    const switched = switchVideoMode({ ...empty, videoFile: v, posterFile: poster }, "embed");
    expect(switched.posterFile).toBeNull();
    const embed = collect();
    fillSectionForm(embed, { ...switched, videoEmbed: "https://vimeo.com/1" });
    expect(embed.entries.map(([name]) => name)).not.toContain("playback");
  });

  it("sends the chosen frame's time alone for a frame the encoder takes (a master, the stored video)", () => {
    const stored = collect();
    fillSectionForm(stored, { ...empty, posterTime: 2.5 });
    expect(stored.entries).toContainEqual(["posterTime", "2.500"]);
    expect(stored.entries.map(([name]) => name)).not.toContain("poster");
    const master = collect();
    fillSectionForm(master, { ...empty, videoUpload: "a".repeat(32), posterTime: 1 });
    expect(master.entries).toContainEqual(["videoUpload", "a".repeat(32)]);
    expect(master.entries).toContainEqual(["posterTime", "1.000"]);
  });
});

describe("editing stored images", () => {
  it("sends the kept images in the owner's order with alt text and focal point", () => {
    const existingImages = [
      { url: "/media/1.png", alt: "One", focal: { x: 0.1, y: 0.2 } },
      { url: "/media/2.png", alt: " Two " },
      { url: "/media/3.png", alt: "Three" },
    ];
    const draft = {
      ...empty,
      existingImages: moveImage(existingImages, 2, -2),
      removedImages: ["/media/2.png"],
    };
    expect(draft.existingImages.map((image) => image.url)).toEqual([
      "/media/3.png",
      "/media/1.png",
      "/media/2.png",
    ]);
    expect(validateSectionDraft(draft, "edit")).toBeNull();
    const form = collect();
    fillSectionForm(form, draft);
    const sent = form.entries.find(([name]) => name === "existingImages")?.[1] as string;
    expect(JSON.parse(sent)).toEqual([
      { url: "/media/3.png", alt: "Three", focalX: 0.5, focalY: 0.5 },
      { url: "/media/1.png", alt: "One", focalX: 0.1, focalY: 0.2 },
    ]);
    expect(moveImage(existingImages, 0, -1)).toBe(existingImages);
    expect(
      validateSectionDraft(
        { ...draft, existingImages: [{ url: "/a", alt: "x".repeat(301) }] },
        "edit",
      ),
    ).toBe("Alt text must be at most 300 characters");
  });
});

describe("images dropped on the project editor", () => {
  it("make sections of five images in file order, each one valid to add", () => {
    const files = ["1", "2", "3", "4", "5", "6", "7"].map((n) => file(`${n}.png`));
    const drafts = imageSectionDrafts(files);
    expect(drafts.map((draft) => draft.newImages.map((image) => image.file.name))).toEqual([
      ["1.png", "2.png", "3.png", "4.png", "5.png"],
      ["6.png", "7.png"],
    ]);
    for (const draft of drafts) expect(validateSectionDraft(draft, "add")).toBeNull();
    expect(imageSectionDrafts(files.slice(0, 5))).toHaveLength(1);
    expect(imageSectionDrafts([])).toEqual([]);
  });
});
