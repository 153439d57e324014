import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, real, text } from "drizzle-orm/pg-core";
import {
  SECTION_LAYOUTS,
  VIDEO_PLAYBACKS,
  VIDEO_STATUSES,
  type SectionLayout,
  type VideoPlayback,
  type VideoStatus,
} from "@/lib/domain";
import { orderedEditableColumns, sqlList, trashIndex } from "./columns";
import { projects } from "./projects";

export type SectionImage = {
  url: string;
  /** Storage key of an uploaded file; null for an external URL (e.g. imported). */
  key: string | null;
  width: number | null;
  height: number | null;
  alt: string;
  /** Focal point 0–1; absent on rows written before it, read as 0.5. */
  focalX?: number;
  focalY?: number;
  /** Blur-up placeholder, a tiny data URL; absent until made. */
  placeholder?: string;
};

/** One encoded MP4 of an uploaded video (docs/spec.md "Video encoding"), smallest first. */
export type VideoRendition = {
  url: string;
  key: string;
  type: "video/mp4";
  width: number;
  height: number;
  /** null for a Cloudinary rendition, made by Cloudinary when first asked for. */
  bytes: number | null;
};

/** What the encoder read from an uploaded video. */
export type VideoMeta = {
  duration: number;
  width: number;
  height: number;
  fps: number;
  audio: boolean;
  /** The uploaded file's video codec (h264, hevc, prores…). */
  codec: string;
  bytes: number;
  /**
   * A video on Cloudinary sent by this server: the time of its first non-black frame, found in
   * the file before it went (docs/media.md "Media on Cloudinary"); its default poster's frame.
   * Absent for a video the browser uploaded straight to Cloudinary, or stored before.
   */
  firstPicture?: number;
};

export const sections = pgTable(
  "sections",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull().default(""),
    description: text("description").notNull().default(""),
    images: jsonb("images").$type<SectionImage[]>().notNull().default([]),
    videoUrl: text("video_url"),
    videoKey: text("video_key"),
    videoEmbed: text("video_embed"),
    /** Image layout (migration 0005): grid, natural or full. */
    layout: text("layout").$type<SectionLayout>().notNull().default("grid"),
    /** How an uploaded video plays (docs/spec.md §2): null (rows made before 0006) = "player". */
    videoPlayback: text("video_playback").$type<VideoPlayback>(),
    /** The still shown before a video plays: an uploaded, browser-captured or generated image. */
    posterUrl: text("poster_url"),
    posterKey: text("poster_key"),
    /** The poster's blur-up placeholder (migration 0009); null until made. */
    posterPlaceholder: text("poster_placeholder"),
    /** Encoding (migration 0017): null = one file as uploaded (stored before, or Cloudinary). */
    videoStatus: text("video_status").$type<VideoStatus>(),
    /** Why the encoder refused the video; null unless failed. */
    videoError: text("video_error"),
    videoRenditions: jsonb("video_renditions").$type<VideoRendition[]>().notNull().default([]),
    videoMeta: jsonb("video_meta").$type<VideoMeta>(),
    /**
     * Poster and trim (migration 0018, docs/media.md "Poster and trim"): the encoder takes the
     * poster from the video when `posterFromVideo`, at `posterTime` seconds (null: the first
     * non-black frame); a loop keeps `trimStart`–`trimEnd` seconds (null: from the start, at most
     * 30 s).
     */
    posterFromVideo: boolean("poster_from_video").notNull().default(false),
    posterTime: real("poster_time"),
    trimStart: real("trim_start"),
    trimEnd: real("trim_end"),
    ...orderedEditableColumns(),
  },
  (table) => [
    check("sections_id_hex", sql`${table.id} ~ '^[0-9a-f]{24}$'`),
    check("sections_layout_valid", sql`${table.layout} in (${sqlList(SECTION_LAYOUTS)})`),
    check("sections_video_playback", sql`${table.videoPlayback} in (${sqlList(VIDEO_PLAYBACKS)})`),
    check("sections_video_status", sql`${table.videoStatus} in (${sqlList(VIDEO_STATUSES)})`),
    index("sections_project_position_idx").on(table.projectId, table.position),
    trashIndex("sections_deleted_at_idx", table.deletedAt),
  ],
);

export type SectionRow = typeof sections.$inferSelect;
