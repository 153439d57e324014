import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, rowsOf } from "@/lib/db";
import {
  projects,
  reviewComments,
  reviewLinks,
  reviewOpens,
  sections,
  type ReviewCommentRow,
  type ReviewLinkRow,
  type ReviewOpenRow,
} from "@/models";
import { isId, newId } from "./ids";
import { projectNotTrashed, sectionNotTrashed } from "./not-trashed";
import type { Project } from "./projects";

/*
 * Client review links (docs/spec.md §13): a private, ordered selection of projects of any status
 * at /r/{token}, with the reviewers' comments and the record of its opens. The token is the
 * credential: 32 random bytes (256 bits), base64url.
 */

export type ReviewLink = ReviewLinkRow;
export type ReviewComment = ReviewCommentRow;
export type ReviewOpen = ReviewOpenRow;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const newReviewToken = () => randomBytes(32).toString("base64url");

/** What a token opens: "open", or why not ("expired": 410; "unknown" and revoked: 404). */
export type LinkState = "open" | "expired" | "unknown";

export function linkState(link: ReviewLink | null, now = new Date()): LinkState {
  if (!link || link.revokedAt) return "unknown";
  if (link.expiresAt && link.expiresAt <= now) return "expired";
  return "open";
}

export async function getReviewLinkByToken(token: string): Promise<ReviewLink | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const db = await getDb();
  const [link] = await db.select().from(reviewLinks).where(eq(reviewLinks.token, token));
  return link ?? null;
}

export async function getReviewLink(id: string): Promise<ReviewLink | null> {
  if (!isId(id)) return null;
  const db = await getDb();
  const [link] = await db.select().from(reviewLinks).where(eq(reviewLinks.id, id));
  return link ?? null;
}

/** A comment as the reviewer and the owner read it (the text is plain text, never HTML). */
export function toReviewCommentJson(comment: ReviewComment) {
  return {
    _id: comment.id,
    sectionId: comment.sectionId,
    name: comment.name,
    text: comment.text,
    time: comment.time,
    x: comment.x,
    y: comment.y,
    image: comment.image,
    reply: comment.reply,
    repliedAt: comment.repliedAt?.toISOString() ?? null,
    resolved: comment.resolvedAt !== null,
    createdAt: comment.createdAt.toISOString(),
  };
}

/** Live (not revoked) links, newest first, with their comment and open counts. */
export async function listReviewLinks() {
  const db = await getDb();
  // Columns in a raw subquery are written unqualified, where "id" would be the inner table's:
  // the counts name their tables in full.
  return db
    .select({
      link: reviewLinks,
      comments: sql<number>`(select count(*)::int from review_comments c where c.link_id = review_links.id)`,
      openComments: sql<number>`(select count(*)::int from review_comments c where c.link_id = review_links.id and c.resolved_at is null)`,
      opens: sql<number>`(select count(*)::int from review_opens o where o.link_id = review_links.id)`,
    })
    .from(reviewLinks)
    .where(isNull(reviewLinks.revokedAt))
    .orderBy(desc(reviewLinks.createdAt), desc(reviewLinks.id));
}

/** The ids among `ids` of projects that exist and are not in the trash. */
export async function liveProjectIds(ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const db = await getDb();
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(inArray(projects.id, ids), projectNotTrashed));
  return new Set(rows.map((row) => row.id));
}

export type ReviewLinkInput = {
  name: string;
  projectIds: string[];
  expiresAt: Date | null;
  passwordHash: string | null;
  allowDownload: boolean;
};

export async function createReviewLink(input: ReviewLinkInput): Promise<ReviewLink> {
  const db = await getDb();
  const [link] = await db
    .insert(reviewLinks)
    .values({ id: newId(), token: newReviewToken(), ...input })
    .returning();
  return link!;
}

/** Changes a live link; null when it is unknown or revoked. */
export async function updateReviewLink(
  id: string,
  patch: Partial<ReviewLinkInput>,
): Promise<ReviewLink | null> {
  if (!isId(id)) return null;
  const db = await getDb();
  const [link] = await db
    .update(reviewLinks)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(reviewLinks.id, id), isNull(reviewLinks.revokedAt)))
    .returning();
  return link ?? null;
}

/** Revokes a live link at once; false when it is unknown or already revoked. */
export async function revokeReviewLink(id: string): Promise<boolean> {
  if (!isId(id)) return false;
  const db = await getDb();
  const rows = await db
    .update(reviewLinks)
    .set({ revokedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(reviewLinks.id, id), isNull(reviewLinks.revokedAt)))
    .returning({ id: reviewLinks.id });
  return rows.length > 0;
}

/** The link's projects that are not in the trash, in the link's order. */
export async function listLinkProjects(link: ReviewLink): Promise<Project[]> {
  if (link.projectIds.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select()
    .from(projects)
    .where(and(inArray(projects.id, link.projectIds), projectNotTrashed));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return link.projectIds.flatMap((id) => byId.get(id) ?? []);
}

/** The live section `sectionId` when it belongs to one of the link's live projects, else null. */
export async function sectionInLink(link: ReviewLink, sectionId: string) {
  if (!isId(sectionId) || link.projectIds.length === 0) return null;
  const db = await getDb();
  const [row] = await db
    .select({ id: sections.id, projectId: sections.projectId, images: sections.images })
    .from(sections)
    .innerJoin(projects, eq(projects.id, sections.projectId))
    .where(
      and(
        eq(sections.id, sectionId),
        sectionNotTrashed,
        projectNotTrashed,
        inArray(sections.projectId, link.projectIds),
      ),
    );
  return row ?? null;
}

export type CommentInput = Pick<
  ReviewCommentRow,
  "sectionId" | "name" | "text" | "time" | "x" | "y" | "image" | "openId"
>;

export async function addReviewComment(
  link: ReviewLink,
  input: CommentInput,
): Promise<ReviewComment> {
  const db = await getDb();
  // A visit of another link (or none) is not this comment's.
  const openId =
    input.openId && isId(input.openId)
      ? ((
          await db
            .select({ id: reviewOpens.id })
            .from(reviewOpens)
            .where(and(eq(reviewOpens.id, input.openId), eq(reviewOpens.linkId, link.id)))
        )[0]?.id ?? null)
      : null;
  const [comment] = await db
    .insert(reviewComments)
    .values({ id: newId(), linkId: link.id, ...input, openId })
    .returning();
  return comment!;
}

/** A link's comments, oldest first. */
export async function listReviewComments(linkId: string): Promise<ReviewComment[]> {
  if (!isId(linkId)) return [];
  const db = await getDb();
  return db
    .select()
    .from(reviewComments)
    .where(eq(reviewComments.linkId, linkId))
    .orderBy(asc(reviewComments.createdAt), asc(reviewComments.id));
}

/** The owner's reply (null removes it) and resolution of one comment of a link. */
export async function updateReviewComment(
  linkId: string,
  commentId: string,
  patch: { reply?: string | null; resolved?: boolean },
): Promise<ReviewComment | null> {
  if (!isId(linkId) || !isId(commentId)) return null;
  const db = await getDb();
  const now = new Date();
  const [comment] = await db
    .update(reviewComments)
    .set({
      ...(patch.reply !== undefined
        ? { reply: patch.reply || null, repliedAt: patch.reply ? now : null }
        : {}),
      ...(patch.resolved !== undefined ? { resolvedAt: patch.resolved ? now : null } : {}),
    })
    .where(and(eq(reviewComments.id, commentId), eq(reviewComments.linkId, linkId)))
    .returning();
  return comment ?? null;
}

/** Starts the record of a visit. */
export async function recordReviewOpen(linkId: string, device: string): Promise<ReviewOpen> {
  const db = await getDb();
  const [open] = await db.insert(reviewOpens).values({ id: newId(), linkId, device }).returning();
  return open!;
}

/**
 * A visit's progress: the projects seen so far (only the link's) and the seconds of video played
 * (never lowered). Null when the visit is not this link's.
 */
export async function updateReviewOpen(
  link: ReviewLink,
  openId: string,
  progress: { projectsViewed?: string[]; videoSeconds?: number },
): Promise<ReviewOpen | null> {
  if (!isId(openId)) return null;
  const db = await getDb();
  const viewed = (progress.projectsViewed ?? []).filter((id) => link.projectIds.includes(id));
  const [open] = await db
    .update(reviewOpens)
    .set({
      lastSeenAt: new Date(),
      projectsViewed: sql`(select coalesce(jsonb_agg(distinct value), '[]'::jsonb) from jsonb_array_elements_text(${reviewOpens.projectsViewed} || ${JSON.stringify(viewed)}::jsonb))`,
      videoSeconds: sql`greatest(${reviewOpens.videoSeconds}, ${progress.videoSeconds ?? 0})`,
    })
    .where(and(eq(reviewOpens.id, openId), eq(reviewOpens.linkId, link.id)))
    .returning();
  return open ?? null;
}

export async function listReviewOpens(linkId: string): Promise<ReviewOpen[]> {
  if (!isId(linkId)) return [];
  const db = await getDb();
  return db
    .select()
    .from(reviewOpens)
    .where(eq(reviewOpens.linkId, linkId))
    .orderBy(desc(reviewOpens.openedAt), desc(reviewOpens.id));
}

/**
 * Claims the visits whose comments are due for the owner's mail: visits with comments not yet
 * mailed whose last comment is older than `quietMs` (the reviewer has stopped writing). One
 * UPDATE … RETURNING marks them, so two servers never mail the same visit. Returns each claimed
 * visit's link and its new comments.
 */
export async function claimReviewMail(
  quietMs: number,
  now = new Date(),
): Promise<{ link: ReviewLink; comments: ReviewComment[] }[]> {
  const db = await getDb();
  const before = new Date(now.getTime() - quietMs);
  // notified_at becomes the visit's last mailed comment's time: a later comment is new.
  const claimed = await db.execute(sql`
    with due as (
      select o.id, o.notified_at as notified_before,
        (select max(c.created_at) from ${reviewComments} c where c.open_id = o.id) as last_comment
      from ${reviewOpens} o
      where exists (select 1 from ${reviewComments} c where c.open_id = o.id
                    and (o.notified_at is null or c.created_at > o.notified_at))
      for update skip locked
    )
    update ${reviewOpens} set notified_at = due.last_comment
    from due where ${reviewOpens}.id = due.id and due.last_comment <= ${before.toISOString()}::timestamptz
    returning ${reviewOpens}.id, due.notified_before::text as notified_before`);
  const out: { link: ReviewLink; comments: ReviewComment[] }[] = [];
  for (const row of rowsOf<{ id: string; notified_before: string | null }>(claimed)) {
    const comments = await db
      .select()
      .from(reviewComments)
      .where(
        and(
          eq(reviewComments.openId, row.id),
          row.notified_before
            ? sql`${reviewComments.createdAt} > ${row.notified_before}::timestamptz`
            : undefined,
        ),
      )
      .orderBy(asc(reviewComments.createdAt));
    const [link] = await db
      .select()
      .from(reviewLinks)
      .innerJoin(reviewOpens, eq(reviewOpens.linkId, reviewLinks.id))
      .where(eq(reviewOpens.id, row.id));
    if (link && comments.length > 0) out.push({ link: link.review_links, comments });
  }
  return out;
}
