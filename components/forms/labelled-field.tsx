/*
 * The labelled text, text area and select fields, apart from the file and radio fields
 * (field.tsx): the contact form on a visitor's page loads only these.
 */
import { useId } from "react";

const inputClass =
  "mt-1 block w-full rounded-md border border-black/25 bg-white px-3 py-2 text-base text-ink shadow-sm placeholder:text-muted focus:border-accent focus:outline-2 focus:outline-accent";

type BaseProps = {
  label: string;
  hint?: string;
  error?: string | null;
};

/** The error line under a control, referenced by its aria-describedby (`${id}-error`). */
export function FieldError({
  id,
  message,
  announce = false,
}: {
  id: string;
  message?: string | null;
  announce?: boolean;
}) {
  if (!message) return null;
  return (
    <p
      id={`${id}-error`}
      role={announce ? "alert" : undefined}
      className="mt-1 text-sm font-medium text-red-700"
    >
      {message}
    </p>
  );
}

function Describe({ id, hint, error }: { id: string; hint?: string; error?: string | null }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="text-muted mt-1 text-sm">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} message={error} />
    </>
  );
}

type ControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/**
 * A field component from its control: label, control and announced hint/error, the one layout
 * every field below shares. `render` gets the control's id and ARIA wiring and the caller's props.
 */
export function fieldOf<P>(render: (wiring: ControlProps, props: P) => React.ReactNode) {
  return function LabelledField({ label, hint, error, ...rest }: BaseProps & P) {
    const id = useId();
    const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
    const wiring: ControlProps = {
      id,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": described.join(" ") || undefined,
    };
    return (
      <div>
        <label htmlFor={id} className="block font-medium">
          {label}
        </label>
        {render(wiring, rest as P)}
        <Describe id={id} hint={hint} error={error} />
      </div>
    );
  };
}

export type Own<T> = Omit<T, "id" | "className">;

/** A labelled text input whose hint and error are announced with it. */
export const TextField = fieldOf<Own<React.InputHTMLAttributes<HTMLInputElement>>>(
  (wiring, input) => <input className={inputClass} {...wiring} {...input} />,
);

export const TextAreaField = fieldOf<Own<React.TextareaHTMLAttributes<HTMLTextAreaElement>>>(
  (wiring, textarea) => <textarea className={`${inputClass} min-h-32`} {...wiring} {...textarea} />,
);

export const SelectField = fieldOf<
  Own<React.SelectHTMLAttributes<HTMLSelectElement>> & {
    options: readonly { value: string; label: string }[];
    placeholder?: string;
  }
>((wiring, { options, placeholder, ...select }) => (
  <select className={inputClass} {...wiring} {...select}>
    {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
    {options.map((option) => (
      <option key={option.value} value={option.value}>
        {option.label}
      </option>
    ))}
  </select>
));
