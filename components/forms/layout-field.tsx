"use client";

import { RadioField } from "@/components/forms/field";
import { LAYOUT_LABELS, SECTION_LAYOUTS, type SectionLayout } from "@/lib/domain";

/** The section's image layout as a labelled group of radio buttons. */
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
    <RadioField
      legend="Image layout"
      options={SECTION_LAYOUTS}
      labels={LAYOUT_LABELS}
      value={value}
      disabled={disabled}
      onChange={onChange}
    />
  );
}
