import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { projects } from "./projects";

export type SectionImage = {
  url: string;
  /** Storage key of an uploaded file; null for an external URL (e.g. imported). */
  key: string | null;
  width: number | null;
  height: number | null;
  alt: string;
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
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** When it was moved to the trash (issue 17); null while live. Purged 30 days later. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** Incremented by every write; an edit that started from another version is refused (409). */
    version: integer("version").notNull().default(1),
  },
  (table) => [
    check("sections_id_hex", sql`${table.id} ~ '^[0-9a-f]{24}$'`),
    index("sections_project_position_idx").on(table.projectId, table.position),
    index("sections_deleted_at_idx")
      .on(table.deletedAt)
      .where(sql`${table.deletedAt} is not null`),
  ],
);

export type SectionRow = typeof sections.$inferSelect;
