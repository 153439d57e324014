"use client";

import { useId } from "react";
import { FieldError, RadioField } from "@/components/forms/field";
import {
  CARD_TITLE_LABELS,
  CARD_TITLES,
  CONTENT_WIDTH_LABELS,
  CONTENT_WIDTHS,
  FILTER_SETTING_LABELS,
  contrastRatio,
  formatContrast,
  isHexColor,
  MIN_ACCENT_CONTRAST,
  SITE_BACKGROUND,
  TYPE_PAIRING_LABELS,
  TYPE_PAIRINGS,
  type Appearance,
  type TypePairing,
} from "@/lib/validation/appearance";
import { FILTER_SETTINGS } from "@/lib/domain";

/**
 * The accent colour: a colour picker and its hex code, with the contrast ratio against the page
 * background shown (and announced) as the owner changes it; below 4.5:1 the API refuses it.
 */
function AccentField({
  value,
  error,
  disabled,
  onChange,
}: {
  value: string;
  error?: string;
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const valid = isHexColor(value.trim());
  const ratio = valid ? contrastRatio(value.trim(), SITE_BACKGROUND) : null;
  const passes = ratio !== null && ratio >= MIN_ACCENT_CONTRAST;
  return (
    <div>
      <label htmlFor={`${id}-hex`} className="block font-medium">
        Accent colour
      </label>
      <p id={`${id}-hint`} className="text-muted mt-1 text-sm">
        Links, focus rings, the active filter and buttons. It needs a contrast of at least 4.5:1
        with the page background.
      </p>
      <div className="mt-2 flex items-center gap-3">
        <input
          type="color"
          aria-label="Accent colour picker"
          value={valid ? value.trim().toLowerCase() : "#000000"}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 w-14 cursor-pointer rounded-md border border-black/25 bg-white p-1"
        />
        <input
          id={`${id}-hex`}
          type="text"
          inputMode="text"
          spellCheck={false}
          autoComplete="off"
          value={value}
          maxLength={7}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint ${id}-ratio${error ? ` ${id}-error` : ""}`}
          onChange={(event) => onChange(event.target.value)}
          className="text-ink focus:border-accent focus:outline-accent block w-32 rounded-md border border-black/25 bg-white px-3 py-2 font-mono text-base shadow-sm focus:outline-2"
        />
      </div>
      <p
        id={`${id}-ratio`}
        aria-live="polite"
        data-testid="accent-contrast"
        className={`mt-2 text-sm font-medium ${passes ? "text-green-800" : "text-red-700"}`}
      >
        {ratio === null
          ? "Enter a colour like #c2410c."
          : `Contrast ${formatContrast(ratio)}: ${passes ? "passes" : "too low, below"} WCAG AA (4.5:1)`}
      </p>
      <FieldError id={id} message={error} />
    </div>
  );
}

/**
 * A type pairing's name set in its own fonts: the heading face's name in the heading font, the
 * text face's in the text font (app/globals.css's pairing variables, whose fonts the owner
 * layout's theme defines; a browser fetches each only once it draws with it).
 */
function PairingLabel(pairing: TypePairing, label: string) {
  const [heading, text] = label.split(/(?<=,) /);
  return (
    <span className="site-theme" data-type-pairing={pairing}>
      <span data-testid={`pairing-sample-${pairing}`} className="text-lg">
        <span className="font-semibold" style={{ fontFamily: "var(--pairing-heading)" }}>
          {heading}
        </span>
        {text ? ` ${text}` : null}
      </span>
    </span>
  );
}

/** The site's look: card titles, type pairing, accent colour, width, the gallery's filters. */
export function AppearanceFields({
  value,
  errors,
  disabled,
  onChange,
}: {
  value: Appearance;
  errors: Partial<Record<string, string>>;
  disabled?: boolean;
  onChange: (patch: Partial<Appearance>) => void;
}) {
  /** One of the look's choices as a radio group that saves its field. */
  const choice = <K extends "cardTitles" | "typePairing" | "contentWidth" | "filterCategories">(
    field: K,
    legend: string,
    options: readonly Appearance[K][],
    labels: Record<Appearance[K], string>,
    renderLabel?: (option: Appearance[K], label: string) => React.ReactNode,
  ) => (
    <RadioField
      legend={legend}
      options={options}
      labels={labels}
      value={value[field]}
      disabled={disabled}
      renderLabel={renderLabel}
      onChange={(chosen) => onChange({ [field]: chosen } as Partial<Appearance>)}
    />
  );
  return (
    <fieldset className="space-y-5">
      <legend className="text-lg font-semibold">Appearance</legend>
      {choice("cardTitles", "Project titles in the gallery", CARD_TITLES, CARD_TITLE_LABELS)}
      {choice("typePairing", "Type pairing", TYPE_PAIRINGS, TYPE_PAIRING_LABELS, PairingLabel)}
      <AccentField
        value={value.accentColor}
        error={errors.accentColor}
        disabled={disabled}
        onChange={(accentColor) => onChange({ accentColor })}
      />
      {choice("contentWidth", "Content width", CONTENT_WIDTHS, CONTENT_WIDTH_LABELS)}
      {choice("filterCategories", "Gallery filters", FILTER_SETTINGS, FILTER_SETTING_LABELS)}
    </fieldset>
  );
}
