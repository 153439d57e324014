import "server-only";
import { z } from "zod";
import { hashPassword } from "@/lib/auth-service/passwords";
import {
  addReviewComment,
  createReviewLink,
  getReviewLinkByToken,
  linkState,
  liveProjectIds,
  recordReviewOpen,
  sectionInLink,
  updateReviewLink,
  updateReviewOpen,
  toReviewCommentJson,
  type ReviewLink,
} from "@/lib/data/review-links";
import { readJsonObject } from "@/lib/http/json-body";
import { getSiteUrl } from "@/lib/site/site-url";
import {
  grantReviewAccess,
  readReviewCookie,
  REVIEW_ACCESS_COOKIE,
  reviewUnlocked,
} from "@/lib/site/review-access";
import { messages, statusMessages } from "@/lib/validation/messages";
import { firstMessage } from "@/lib/validation/project";
import {
  createReviewLinkSchema,
  reviewCommentSchema,
  reviewMessages,
  reviewOpenSchema,
  updateReviewLinkSchema,
} from "@/lib/validation/review";
import { limit, unlockWithPassword } from "./password-unlock";
import { ApiError, fail, ok } from "./respond";
import { deviceOf } from "./views";

export { toReviewCommentJson };

/* Client review links (docs/spec.md §13, docs/api.md#review-links). */

const BODY_LIMIT = 16 * 1024;

async function readBody(request: Request) {
  return readJsonObject(request, BODY_LIMIT).catch(() => {
    throw new ApiError(400, messages.invalidForm);
  });
}

function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(400, firstMessage(parsed.error));
  return parsed.data;
}

/** The owner's JSON of a link: never its password hash. */
export async function toReviewLinkJson(
  link: ReviewLink,
  counts?: { comments: number; openComments: number; opens: number },
) {
  const site = await getSiteUrl();
  return {
    _id: link.id,
    name: link.name,
    url: new URL(`/r/${link.token}`, site).toString(),
    projectIds: link.projectIds,
    expiresAt: link.expiresAt?.toISOString() ?? null,
    hasPassword: link.passwordHash !== null,
    allowDownload: link.allowDownload,
    expired: linkState(link) === "expired",
    createdAt: link.createdAt.toISOString(),
    ...counts,
  };
}

async function checkProjects(ids: string[]) {
  const live = await liveProjectIds(ids);
  if (ids.some((id) => !live.has(id))) throw new ApiError(400, reviewMessages.projectUnknown);
}

function checkExpiry(expiresAt: Date | null | undefined) {
  if (expiresAt && expiresAt.getTime() <= Date.now())
    throw new ApiError(400, reviewMessages.expiryInvalid);
}

/** POST /api/review-links: 201 `{ _id, url, … }`. */
export async function createLinkFromRequest(request: Request): Promise<Response> {
  const input = parse(createReviewLinkSchema, await readBody(request));
  await checkProjects(input.projectIds);
  checkExpiry(input.expiresAt);
  const link = await createReviewLink({
    name: input.name,
    projectIds: input.projectIds,
    expiresAt: input.expiresAt ?? null,
    passwordHash: input.password ? await hashPassword(input.password) : null,
    allowDownload: input.allowDownload ?? false,
  });
  return ok(reviewMessages.created, await toReviewLinkJson(link), 201);
}

/** PATCH /api/review-links/{id}: a password of null removes it, an absent one keeps it. */
export async function updateLinkFromRequest(request: Request, id: string): Promise<Response> {
  const input = parse(updateReviewLinkSchema, await readBody(request));
  if (input.projectIds) await checkProjects(input.projectIds);
  checkExpiry(input.expiresAt);
  const link = await updateReviewLink(id, {
    name: input.name,
    projectIds: input.projectIds,
    expiresAt: input.expiresAt,
    allowDownload: input.allowDownload,
    passwordHash:
      input.password === undefined || input.password === ""
        ? undefined
        : input.password === null
          ? null
          : await hashPassword(input.password),
  });
  if (!link) throw new ApiError(404, reviewMessages.linkNotFound);
  return ok(reviewMessages.updated, await toReviewLinkJson(link));
}

/**
 * The link a reviewer's request names by its token, or the refusal: 404 unknown or revoked, 410
 * expired, 401 a password link this browser has not opened (its cookie is checked for this link).
 */
async function reviewerLink(
  request: Request,
  token: string,
  { needAccess = true } = {},
): Promise<ReviewLink | Response> {
  const link = await getReviewLinkByToken(token);
  const state = linkState(link);
  if (state === "unknown" || !link) return fail(404, reviewMessages.linkNotFound);
  if (state === "expired") return fail(410, reviewMessages.linkExpired);
  if (needAccess && !reviewUnlocked(readReviewCookie(request.headers.get("cookie")), link))
    return fail(401, statusMessages.passwordMissing);
  return link;
}

/** POST /api/review-links/{token}/comments: 201 with the comment. */
export async function postCommentFromRequest(request: Request, token: string): Promise<Response> {
  const link = await reviewerLink(request, token);
  if (link instanceof Response) return link;
  const limited = await limit(request, "reviewComment", link.id, reviewMessages.tooManyComments);
  if (limited) return limited;
  const input = parse(reviewCommentSchema, await readBody(request));
  const section = await sectionInLink(link, input.sectionId);
  if (!section) throw new ApiError(400, reviewMessages.sectionOutside);
  const pinned = input.x != null && input.y != null;
  const image = pinned ? (input.image ?? 0) : null;
  if (image !== null && image >= section.images.length)
    throw new ApiError(400, reviewMessages.imageInvalid);
  const comment = await addReviewComment(link, {
    sectionId: input.sectionId,
    name: input.name,
    text: input.text,
    time: input.time ?? null,
    x: pinned ? input.x! : null,
    y: pinned ? input.y! : null,
    image,
    openId: input.openId ?? null,
  });
  return ok(reviewMessages.commentPosted, toReviewCommentJson(comment), 201);
}

/**
 * POST /api/review-links/{token}/opens: without `openId` records a visit (its device class from
 * the User-Agent, no address) and answers 201 `{ _id }`; with it, the visit's progress.
 */
export async function recordOpenFromRequest(request: Request, token: string): Promise<Response> {
  const link = await reviewerLink(request, token);
  if (link instanceof Response) return link;
  const input = parse(reviewOpenSchema, await readBody(request));
  if (!input.openId) {
    const limited = await limit(request, "reviewOpen", link.id, reviewMessages.tooManyRequests);
    if (limited) return limited;
    // The device class is all a visit records of the device (docs/spec.md §13).
    const device = deviceOf(request.headers.get("user-agent") ?? "");
    const open = await recordReviewOpen(link.id, device === "mobile" ? "phone" : device);
    return ok(reviewMessages.fetched, { _id: open.id }, 201);
  }
  const open = await updateReviewOpen(link, input.openId, input);
  if (!open) throw new ApiError(404, reviewMessages.linkNotFound);
  return ok(reviewMessages.fetched, { _id: open.id });
}

/**
 * POST /api/review-links/{token}/unlock `{ password }`: the link's cookie for 7 days; 401 wrong,
 * 429 after 20 tries from one address for one link (the protected projects' texts and budget).
 */
export async function unlockLinkFromRequest(request: Request, token: string): Promise<Response> {
  const link = await reviewerLink(request, token, { needAccess: false });
  if (link instanceof Response) return link;
  if (!link.passwordHash) throw new ApiError(404, reviewMessages.linkNotFound);
  const { passwordHash } = link;
  const refused = await unlockWithPassword(request, {
    scope: link.id,
    passwordHash,
    cookie: REVIEW_ACCESS_COOKIE,
    grant: (value) => grantReviewAccess(value, { id: link.id, passwordHash }),
  });
  return refused ?? ok(reviewMessages.fetched, { _id: link.id });
}
