import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { MESSAGE_FOLDERS, type MessageFolder } from "@/lib/domain";
import { sqlList, trashIndex } from "./columns";
import { projects } from "./projects";

/**
 * Messages sent with the contact form (docs/spec.md §12). What the visitor typed and nothing about
 * the visitor's connection: no address, no user agent (docs/security.md "Contact form").
 */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    budget: text("budget"),
    /** YYYY-MM-DD, as the visitor gave it. */
    deadline: text("deadline"),
    /** The project page the visitor came from; cleared when that project is deleted for good. */
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    folder: text("folder").$type<MessageFolder>().notNull().default("inbox"),
    /** Why the spam guard filed it under Spam; null for the others. */
    spamReason: text("spam_reason"),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** The proof of work's nonce: one solved challenge sends one message. */
    proofNonce: text("proof_nonce").unique(),
    /** When the owner's notification mail went out; null while it is owed or for spam. */
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
    /** When to try the owed mail again; null when no mail is owed. */
    mailRetryAt: timestamp("mail_retry_at", { withTimezone: true }),
    mailAttempts: integer("mail_attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When it was moved to the Trash; null while live. Purged 30 days later. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (table) => [
    check("contact_messages_id_hex", sql`${table.id} ~ '^[0-9a-f]{24}$'`),
    check("contact_messages_folder_valid", sql`${table.folder} in (${sqlList(MESSAGE_FOLDERS)})`),
    index("contact_messages_folder_created_idx").on(table.folder, table.createdAt),
    index("contact_messages_mail_retry_idx")
      .on(table.mailRetryAt)
      .where(sql`${table.mailRetryAt} is not null`),
    trashIndex("contact_messages_deleted_at_idx", table.deletedAt),
  ],
);

export type ContactMessageRow = typeof contactMessages.$inferSelect;
