import { useState } from "react";
import { acceptOf, checkFile, type FileRule } from "@/lib/validation/uploads";
import { FileField } from "./field";

/*
 * Apart from ./field.tsx: the upload rules carry the API's messages, which visitors' pages (the
 * protected project's password field) have no use for.
 */

/**
 * A FileField that checks the picked file against its upload rule before anything is sent (the
 * API's rule and wording, lib/validation/uploads.ts), shows the problem under it and clears a
 * refused file from the picker; `onPick` gets the accepted file (null when refused or cleared).
 */
export function CheckedFileField({
  rule,
  accept,
  onPick,
  ...field
}: Omit<React.ComponentProps<typeof FileField>, "onChange" | "error"> & {
  rule: FileRule;
  onPick: (file: File | null) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <FileField
      {...field}
      error={problem}
      accept={accept ?? acceptOf(rule)}
      onChange={(event) => {
        const file = event.currentTarget.files?.[0] ?? null;
        const found = file ? checkFile(file, rule) : null;
        if (found) event.currentTarget.value = "";
        setProblem(found);
        onPick(found ? null : file);
      }}
    />
  );
}
