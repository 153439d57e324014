import { videoEncodingRoute } from "@/lib/api/video-encoding";
import { ApiError, methodNotAllowed } from "@/lib/api/respond";
import { invalidateProjectAndLists } from "@/lib/cache";
import { getProject } from "@/lib/data/projects";
import { toProjectJson } from "@/lib/data/serialize";
import { messages } from "@/lib/validation/messages";

/**
 * The encoding of a project's cover loop (docs/api.md "Cover loops"), for the owner: GET its
 * status with the running job's progress in percent; POST queues a failed one again. The same
 * answers as a section video's (app/api/sections/[id]/video).
 */
export const { GET, POST } = videoEncodingRoute<{ id: string }>({
  owner: ({ id }) => ({ projectId: id }),
  read: async ({ id }) => {
    const project = await getProject(id);
    if (!project) throw new ApiError(404, messages.projectNotFound);
    const json = toProjectJson(project, { owner: true });
    return { videoStatus: json.coverVideoStatus, videoError: json.coverVideoError, json };
  },
  invalidate: ({ id }) => invalidateProjectAndLists(id),
});

const refuse = methodNotAllowed("GET, POST");
export { refuse as PUT, refuse as DELETE, refuse as PATCH };
