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

/** Label, control and announced hint/error: the one layout every field below shares. */
function Field({
  label,
  hint,
  error,
  control,
}: BaseProps & { control: (props: ControlProps) => React.ReactNode }) {
  const id = useId();
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {control({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": described.join(" ") || undefined,
      })}
      <Describe id={id} hint={hint} error={error} />
    </div>
  );
}

type TextFieldProps = BaseProps &
  Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "className">;

/** A labelled text input whose hint and error are announced with it. */
export function TextField({ label, hint, error, ...input }: TextFieldProps) {
  return (
    <Field
      {...{ label, hint, error }}
      control={(props) => <input className={inputClass} {...props} {...input} />}
    />
  );
}

type TextAreaProps = BaseProps &
  Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className">;

export function TextAreaField({ label, hint, error, ...textarea }: TextAreaProps) {
  return (
    <Field
      {...{ label, hint, error }}
      control={(props) => (
        <textarea className={`${inputClass} min-h-32`} {...props} {...textarea} />
      )}
    />
  );
}

type SelectFieldProps = BaseProps &
  Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "id" | "className"> & {
    options: readonly { value: string; label: string }[];
    placeholder?: string;
  };

export function SelectField({
  label,
  hint,
  error,
  options,
  placeholder,
  ...select
}: SelectFieldProps) {
  return (
    <Field
      {...{ label, hint, error }}
      control={(props) => (
        <select className={inputClass} {...props} {...select}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

type FileFieldProps = BaseProps &
  Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "className" | "type">;

export function FileField({ label, hint, error, ...input }: FileFieldProps) {
  return (
    <Field
      {...{ label, hint, error }}
      control={(props) => (
        <input
          type="file"
          className="file:bg-ink mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:px-3 file:py-2 file:font-medium file:text-white hover:file:bg-black"
          {...props}
          {...input}
        />
      )}
    />
  );
}
