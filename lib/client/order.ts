import { messages } from "./messages";
import { sendRequest } from "./request";
import { toResult, type Result } from "./result";

const texts = {
  success: messages.orderSaved,
  failure: messages.orderFailed,
  network: messages.orderFailed,
};

/** PUT /api/projects/order: every project id once, in list order (the gallery shows it reversed). */
export async function saveProjectOrder(ids: string[]): Promise<Result> {
  return toResult(
    await sendRequest("/api/projects/order", { method: "PUT", body: { ids } }),
    texts,
  );
}

/** PUT /api/sections/order/{projectId}: every section id of the project once, in page order. */
export async function saveSectionOrder(projectId: string, ids: string[]): Promise<Result> {
  const url = `/api/sections/order/${encodeURIComponent(projectId)}`;
  return toResult(await sendRequest(url, { method: "PUT", body: { ids } }), texts);
}
