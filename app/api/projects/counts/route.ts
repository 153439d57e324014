import { answer, methodNotAllowed, ok } from "@/lib/api/respond";
import { countProjectsByCategory } from "@/lib/data/projects";
import { messages } from "@/lib/validation/messages";

export async function GET(): Promise<Response> {
  return answer(async () => ok(messages.countsFetched, await countProjectsByCategory()));
}

const refuse = methodNotAllowed("GET");
export { refuse as POST, refuse as PUT, refuse as DELETE, refuse as PATCH };
