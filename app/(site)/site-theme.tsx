import type { Appearance } from "@/lib/validation/appearance";
import { fontVariables } from "./fonts";

/**
 * The owner's appearance choices as data attributes and the accent as a CSS custom property, read
 * by app/globals.css, around the public pages and the owner's alike (both layouts), so a saved
 * look shows on every page at once. `display: contents` keeps the header, main and footer in the
 * body's column layout.
 */
export function SiteTheme({
  look,
  children,
}: {
  look: Pick<Appearance, "typePairing" | "cardTitles" | "contentWidth" | "accentColor">;
  children: React.ReactNode;
}) {
  return (
    <div
      className={`site-theme ${fontVariables}`}
      data-type-pairing={look.typePairing}
      data-card-titles={look.cardTitles}
      data-content-width={look.contentWidth}
      style={{ "--color-accent": look.accentColor } as React.CSSProperties}
    >
      {children}
    </div>
  );
}
