/** The result of an auth form (sign-in, sign-up, reset password): an error or a success. */
export type FormMessage = { kind: "error" | "success"; text: string } | null;

const MESSAGE_CLASS = {
  error: "rounded-md bg-red-50 px-3 py-2 text-sm text-red-800",
  success: "rounded-md bg-green-50 px-3 py-2 text-sm text-green-800",
};

/** The result line under an auth form: announced to screen readers as it appears. */
export function FormMessageLine({ message }: { message: FormMessage }) {
  return (
    <div aria-live="polite" className="min-h-0">
      {message && (
        <p
          role={message.kind === "error" ? "alert" : "status"}
          className={MESSAGE_CLASS[message.kind]}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}

/**
 * The form-level error line, kept on screen (a toast vanishes after 3 s) so the owner can read it
 * while correcting the form. With `announce` it is a live region from the first render, so screen
 * readers read the text when it appears; forms that also show the text in a toast turn that off
 * to avoid hearing it twice.
 */
export function FormError({
  message,
  detail,
  announce = true,
}: {
  message: string | null;
  detail?: string | null;
  announce?: boolean;
}) {
  return (
    <div
      role={announce ? "alert" : undefined}
      data-testid="form-error"
      className="min-h-6 text-sm font-medium text-red-700"
    >
      {message ? (
        <p>
          {message}
          {detail ? <span className="block font-normal">{detail}</span> : null}
        </p>
      ) : null}
    </div>
  );
}
