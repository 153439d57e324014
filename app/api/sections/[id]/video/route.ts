import { ownerWrite } from "@/lib/api/owner-write";
import { ApiError, methodNotAllowed, ok } from "@/lib/api/respond";
import { invalidateProject } from "@/lib/cache";
import { getSection } from "@/lib/data/sections";
import { toSectionJson } from "@/lib/data/serialize";
import { encodingProgress, retryVideoJob } from "@/lib/data/video-jobs";
import { messages } from "@/lib/validation/messages";

/**
 * The encoding of a section's uploaded video (docs/api.md "Video encoding"), for the owner:
 * GET its status with the running job's progress in percent; POST queues a failed one again.
 */
export const GET = ownerWrite<{ id: string }>(async (_request, { id }) => {
  const section = await getSection(id);
  if (!section) throw new ApiError(404, messages.sectionNotFound);
  const { videoStatus, videoError } = toSectionJson(section);
  return ok(messages.videoStatusFetched, {
    videoStatus,
    videoError,
    ...(await encodingProgress({ sectionId: id }, videoStatus)),
  });
});

export const POST = ownerWrite<{ id: string }>(async (_request, { id }) => {
  const section = await getSection(id);
  if (!section) throw new ApiError(404, messages.sectionNotFound);
  if (!(await retryVideoJob({ sectionId: id }))) throw new ApiError(409, messages.videoNotFailed);
  await invalidateProject(section.projectId);
  return ok(messages.videoRetried, toSectionJson((await getSection(id)) ?? section), 202);
});

const refuse = methodNotAllowed("GET, POST");
export { refuse as PUT, refuse as DELETE, refuse as PATCH };
