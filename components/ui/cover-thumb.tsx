import { ServerImage } from "@/components/ui/server-image";

/**
 * A project's cover cropped to 4:3 at its focal point, as the owner's lists show it (the dashboard,
 * the gallery order panel). The alt is empty: the title stands right beside it.
 */
export function CoverThumb({
  src,
  position,
  sizes,
  className = "",
  "data-testid": testId,
}: {
  src: string;
  /** CSS object-position at the cover's focal point (objectPosition in lib/domain.ts). */
  position?: string;
  /** The drawn width for next/image's `sizes`. */
  sizes: string;
  /** The frame's width and shape around the 4:3 box. */
  className?: string;
  "data-testid"?: string;
}) {
  return (
    <div className={`relative aspect-[4/3] bg-stone-300 ${className}`}>
      <ServerImage
        src={src}
        alt=""
        fill
        sizes={sizes}
        className="object-cover"
        style={{ objectPosition: position }}
        data-testid={testId}
      />
    </div>
  );
}
