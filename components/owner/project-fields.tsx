"use client";

import { useState } from "react";
import { FileField, SelectField, TextField } from "@/components/forms/field";
import { CATEGORIES, formatCategory } from "@/lib/validation/categories";
import { PROJECT_LIMITS } from "@/lib/validation/limits";
import { checkFile, coverRule } from "@/lib/validation/uploads";
import type { ProjectDraft } from "@/lib/client/project-draft";

const textFields = [
  { name: "title", label: "Title" },
  { name: "role", label: "Role" },
] as const;

const categoryOptions = CATEGORIES.map((value) => ({
  value,
  label: formatCategory(value),
}));

type ProjectFieldsProps = {
  draft: ProjectDraft;
  disabled: boolean;
  /** Add form: every field is required (the HTML attribute mirrors the spec's rule). */
  coverRequired: boolean;
  onChange: (patch: Partial<ProjectDraft>) => void;
};

/** The four project fields shared by the Add New Project form and the card's Edit modal. */
export function ProjectFields({ draft, disabled, coverRequired, onChange }: ProjectFieldsProps) {
  const [coverError, setCoverError] = useState<string | null>(null);
  return (
    <>
      <FileField
        label="Cover image"
        hint={
          coverRequired
            ? "JPEG, PNG or GIF, up to 5 MB."
            : "JPEG, PNG or GIF, up to 5 MB. Leave empty to keep the current cover."
        }
        accept="image/*"
        required={coverRequired}
        disabled={disabled}
        error={coverError}
        onChange={(event) => {
          // Covers follow the section image rules; refused files are cleared from the picker.
          const file = event.currentTarget.files?.[0] ?? null;
          const problem = file ? checkFile(file, coverRule) : null;
          setCoverError(problem);
          if (problem) event.currentTarget.value = "";
          onChange({ cover: problem ? null : file });
        }}
      />
      {textFields.map(({ name, label }) => (
        <TextField
          key={name}
          label={label}
          name={name}
          value={draft[name]}
          required
          maxLength={PROJECT_LIMITS[name]}
          disabled={disabled}
          onChange={(event) => onChange({ [name]: event.target.value })}
        />
      ))}
      <SelectField
        label="Category"
        name="category"
        value={draft.category}
        required
        disabled={disabled}
        placeholder="Choose a category"
        options={categoryOptions}
        onChange={(event) => onChange({ category: event.target.value })}
      />
    </>
  );
}
