import "server-only";
import {
  and,
  count,
  desc,
  eq,
  ilike,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { getDb, type Db } from "@/lib/db";
import type { MessageFolder } from "@/lib/domain";
import { contactMessages, projects, type ContactMessageRow } from "@/models";
import { isId, newId } from "./ids";

/*
 * Contact messages (docs/spec.md §12). The Trash works as for projects (docs/spec.md §10): a
 * delete sets `deleted_at`, a restore clears it, the purge removes them 30 days later.
 */

export type ContactMessage = ContactMessageRow & { projectTitle: string | null };

export type NewContactMessage = {
  name: string;
  email: string;
  message: string;
  budget: string | null;
  deadline: string | null;
  projectId: string | null;
  folder: "inbox" | "spam";
  spamReason: string | null;
  proofNonce: string | null;
};

/** A folder of the inbox, or the Trash. */
export type MessageView = MessageFolder | "trash";

const live = isNull(contactMessages.deletedAt);

const withProject = {
  message: contactMessages,
  projectTitle: projects.title,
};

const joined = (row: { message: ContactMessageRow; projectTitle: string | null }) => ({
  ...row.message,
  projectTitle: row.projectTitle,
});

/**
 * Stores a message: one in the inbox owes the owner a mail, due now. Null when its proof-of-work
 * nonce was used before (one solved challenge sends one message). A project id that names no
 * project is dropped.
 */
export async function createContactMessage(
  input: NewContactMessage,
  now = new Date(),
): Promise<ContactMessageRow | null> {
  const db = await getDb();
  const projectId = input.projectId && isId(input.projectId) ? input.projectId : null;
  const [row] = await db
    .insert(contactMessages)
    .values({
      ...input,
      id: newId(),
      projectId: projectId
        ? sql`(select ${projects.id} from ${projects} where ${projects.id} = ${projectId})`
        : null,
      mailRetryAt: input.folder === "inbox" ? now : null,
      createdAt: now,
    })
    .onConflictDoNothing({ target: contactMessages.proofNonce })
    .returning();
  return row ?? null;
}

/** How many messages a folder's list holds at once (the inbox pages on with `before`). */
export const MESSAGE_PAGE_SIZE = 100;

/**
 * A folder's messages (or the Trash's), newest first, at most MESSAGE_PAGE_SIZE; `query` matches
 * name, e-mail or text. With `before` (a message's id), the ones that come after that message in
 * this order; `older` says whether any come after the page.
 */
export async function listContactMessages(
  view: MessageView,
  query = "",
  before: string | null = null,
): Promise<{ messages: ContactMessage[]; older: boolean }> {
  const db = await getDb();
  const where =
    view === "trash"
      ? isNotNull(contactMessages.deletedAt)
      : and(live, eq(contactMessages.folder, view));
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const search = query
    ? or(
        ilike(contactMessages.name, pattern),
        ilike(contactMessages.email, pattern),
        ilike(contactMessages.message, pattern),
      )
    : undefined;
  // An id that names no message matches nothing: an empty page.
  const after = before
    ? sql`(${contactMessages.createdAt}, ${contactMessages.id}) < (select c.created_at, c.id
        from ${contactMessages} c where c.id = ${isId(before) ? before : ""})`
    : undefined;
  const rows = await db
    .select(withProject)
    .from(contactMessages)
    .leftJoin(projects, eq(projects.id, contactMessages.projectId))
    .where(and(where, search, after))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(MESSAGE_PAGE_SIZE + 1);
  return {
    messages: rows.slice(0, MESSAGE_PAGE_SIZE).map(joined),
    older: rows.length > MESSAGE_PAGE_SIZE,
  };
}

/** One message, live or in the Trash; null when there is none with that id. */
export async function getContactMessage(id: string): Promise<ContactMessage | null> {
  if (!isId(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select(withProject)
    .from(contactMessages)
    .leftJoin(projects, eq(projects.id, contactMessages.projectId))
    .where(eq(contactMessages.id, id));
  return row ? joined(row) : null;
}

/** Unread messages in the inbox folder (the dashboard's count). */
export async function countUnreadMessages(): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(and(live, eq(contactMessages.folder, "inbox"), isNull(contactMessages.readAt)));
  return Number(row?.n ?? 0);
}

/** Sets `change` on the message `id` when `state` also holds; its row, or null when none does. */
async function setOnMessage(
  id: string,
  change: Parameters<ReturnType<Db["update"]>["set"]>[0],
  state: SQL,
): Promise<ContactMessageRow | null> {
  if (!isId(id)) return null;
  const db = await getDb();
  const [row] = await db
    .update(contactMessages)
    .set(change)
    .where(and(eq(contactMessages.id, id), state))
    .returning();
  return row ?? null;
}

/**
 * Marks a live message read or unread and/or moves it to a folder. Moving one to Spam cancels its
 * owed mail; moving one out of Spam leaves it unmailed (the owner has seen it). Null when there is
 * no live message with that id.
 */
export function updateContactMessage(
  id: string,
  change: { read?: boolean; folder?: MessageFolder },
  now = new Date(),
): Promise<ContactMessageRow | null> {
  return setOnMessage(
    id,
    {
      ...(change.read === undefined
        ? {}
        : {
            readAt: change.read ? sql`coalesce(${contactMessages.readAt}, ${now})` : null,
          }),
      ...(change.folder === undefined
        ? {}
        : {
            folder: change.folder,
            ...(change.folder === "spam" ? { mailRetryAt: null } : {}),
            ...(change.folder === "inbox" ? { spamReason: null } : {}),
          }),
    },
    live,
  );
}

/** Moves a live message to the Trash; null when there is none. */
export function trashContactMessage(
  id: string,
  now = new Date(),
): Promise<ContactMessageRow | null> {
  return setOnMessage(id, { deletedAt: now }, live);
}

/** Takes a message out of the Trash, back to its folder; null when it is not in the Trash. */
export function restoreContactMessage(id: string): Promise<ContactMessageRow | null> {
  return setOnMessage(id, { deletedAt: null }, isNotNull(contactMessages.deletedAt));
}

/** Deletes a message for good, live or trashed; null when there is none. */
export async function deleteContactMessage(id: string): Promise<ContactMessageRow | null> {
  if (!isId(id)) return null;
  const db = await getDb();
  const [row] = await db.delete(contactMessages).where(eq(contactMessages.id, id)).returning();
  return row ?? null;
}

/**
 * The retention rule (docs/security.md "Contact form"): messages in the Trash since before
 * `cutoff`, and spam received before it, are deleted for good. Returns how many.
 */
export async function purgeContactMessagesBefore(cutoff: Date): Promise<number> {
  const db = await getDb();
  const rows = await db
    .delete(contactMessages)
    .where(
      or(
        lt(contactMessages.deletedAt, cutoff),
        and(eq(contactMessages.folder, "spam"), lt(contactMessages.createdAt, cutoff)),
      ),
    )
    .returning({ id: contactMessages.id });
  return rows.length;
}

/**
 * Claims the owed mails due at `now` for one sender: each claimed row's next try moves to
 * `retryAt`, in one statement with SKIP LOCKED, so two servers never send the same mail at once.
 */
export async function claimDueMails(
  now: Date,
  retryAt: (attempts: number) => Date,
  limit = 20,
): Promise<ContactMessage[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const due = await tx
      .select(withProject)
      .from(contactMessages)
      .leftJoin(projects, eq(projects.id, contactMessages.projectId))
      .where(and(isNotNull(contactMessages.mailRetryAt), lte(contactMessages.mailRetryAt, now)))
      .orderBy(contactMessages.mailRetryAt)
      .limit(limit)
      .for("update", { of: contactMessages, skipLocked: true });
    for (const row of due) {
      await tx
        .update(contactMessages)
        .set({
          mailRetryAt: retryAt(row.message.mailAttempts + 1),
          mailAttempts: row.message.mailAttempts + 1,
        })
        .where(eq(contactMessages.id, row.message.id));
    }
    return due.map(joined);
  });
}

/** The owner's mail for this message went out: nothing more is owed. */
export async function markMailed(id: string, now = new Date()): Promise<void> {
  const db = await getDb();
  await db
    .update(contactMessages)
    .set({ mailedAt: now, mailRetryAt: null })
    .where(eq(contactMessages.id, id));
}

/** When the next owed mail is due, or null when none is owed. */
export async function nextMailDue(): Promise<Date | null> {
  const db = await getDb();
  const [row] = await db
    .select({ at: sql<string | null>`min(${contactMessages.mailRetryAt})` })
    .from(contactMessages);
  return row?.at ? new Date(row.at) : null;
}
