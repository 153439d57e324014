import { videoEncodingRoute } from "@/lib/api/video-encoding";
import { ApiError, methodNotAllowed } from "@/lib/api/respond";
import { invalidateProject } from "@/lib/cache";
import { getSection } from "@/lib/data/sections";
import { toSectionJson } from "@/lib/data/serialize";
import { messages } from "@/lib/validation/messages";

/**
 * The encoding of a section's uploaded video (docs/api.md "Video encoding"), for the owner:
 * GET its status with the running job's progress in percent; POST queues a failed one again.
 */
export const { GET, POST } = videoEncodingRoute<{ id: string }>({
  owner: ({ id }) => ({ sectionId: id }),
  read: async ({ id }) => {
    const section = await getSection(id);
    if (!section) throw new ApiError(404, messages.sectionNotFound);
    const json = toSectionJson(section);
    return { videoStatus: json.videoStatus, videoError: json.videoError, json };
  },
  invalidate: async ({ id }) => {
    const section = await getSection(id);
    if (section) await invalidateProject(section.projectId);
  },
});

const refuse = methodNotAllowed("GET, POST");
export { refuse as PUT, refuse as DELETE, refuse as PATCH };
