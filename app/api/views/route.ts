import { answer, methodNotAllowed } from "@/lib/api/respond";
import { beaconOf, recordView } from "@/lib/api/views";

/** A public page's view beacon (docs/api.md#views): 204, counted or not. */
export function POST(request: Request): Promise<Response> {
  return answer(() => recordView(beaconOf(request)));
}

const refuse = methodNotAllowed("POST");
export { refuse as GET, refuse as PUT, refuse as DELETE, refuse as PATCH };
