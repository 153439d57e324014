import { ServerImage } from "@/components/ui/server-image";
import { objectPosition } from "@/lib/validation/focal";

/**
 * A project's cover cropped to 4:3 at its focal point, as the owner's lists show it (the dashboard,
 * the gallery order panel). The alt is empty: the title stands right beside it.
 */
export function CoverThumb({
  project,
  sizes,
  className = "",
  "data-testid": testId,
}: {
  project: { coverUrl: string; coverFocalX?: number; coverFocalY?: number };
  /** The drawn width for next/image's `sizes`. */
  sizes: string;
  /** The frame's width and shape around the 4:3 box. */
  className?: string;
  "data-testid"?: string;
}) {
  return (
    <div className={`relative aspect-[4/3] bg-stone-300 ${className}`}>
      <ServerImage
        src={project.coverUrl}
        alt=""
        fill
        sizes={sizes}
        className="object-cover"
        style={{
          objectPosition: objectPosition({ x: project.coverFocalX, y: project.coverFocalY }),
        }}
        data-testid={testId}
      />
    </div>
  );
}
