import "server-only";
import type { ReviewLink } from "@/lib/data/review-links";
import { grantAccess, unlockedProjects } from "./project-access";

/*
 * The cookie of a password-protected review link (docs/security.md): the same signed grant list as
 * the protected projects' access cookie (lib/site/project-access.ts), under its own name, each
 * grant naming `review:<link id>` and a fingerprint of the link's password hash. A grant opens
 * that one link only: never a project (project grants name bare project ids), never another link,
 * and a new password closes it for every browser.
 */

export const REVIEW_ACCESS_COOKIE = "review_access";

const grantOf = (link: Pick<ReviewLink, "id" | "passwordHash">) => ({
  id: `review:${link.id}`,
  passwordHash: link.passwordHash,
});

/** Whether this browser may see the link: no password, or the cookie holds its grant. */
export function reviewUnlocked(
  cookieValue: string | undefined,
  link: Pick<ReviewLink, "id" | "passwordHash">,
): boolean {
  if (!link.passwordHash) return true;
  return unlockedProjects(cookieValue, [grantOf(link)]).size === 1;
}

/** The cookie value after the right password for `link`, other links' grants kept. */
export function grantReviewAccess(
  cookieValue: string | undefined,
  link: Pick<ReviewLink, "id"> & { passwordHash: string },
) {
  return grantAccess(cookieValue, { id: `review:${link.id}`, passwordHash: link.passwordHash });
}

/** Reads the review cookie out of a Cookie header. */
export function readReviewCookie(cookieHeader: string | null | undefined): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === REVIEW_ACCESS_COOKIE) return rest.join("=");
  }
  return undefined;
}
