"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useToast } from "@/components/ui/toast-provider";
import type { MessageFolder } from "@/lib/domain";
import { deleteMessage, restoreMessage, updateMessage } from "@/lib/client/inbox";
import type { Result } from "@/lib/client/result";
import { ConfirmDialog } from "./confirm-dialog";

const buttonClass =
  "rounded-md border border-black/20 bg-white px-3 py-1.5 text-sm font-medium text-ink hover:bg-black/5 disabled:opacity-60";
const dangerClass =
  "rounded-md border border-red-700 bg-white px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 disabled:opacity-60";

const replyClass = "rounded-md bg-ink px-3 py-1.5 text-sm font-medium text-white hover:bg-black";

/** The moves each folder offers (docs/spec.md §12). */
const MOVES: Record<MessageFolder, { to: MessageFolder; label: string }[]> = {
  inbox: [
    { to: "archive", label: "Archive" },
    { to: "spam", label: "Spam" },
  ],
  spam: [{ to: "inbox", label: "Not spam" }],
  archive: [
    { to: "inbox", label: "Move to inbox" },
    { to: "spam", label: "Spam" },
  ],
};

/**
 * An open message's actions: Reply (mailto:, the message quoted), Mark unread, the folder moves
 * and Delete (to the Trash); in the Trash, Restore and Delete forever (asks first).
 */
export function MessageActions({
  id,
  name,
  folder,
  trashed,
  unread,
  reply,
  listHref,
}: {
  id: string;
  name: string;
  folder: MessageFolder;
  trashed: boolean;
  unread: boolean;
  reply: string;
  listHref: string;
}) {
  const router = useRouter();
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  // Shown to the owner: read from now on (the page's GET itself writes nothing).
  useEffect(() => {
    if (unread && !trashed) void updateMessage(id, { read: true });
  }, [id, unread, trashed]);

  /** Runs a call; on success shows its toast and goes to `then` (the list) or reloads. */
  async function run(action: () => Promise<Result>, then?: string) {
    setBusy(true);
    const result = await action();
    setBusy(false);
    setConfirming(false);
    showToast(result.message, result.ok ? "success" : "error");
    if (!result.ok) return;
    if (then) router.push(then);
    else router.refresh();
  }

  if (trashed)
    return (
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass}
          disabled={busy}
          onClick={() => void run(() => restoreMessage(id))}
        >
          Restore
        </button>
        <button
          type="button"
          className={dangerClass}
          disabled={busy}
          onClick={() => setConfirming(true)}
        >
          Delete forever
        </button>
        <ConfirmDialog
          open={confirming}
          title={`Delete the message from ${name} forever`}
          question="Delete this message for good? This cannot be undone."
          confirmLabel="Delete forever"
          busy={busy}
          onConfirm={() => void run(() => deleteMessage(id, true), listHref)}
          onCancel={() => setConfirming(false)}
        />
      </div>
    );

  return (
    <div className="flex flex-wrap gap-2">
      <a href={reply} className={replyClass}>
        Reply by e-mail
      </a>
      <button
        type="button"
        className={buttonClass}
        disabled={busy}
        onClick={() => void run(() => updateMessage(id, { read: false }), listHref)}
      >
        Mark unread
      </button>
      {MOVES[folder].map((move) => (
        <button
          key={move.to}
          type="button"
          className={buttonClass}
          disabled={busy}
          onClick={() => void run(() => updateMessage(id, { folder: move.to }), listHref)}
        >
          {move.label}
        </button>
      ))}
      <button
        type="button"
        className={dangerClass}
        disabled={busy}
        onClick={() => void run(() => deleteMessage(id), listHref)}
      >
        Delete
      </button>
    </div>
  );
}
