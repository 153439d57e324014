export type ToastType = "success" | "error";
/** A button in the toast, e.g. Undo after a delete (docs/spec.md §10). */
export type ToastAction = { label: string; onAction: () => void };
export type ToastMessage = { id: number; message: string; type: ToastType; action?: ToastAction };

const styles: Record<ToastType, string> = {
  success: "bg-green-800 text-white",
  error: "bg-red-700 text-white",
};

/** The keys that run a toast's action from anywhere on the page (outside text fields). */
export const ACTION_SHORTCUT = "Control+Z Meta+Z";

export function Toast({
  toast,
  onDismiss,
  onHold,
}: {
  toast: ToastMessage;
  onDismiss: () => void;
  /** Called with true while the pointer or focus is on the toast: it stays until released. */
  onHold: (held: boolean) => void;
}) {
  const { action } = toast;
  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      data-type={toast.type}
      onMouseEnter={() => onHold(true)}
      onMouseLeave={() => onHold(false)}
      onFocus={() => onHold(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onHold(false);
      }}
      className={`pointer-events-auto flex max-w-md items-center gap-4 rounded-md px-4 py-3 text-sm shadow-lg ${styles[toast.type]}`}
    >
      <p>{toast.message}</p>
      {action ? (
        <button
          type="button"
          onClick={() => {
            onDismiss();
            action.onAction();
          }}
          aria-keyshortcuts={ACTION_SHORTCUT}
          className="rounded border border-white/80 px-2 py-0.5 font-semibold underline-offset-2 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {action.label}
        </button>
      ) : null}
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss notification"
        className="-mr-1 rounded px-1 text-lg leading-none opacity-80 hover:opacity-100"
      >
        ×
      </button>
    </div>
  );
}
