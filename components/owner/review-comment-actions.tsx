"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { TextAreaField } from "@/components/forms/field";
import { ConfirmDialog } from "@/components/owner/confirm-dialog";
import { useToast } from "@/components/ui/toast-provider";
import { revokeReviewLink, updateReviewComment } from "@/lib/client/review-links";
import { REVIEW_LIMITS } from "@/lib/validation/limits";

const buttonClass =
  "rounded-md border border-black/20 px-3 py-1.5 text-sm font-medium hover:bg-black/5 disabled:opacity-60";

/** The owner's reply (shown to the reviewer) and Resolve on one comment (docs/spec.md §13). */
export function ReviewCommentActions({
  linkId,
  commentId,
  reply,
  resolved,
  author,
}: {
  linkId: string;
  commentId: string;
  reply: string | null;
  resolved: boolean;
  author: string;
}) {
  const router = useRouter();
  const { showToast } = useToast();
  const [text, setText] = useState(reply ?? "");
  const [busy, setBusy] = useState(false);
  const save = async (patch: { reply?: string | null; resolved?: boolean }) => {
    setBusy(true);
    const result = await updateReviewComment(linkId, commentId, patch);
    setBusy(false);
    showToast(result.message, result.ok ? "success" : "error");
    if (result.ok) router.refresh();
  };
  return (
    <form
      className="mt-3 flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void save({ reply: text.trim() || null });
      }}
    >
      <TextAreaField
        label={`Reply to ${author}`}
        value={text}
        maxLength={REVIEW_LIMITS.reply}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="flex gap-2">
        <button type="submit" className={buttonClass} disabled={busy}>
          Send reply
        </button>
        <button
          type="button"
          className={buttonClass}
          disabled={busy}
          onClick={() => void save({ resolved: !resolved })}
        >
          {resolved ? "Reopen" : "Resolve"}
        </button>
      </div>
    </form>
  );
}

/** Revoke: the link answers 404 at once, for everyone who has it. */
export function RevokeReviewLink({ linkId, name }: { linkId: string; name: string }) {
  const router = useRouter();
  const { showToast } = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-md bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800"
      >
        Revoke link
      </button>
      <ConfirmDialog
        open={open}
        title="Revoke this link?"
        question={`Whoever has the link to “${name}” will no longer open it. This cannot be undone.`}
        confirmLabel="Revoke"
        busy={busy}
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          setBusy(true);
          const result = await revokeReviewLink(linkId);
          setBusy(false);
          setOpen(false);
          showToast(result.message, result.ok ? "success" : "error");
          if (result.ok) router.push("/review-links");
        }}
      />
    </>
  );
}
