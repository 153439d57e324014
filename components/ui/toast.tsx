export type ToastType = "success" | "error";
export type ToastMessage = { id: number; message: string; type: ToastType };

const styles: Record<ToastType, string> = {
  success: "bg-green-800 text-white",
  error: "bg-red-700 text-white",
};

export function Toast({ toast, onDismiss }: { toast: ToastMessage; onDismiss: () => void }) {
  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      data-type={toast.type}
      className={`pointer-events-auto flex max-w-md items-center gap-4 rounded-md px-4 py-3 text-sm shadow-lg ${styles[toast.type]}`}
    >
      <p>{toast.message}</p>
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
