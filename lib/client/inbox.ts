import type { MessageFolder } from "@/lib/domain";
import type { MessageJson } from "@/lib/data/serialize";
import { inboxTexts } from "@/lib/validation/inbox";
import { callApi } from "./result";

/*
 * The inbox's calls (docs/api.md "Messages"): PATCH /api/messages/{id} with `{ read, folder }`,
 * DELETE to the Trash (or for good with `permanent`) and POST …/restore.
 */

const failed = "The message could not be changed. Try again.";
const texts = (success: string) => ({ success, failure: failed, network: failed });

export const updateMessage = (id: string, change: { read?: boolean; folder?: MessageFolder }) =>
  callApi<MessageJson>(
    ["messages", id],
    { method: "PATCH", body: change },
    texts(inboxTexts.updated),
  );

export const deleteMessage = (id: string, permanent = false) =>
  callApi<MessageJson>(
    ["messages", id],
    { method: "DELETE" },
    texts(inboxTexts.deleted),
    permanent ? "?permanent=true" : "",
  );

export const restoreMessage = (id: string) =>
  callApi<MessageJson>(["messages", id, "restore"], { method: "POST" }, texts(inboxTexts.restored));
