import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { SectionLayout } from "@/lib/validation/layout";
import { projects } from "./projects";

export type SectionImage = {
  url: string;
  /** Storage key of an uploaded file; null for an external URL (e.g. imported). */
  key: string | null;
  width: number | null;
  height: number | null;
  alt: string;
  /** Focal point 0–1 (issue 18.2); absent on rows written before it, read as 0.5. */
  focalX?: number;
  focalY?: number;
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
    /** Image layout (issue 18.1, migration 0005): grid, natural or full. */
    layout: text("layout").$type<SectionLayout>().notNull().default("grid"),
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("sections_id_hex", sql`${table.id} ~ '^[0-9a-f]{24}$'`),
    check("sections_layout_valid", sql`${table.layout} in ('grid', 'natural', 'full')`),
    index("sections_project_position_idx").on(table.projectId, table.position),
  ],
);

export type SectionRow = typeof sections.$inferSelect;
