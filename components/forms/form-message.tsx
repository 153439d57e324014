/**
 * The form-level error line. It is a live region from the first render so screen readers
 * announce the text when it appears (an element inserted with role="alert" is not always read).
 */
export function FormError({ message, detail }: { message: string | null; detail?: string | null }) {
  return (
    <div role="alert" aria-live="assertive" className="min-h-6 text-sm font-medium text-red-700">
      {message ? (
        <p>
          {message}
          {detail ? <span className="block font-normal">{detail}</span> : null}
        </p>
      ) : null}
    </div>
  );
}
