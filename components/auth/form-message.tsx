import { errorClass, successClass } from "./form-styles";

export type FormMessage = { kind: "error" | "success"; text: string } | null;

/** The result line under an auth form: announced to screen readers as it appears. */
export function FormMessageLine({ message }: { message: FormMessage }) {
  return (
    <div aria-live="polite" className="min-h-0">
      {message && (
        <p
          role={message.kind === "error" ? "alert" : "status"}
          className={message.kind === "error" ? errorClass : successClass}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}
