"use client";

import { LAYOUT_LABELS, SECTION_LAYOUTS, type SectionLayout } from "@/lib/validation/layout";

/** The section's image layout (issue 18.1) as a labelled group of radio buttons. */
export function LayoutField({
  value,
  disabled,
  onChange,
}: {
  value: SectionLayout;
  disabled?: boolean;
  onChange: (layout: SectionLayout) => void;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="font-medium">Image layout</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {SECTION_LAYOUTS.map((layout) => (
          <label key={layout} className="flex items-center gap-2">
            <input
              type="radio"
              name="layout"
              value={layout}
              checked={value === layout}
              disabled={disabled}
              onChange={() => onChange(layout)}
            />
            {LAYOUT_LABELS[layout]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
