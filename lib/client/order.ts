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

/**
 * The whole list with the shown projects put into their new order (docs/spec.md §2, gallery
 * reorder): the shown ones keep the places they took in `full`, between them, and every project
 * not shown (another category, a search, a later page, a draft) stays exactly where it was.
 * Both lists are in the same direction. Null when `shown` names an id that `full` lacks (the
 * page is out of date).
 */
export function mergeShownOrder(full: string[], shown: string[]): string[] | null {
  const wanted = new Set(shown);
  if (wanted.size !== shown.length) return null;
  const slots: number[] = [];
  full.forEach((id, index) => {
    if (wanted.has(id)) slots.push(index);
  });
  if (slots.length !== shown.length) return null;
  const merged = [...full];
  slots.forEach((slot, index) => {
    merged[slot] = shown[index]!;
  });
  return merged;
}

/**
 * Saves the order of the projects a gallery view shows (newest first, as on screen): reads the
 * owner's whole list (GET /api/projects, every status), moves only the shown ones within it and
 * sends the whole list to PUT /api/projects/order.
 */
export async function saveGalleryOrder(shownGalleryOrder: string[]): Promise<Result> {
  const current = await sendRequest<{ _id: string }[]>("/api/projects", { method: "GET" });
  const list = current.kind === "ok" && Array.isArray(current.body.data) ? current.body.data : null;
  if (!list) {
    const failed = toResult(current, texts);
    return failed.ok ? { ok: false, message: messages.orderFailed } : failed;
  }
  const merged = mergeShownOrder(
    list.map((project) => project._id),
    shownGalleryOrder.toReversed(),
  );
  if (!merged) return { ok: false, message: messages.orderFailed };
  return saveProjectOrder(merged);
}
