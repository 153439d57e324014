import { statusMessages } from "@/lib/validation/messages";
import { callApi, type Result } from "./result";

/*
 * Apart from lib/client/projects.ts: visitors' project pages load this, and nothing of the owner's
 * texts comes with it.
 */

/**
 * POST /api/projects/{id}/unlock: opens a protected project in this browser (docs/spec.md §11).
 * The server's message on refusal (wrong password, too many tries).
 */
export function unlockProject(id: string, password: string): Promise<Result> {
  return callApi(
    ["projects", id, "unlock"],
    { method: "POST", body: { password } },
    { success: "", failure: statusMessages.wrongPassword },
  );
}

/** POST /api/review-links/{token}/unlock: opens a password review link (docs/spec.md §13). */
export function unlockReview(token: string, password: string): Promise<Result> {
  return callApi(
    ["review-links", token, "unlock"],
    { method: "POST", body: { password } },
    { success: "", failure: statusMessages.wrongPassword },
  );
}
