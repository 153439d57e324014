import "server-only";
import {
  getContactMessage,
  listContactMessages,
  restoreContactMessage,
  trashContactMessage,
  updateContactMessage,
  deleteContactMessage,
  type MessageView,
} from "@/lib/data/contact-messages";
import { isId } from "@/lib/data/ids";
import { toMessageJson, type MessageJson } from "@/lib/data/serialize";
import { readJsonObject } from "@/lib/http/json-body";
import { inboxTexts, isMessageFolder } from "@/lib/validation/inbox";
import { messages } from "@/lib/validation/messages";
import { ApiError } from "./respond";

/**
 * `?folder=` (inbox when absent; `trash` for the Trash), `?q=` and `?before=` of GET
 * /api/messages: one page of messages, and the address of the next when older ones remain.
 */
export async function listMessagesFor(
  request: Request,
): Promise<{ messages: MessageJson[]; next: string | null }> {
  const url = new URL(request.url);
  const params = url.searchParams;
  const folder = params.get("folder") ?? "inbox";
  if (!isMessageFolder(folder) && folder !== "trash")
    throw new ApiError(400, inboxTexts.invalidFolder);
  // A NUL cannot reach PostgreSQL's ILIKE: the search drops it.
  const query = (params.get("q") ?? "").replaceAll("\u0000", "").trim().slice(0, 200);
  const before = params.get("before");
  if (before !== null && !isId(before)) throw new ApiError(400, inboxTexts.invalidCursor);
  const page = await listContactMessages(folder as MessageView, query, before);
  const last = page.messages.at(-1);
  let next: string | null = null;
  if (page.older && last) {
    params.set("before", last.id);
    next = `${url.pathname}?${params}`;
  }
  return { messages: page.messages.map(toMessageJson), next };
}

async function found(id: string): Promise<MessageJson> {
  const message = await getContactMessage(id);
  if (!message) throw new ApiError(404, inboxTexts.notFound);
  return toMessageJson(message);
}

/** PATCH's `{ read?, folder? }`: at least one, nothing else. */
export async function patchMessage(id: string, request: Request): Promise<MessageJson> {
  const body = await readJsonObject(request, 1024).catch(() => {
    throw new ApiError(400, messages.invalidForm);
  });
  const { read, folder, ...rest } = body;
  if (
    Object.keys(rest).length > 0 ||
    (read === undefined && folder === undefined) ||
    (read !== undefined && typeof read !== "boolean") ||
    (folder !== undefined && !isMessageFolder(folder))
  )
    throw new ApiError(400, inboxTexts.invalidUpdate);
  const updated = await updateContactMessage(id, {
    ...(read === undefined ? {} : { read }),
    ...(folder === undefined ? {} : { folder }),
  });
  if (!updated) throw new ApiError(404, inboxTexts.notFound);
  return found(id);
}

/** To the Trash, or for good with `permanent`. */
export async function removeMessage(id: string, permanent: boolean): Promise<MessageJson> {
  const before = permanent ? await found(id) : null;
  const removed = permanent ? await deleteContactMessage(id) : await trashContactMessage(id);
  if (!removed) throw new ApiError(404, inboxTexts.notFound);
  return before ?? found(id);
}

export async function restoreMessage(id: string): Promise<MessageJson> {
  if (!(await restoreContactMessage(id))) throw new ApiError(404, inboxTexts.notFound);
  return found(id);
}
