import { useId, type ReactNode, type Ref } from "react";
import { FieldError, fieldOf, type Own } from "./labelled-field";

export { FieldError, SelectField, TextAreaField, TextField } from "./labelled-field";

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
