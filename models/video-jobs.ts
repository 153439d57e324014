import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { VIDEO_JOB_STATES, type VideoJobState } from "@/lib/domain";
import { sqlList } from "./columns";
import { projects } from "./projects";
import { sections } from "./sections";
import { siteSettings } from "./site-settings";

/**
 * The encoding queue (docs/architecture.md "Video encoding"): one row per section video, project
 * cover loop or uploaded showreel awaiting, or in, encoding. A ready video's row is deleted;
 * deleting its section or project deletes its row.
 */
export const videoJobs = pgTable(
  "video_jobs",
  {
    id: text("id").primaryKey(),
    /**
     * Whose video it is, exactly one of: a section's, a project's cover loop (`projectId`), or the
     * showreel of a settings row (`settingsKey`, "site").
     */
    sectionId: text("section_id")
      .unique()
      .references(() => sections.id, { onDelete: "cascade" }),
    projectId: text("project_id")
      .unique()
      .references(() => projects.id, { onDelete: "cascade" }),
    settingsKey: text("settings_key")
      .unique()
      .references(() => siteSettings.key, { onDelete: "cascade" }),
    /** The storage key of the uploaded file the job encodes; the section must still hold it. */
    sourceKey: text("source_key").notNull(),
    state: text("state").$type<VideoJobState>().notNull().default("queued"),
    /** 0–100 while encoding. */
    progress: integer("progress").notNull().default(0),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    /** Renewed while a server encodes; a stale one means that server died (the job is taken over). */
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("video_jobs_state_valid", sql`${table.state} in (${sqlList(VIDEO_JOB_STATES)})`),
    check(
      "video_jobs_one_owner",
      sql`num_nonnulls(${table.sectionId}, ${table.projectId}, ${table.settingsKey}) = 1`,
    ),
    index("video_jobs_state_idx").on(table.state, table.createdAt),
  ],
);

export type VideoJobRow = typeof videoJobs.$inferSelect;
