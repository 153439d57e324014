"use client";

import { CheckedFileField } from "@/components/forms/checked-file-field";
import { FilePreview } from "@/components/forms/file-preview";
import { capitalize } from "@/lib/validation/text";
import type { FileRule } from "@/lib/validation/uploads";

/** What the owner did to one of the settings' images before saving (lib/client/settings.ts). */
export type ImageChange = { file: File | null; remove: boolean };
export const NO_IMAGE_CHANGE: ImageChange = { file: null, remove: false };

/**
 * One of the site settings' images (the portrait, the showreel poster): the new file's preview or
 * the stored one, the checked picker, and "Remove the current …" while one is stored.
 */
export function SettingsImageField({
  what,
  hint,
  rule,
  storedUrl,
  previewClassName,
  value,
  disabled,
  onChange,
}: {
  /** "portrait": the label is "Portrait", the preview "Preview of the new portrait"… */
  what: string;
  hint: string;
  rule: FileRule;
  storedUrl: string;
  previewClassName: string;
  value: ImageChange;
  disabled: boolean;
  onChange: (value: ImageChange) => void;
}) {
  const stored = value.remove ? null : storedUrl || null;
  return (
    <div className="space-y-2">
      {value.file ? (
        <FilePreview
          file={value.file}
          alt={`Preview of the new ${what}`}
          className={previewClassName}
        />
      ) : stored ? (
        // eslint-disable-next-line @next/next/no-img-element -- owner-only thumbnail of the stored file
        <img src={stored} alt={`Current ${what}`} className={previewClassName} />
      ) : null}
      <CheckedFileField
        label={capitalize(what)}
        hint={hint}
        rule={rule}
        disabled={disabled}
        onPick={(file) => onChange({ ...value, file })}
      />
      {storedUrl && !value.file ? (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={value.remove}
            disabled={disabled}
            onChange={(event) => onChange({ ...value, remove: event.target.checked })}
          />
          Remove the current {what}
        </label>
      ) : null}
    </div>
  );
}
