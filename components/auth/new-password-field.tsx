import { TextField } from "@/components/forms/field";

type NewPasswordFieldProps = {
  label: string;
  value: string;
  onValue: (value: string) => void;
  minLength?: number;
  disabled?: boolean;
};

/** The required new-password input the sign-up and reset-password forms share. */
export function NewPasswordField({ label, value, onValue, ...rest }: NewPasswordFieldProps) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete="new-password"
      required
      {...rest}
      value={value}
      onChange={(event) => onValue(event.target.value)}
    />
  );
}
