import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** One row per settings group ("site"); the value is validated by lib/validation on read and write. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
