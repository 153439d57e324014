// Apart from form-message.tsx: the contact form on a visitor's page loads only this.

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
