"use client";

import { useState } from "react";
import { FileField, SelectField, TextAreaField, TextField } from "@/components/forms/field";
import { CATEGORIES, formatCategory } from "@/lib/validation/categories";
import { PROJECT_LIMITS } from "@/lib/validation/limits";
import { checkFile, coverRule } from "@/lib/validation/uploads";
import type { ProjectDraft } from "@/lib/client/project-draft";
import { FocalPointField } from "@/components/forms/focal-point-field";
import { DEFAULT_FOCAL } from "@/lib/validation/focal";

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
  /** Edit modal: the cover the project has now, shown above the file input. */
  currentCover?: { url: string; alt: string };
};

/**
 * The project fields shared by the Add New Project form and the card's Edit modal: the four
 * required ones, then the optional year, client and summary (issue 17).
 */
export function ProjectFields({
  draft,
  disabled,
  coverRequired,
  onChange,
  currentCover,
}: ProjectFieldsProps) {
  const [coverError, setCoverError] = useState<string | null>(null);
  return (
    <>
      {draft.cover || currentCover ? (
        <figure>
          {/* The cover as the owner will see it, and where a card crops it (issue 18.2). */}
          <FocalPointField
            label="Cover focal point"
            alt={draft.cover ? "Preview of the chosen cover" : currentCover!.alt}
            file={draft.cover ?? undefined}
            src={draft.cover ? undefined : currentCover!.url}
            value={draft.coverFocal ?? DEFAULT_FOCAL}
            disabled={disabled}
            onChange={(coverFocal) => onChange({ coverFocal })}
          />
          <figcaption className="text-muted mt-1 text-sm">
            {draft.cover ? "New cover" : "Current cover"}
          </figcaption>
        </figure>
      ) : null}
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
      <TextField
        label="Year (optional)"
        name="year"
        type="number"
        inputMode="numeric"
        min={PROJECT_LIMITS.yearMin}
        max={PROJECT_LIMITS.yearMax}
        step={1}
        value={draft.year ?? ""}
        disabled={disabled}
        onChange={(event) => onChange({ year: event.target.value })}
      />
      <TextField
        label="Client (optional)"
        name="client"
        value={draft.client ?? ""}
        maxLength={PROJECT_LIMITS.client}
        disabled={disabled}
        onChange={(event) => onChange({ client: event.target.value })}
      />
      <TextAreaField
        label="Summary (optional)"
        name="summary"
        hint={`Shown under the title and used as the page description, up to ${PROJECT_LIMITS.summary} characters.`}
        value={draft.summary ?? ""}
        maxLength={PROJECT_LIMITS.summary}
        disabled={disabled}
        onChange={(event) => onChange({ summary: event.target.value })}
      />
    </>
  );
}
