type SubmitButtonProps = {
  busy: boolean;
  children: React.ReactNode;
  busyLabel?: string;
};

/** The form's submit button, disabled while a request is in flight. */
export function SubmitButton({ busy, children, busyLabel }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy}
      className="bg-ink rounded-md px-5 py-2.5 font-medium text-white hover:bg-black disabled:cursor-not-allowed disabled:opacity-60"
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
