export { FormError } from "./form-error";

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
