import { restoreSectionById } from "@/lib/api/sections";
import { ownerWrite } from "@/lib/api/owner-write";
import { methodNotAllowed, ok } from "@/lib/api/respond";
import { toSectionJson } from "@/lib/data/serialize";
import { messages } from "@/lib/validation/messages";

/** Takes a trashed section out of the trash (docs/spec.md §10); 404 when it is not in the trash. */
export const POST = ownerWrite<{ id: string }>(async (_request, { id }) => {
  const section = await restoreSectionById(id);
  return ok(messages.sectionRestored, toSectionJson(section));
});

const refuse = methodNotAllowed("POST");
export { refuse as GET, refuse as PUT, refuse as DELETE, refuse as PATCH };
