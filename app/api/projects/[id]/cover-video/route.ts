import { ownerWrite } from "@/lib/api/owner-write";
import { ApiError, methodNotAllowed, ok } from "@/lib/api/respond";
import { invalidateProjectAndLists } from "@/lib/cache";
import { getProject } from "@/lib/data/projects";
import { toProjectJson } from "@/lib/data/serialize";
import { encodingProgress, retryVideoJob } from "@/lib/data/video-jobs";
import { messages } from "@/lib/validation/messages";

/**
 * The encoding of a project's cover loop (docs/api.md "Cover loops"), for the owner: GET its
 * status with the running job's progress in percent; POST queues a failed one again. The same
 * answers as a section video's (app/api/sections/[id]/video).
 */
export const GET = ownerWrite<{ id: string }>(async (_request, { id }) => {
  const project = await getProject(id);
  if (!project) throw new ApiError(404, messages.projectNotFound);
  const { coverVideoStatus, coverVideoError } = toProjectJson(project, { owner: true });
  return ok(messages.videoStatusFetched, {
    videoStatus: coverVideoStatus,
    videoError: coverVideoError,
    ...(await encodingProgress({ projectId: id }, coverVideoStatus)),
  });
});

export const POST = ownerWrite<{ id: string }>(async (_request, { id }) => {
  const project = await getProject(id);
  if (!project) throw new ApiError(404, messages.projectNotFound);
  if (!(await retryVideoJob({ projectId: id }))) throw new ApiError(409, messages.videoNotFailed);
  await invalidateProjectAndLists(id);
  return ok(
    messages.videoRetried,
    toProjectJson((await getProject(id)) ?? project, { owner: true }),
    202,
  );
});

const refuse = methodNotAllowed("GET, POST");
export { refuse as PUT, refuse as DELETE, refuse as PATCH };
