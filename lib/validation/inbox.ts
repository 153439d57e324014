import { MESSAGE_FOLDERS, type MessageFolder } from "@/lib/domain";

/** The inbox API's texts (docs/api.md "Messages"). */
export const inboxTexts = {
  listed: "Messages fetched successfully",
  updated: "Message updated successfully",
  deleted: "Message deleted successfully",
  restored: "Message restored successfully",
  notFound: "Message not found",
  invalidFolder: 'Folder must be "inbox", "spam", "archive" or "trash"',
  invalidCursor: "before must be a message id",
  invalidUpdate: 'Send { "read": true|false } and/or { "folder": "inbox"|"spam"|"archive" }',
} as const;

export function isMessageFolder(value: unknown): value is MessageFolder {
  return (MESSAGE_FOLDERS as readonly unknown[]).includes(value);
}
