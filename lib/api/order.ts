import "server-only";
import { invalidateProject, invalidateProjects } from "@/lib/cache";
import { reorderProjects, reorderSections, type OrderResult } from "@/lib/data/order";
import { messages, orderMessages } from "@/lib/validation/messages";
import { ORDER_LIMITS, orderSchema } from "@/lib/validation/order";
import { firstMessage } from "@/lib/validation/project";
import { JsonBodyError, readJsonObject } from "@/lib/http/json-body";
import { ApiError } from "./respond";

// Room for ORDER_LIMITS.ids quoted ids with separators and whitespace.
const MAX_ORDER_BYTES = ORDER_LIMITS.ids * 32 + 1024;

/** `{ "ids": [...] }`, every id well-formed and named once; anything else is a 400. */
async function readOrder(request: Request): Promise<string[]> {
  let body: Record<string, unknown>;
  try {
    body = await readJsonObject(request, MAX_ORDER_BYTES);
  } catch (error) {
    if (!(error instanceof JsonBodyError)) throw error;
    if (error.problem === "too_large") throw new ApiError(413, "Request body too large");
    throw new ApiError(400, orderMessages.notList);
  }
  const result = orderSchema.safeParse(body);
  if (!result.success) throw new ApiError(400, firstMessage(result.error));
  return result.data.ids;
}

function refuseUnlessDone(result: OrderResult): void {
  if (result.ok) return;
  if (result.problem === "not_found") throw new ApiError(404, messages.projectNotFound);
  throw new ApiError(400, result.message ?? orderMessages.notList);
}

/**
 * `PUT /api/projects/order`: the list order of all projects. Expires the `projects` tag (gallery
 * views, counts, Previous/Next) and each project's page, whose Previous/Next link changed.
 */
export async function orderProjectsFromRequest(request: Request): Promise<string[]> {
  const ids = await readOrder(request);
  refuseUnlessDone(await reorderProjects(ids));
  await invalidateProjects();
  return ids;
}

/** `PUT /api/sections/order/{projectId}`: the order of one project's sections; expires its page. */
export async function orderSectionsFromRequest(
  projectId: string,
  request: Request,
): Promise<string[]> {
  const ids = await readOrder(request);
  refuseUnlessDone(await reorderSections(projectId, ids));
  await invalidateProject(projectId);
  return ids;
}
