import { useId, type ReactNode, type Ref } from "react";

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
function fieldOf<P>(render: (wiring: ControlProps, props: P) => React.ReactNode) {
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

type Own<T> = Omit<T, "id" | "className">;

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

const fileInputClass =
  "file:bg-ink mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:px-3 file:py-2 file:font-medium file:text-white hover:file:bg-black";

export const FileField = fieldOf<Own<React.InputHTMLAttributes<HTMLInputElement>>>(
  (wiring, input) => <input {...input} type="file" className={fileInputClass} {...wiring} />,
);

/**
 * A file input with a small label and its error announced, as the section form's media pickers
 * show them; `inputRef` lets the picker clear a refused file.
 */
export function FileInput({
  label,
  error,
  inputRef,
  ...input
}: Own<React.InputHTMLAttributes<HTMLInputElement>> & {
  label: ReactNode;
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm">
        {label}
      </label>
      <input
        {...input}
        ref={inputRef}
        id={id}
        type="file"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={fileInputClass}
      />
      <FieldError id={id} message={error} announce />
    </div>
  );
}

/**
 * A labelled group of radio buttons side by side, one per option, named by `labels`. `compact`
 * sets it in small type, as an option inside a larger field.
 */
export function RadioField<T extends string>({
  legend,
  options,
  labels,
  value,
  disabled,
  compact = false,
  hideLegend = false,
  renderLabel,
  onChange,
}: {
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  disabled?: boolean;
  compact?: boolean;
  /** The legend is read by screen readers only (the larger field's own legend says enough). */
  hideLegend?: boolean;
  /** An option's label drawn otherwise than as its text (its words stay the same). */
  renderLabel?: (option: T, label: string) => React.ReactNode;
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className={compact ? undefined : "space-y-2"}>
      <legend className={hideLegend ? "sr-only" : compact ? "text-sm" : "font-medium"}>
        {legend}
      </legend>
      <div className={`flex flex-wrap gap-x-6 ${compact ? "mt-1 gap-y-1" : "gap-y-2"}`}>
        {options.map((option) => (
          <label
            key={option}
            className={compact ? "flex items-center gap-2 text-sm" : "flex items-center gap-2"}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              disabled={disabled}
              onChange={() => onChange(option)}
            />
            {renderLabel ? renderLabel(option, labels[option]) : labels[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
