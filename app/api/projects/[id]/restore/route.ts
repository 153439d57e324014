import { restoreProjectById } from "@/lib/api/projects";
import { ownerWrite } from "@/lib/api/owner-write";
import { methodNotAllowed, ok } from "@/lib/api/respond";
import { toProjectJson } from "@/lib/data/serialize";
import { messages } from "@/lib/validation/messages";

/** Takes a trashed project out of the trash (docs/spec.md §10); 404 when it is not in the trash. */
export const POST = ownerWrite<{ id: string }>(async (_request, { id }) => {
  const project = await restoreProjectById(id);
  return ok(messages.projectRestored, toProjectJson(project, { owner: true }));
});

const refuse = methodNotAllowed("POST");
export { refuse as GET, refuse as PUT, refuse as DELETE, refuse as PATCH };
