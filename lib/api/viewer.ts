import "server-only";
import { getUser } from "@/lib/auth";
import type { Project } from "@/lib/data/projects";
import type { Viewer } from "@/lib/data/serialize";
import { visibilityFor, type Audience } from "@/lib/data/visibility";
import { readAccessCookie, unlockedProjects } from "@/lib/site/project-access";
import { messages } from "@/lib/validation/messages";
import { ApiError } from "./respond";

/**
 * Whether a read is the signed-in owner's (Bearer token or session cookie). A visitor, a
 * non-owner account or a token that no longer verifies reads as the public. Without credentials
 * nothing is looked up.
 */
export async function viewerOf(request: Request): Promise<Viewer> {
  const user = await getUser(request);
  return { owner: Boolean(user?.isOwner) };
}

export const audienceOf = (viewer: Viewer): Audience => (viewer.owner ? "owner" : "visitor");

/**
 * A project's REST read for this request (docs/spec.md §11): the owner reads every project; anyone
 * else a published or unlisted one, or a protected one their access cookie opens. A draft or a
 * locked project answers 404 "Project not found", as an unknown id does, so nothing of it leaks.
 */
export async function requireVisibleProject(
  project: Project | null,
  request: Request,
  /** The request's viewer, when the caller has read it already. */
  known?: Viewer,
): Promise<{ project: Project; viewer: Viewer }> {
  if (!project) throw new ApiError(404, messages.projectNotFound);
  const viewer = known ?? (await viewerOf(request));
  const unlocked = unlockedProjects(readAccessCookie(request.headers.get("cookie")), [project]);
  if (visibilityFor(project, audienceOf(viewer), unlocked) !== "open")
    throw new ApiError(404, messages.projectNotFound);
  return { project, viewer };
}
