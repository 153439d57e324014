"use client";

import { useId, useState } from "react";
import { SECTION_LIMITS } from "@/lib/validation/limits";
import { acceptOf, MAX_IMAGES, sectionImageRule } from "@/lib/validation/uploads";
import { moveImage, type ExistingImage } from "@/lib/client/section-draft";
import { DEFAULT_FOCAL } from "@/lib/validation/focal";
import type { Focal } from "@/lib/validation/focal";
import { SortableItems } from "@/components/ui/sortable-list";
import type { SectionLayout } from "@/lib/domain";
import { imageRatio } from "@/lib/site/image-grid-layout";
import { sectionCrops, sectionImageTargetWidth } from "@/lib/site/image-targets";
import { FileInput } from "./field";
import { FocalPointField } from "./focal-point-field";
import { SizeWarning, useImageSize, usePageContentWidth } from "./size-warning";

export type NewImage = { key: string; file: File; alt: string; focal: Focal };

type ImagePickerProps = {
  /** The section's layout: where the images are cropped, and how wide they are drawn. */
  layout: SectionLayout;
  existing: ExistingImage[];
  removed: string[];
  images: NewImage[];
  errors: string[];
  disabled?: boolean;
  onPick: (files: File[]) => void;
  onToggleExisting: (url: string) => void;
  /** The stored images in their new order, with edited alt texts and focal points. */
  onExistingChange: (images: ExistingImage[]) => void;
  onRemove: (key: string) => void;
  onAltChange: (key: string, alt: string) => void;
  onFocalChange: (key: string, focal: Focal) => void;
};

/** Section images: keep or remove stored ones, add new ones with previews and alt text, 5 in all. */
export function ImagePicker(props: ImagePickerProps) {
  const { existing, removed, images, errors, disabled } = props;
  const kept = existing.length - removed.length;
  const room = MAX_IMAGES - kept - images.length;
  return (
    <fieldset className="space-y-3">
      <legend className="font-medium">Images</legend>
      {existing.length > 0 ? <ExistingImages {...props} /> : null}
      <FileInput
        label={`Add images (JPEG, PNG or GIF, up to 5 MB each, ${MAX_IMAGES} per section; ${Math.max(0, room)} left)`}
        multiple
        accept={acceptOf(sectionImageRule)}
        disabled={disabled || room <= 0}
        onChange={(event) => {
          props.onPick(Array.from(event.currentTarget.files ?? []));
          // Cleared so picking the same file again still fires a change.
          event.currentTarget.value = "";
        }}
      />
      <div role="alert">
        {errors.length > 0 ? (
          <ul className="space-y-1 text-sm font-medium text-red-700">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        ) : null}
      </div>
      {images.length > 0 ? (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label="New images">
          {images.map((image, index) => (
            <NewImageItem
              key={image.key}
              {...props}
              image={image}
              place={{ index: kept + index, count: kept + images.length }}
              disabled={disabled}
            />
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}

function NewImageItem({
  image,
  place,
  layout,
  disabled,
  onRemove,
  onAltChange,
  onFocalChange,
}: {
  image: NewImage;
  /** Its place among the section's images once saved. */
  place: { index: number; count: number };
  disabled?: boolean;
} & Pick<ImagePickerProps, "layout" | "onRemove" | "onAltChange" | "onFocalChange">) {
  const altId = useId();
  const size = useImageSize(image.file);
  const contentWidth = usePageContentWidth();
  const target = sectionImageTargetWidth(
    layout,
    place.count,
    place.index,
    imageRatio(size?.width ?? null, size?.height ?? null),
    contentWidth,
  );
  return (
    <li className="space-y-2 rounded-md border border-black/10 p-3">
      <FocalPointField
        label={`Focal point of ${image.file.name}`}
        alt={`Preview of ${image.file.name}`}
        file={image.file}
        value={image.focal}
        crops={sectionCrops(layout, place.count, place.index)}
        disabled={disabled}
        onChange={(focal) => onFocalChange(image.key, focal)}
      />
      <p className="truncate text-sm">{image.file.name}</p>
      <SizeWarning size={size} target={target} place="this layout" />
      <label htmlFor={altId} className="block text-sm font-medium">
        Alt text for {image.file.name}
      </label>
      <input
        id={altId}
        value={image.alt}
        disabled={disabled}
        maxLength={SECTION_LIMITS.alt}
        onChange={(event) => onAltChange(image.key, event.target.value)}
        className="block w-full rounded-md border border-black/25 px-2 py-1 text-sm"
      />
      <button
        type="button"
        disabled={disabled}
        onClick={() => onRemove(image.key)}
        className="text-sm font-medium text-red-700 underline underline-offset-2"
      >
        Remove {image.file.name}
      </button>
    </li>
  );
}

/**
 * The images stored with the section (edit form): each one's alt text and focal point can be
 * edited, and Remove drops it on save. The order changes by dragging the Reorder handles (mouse,
 * touch: press and hold, keyboard: Space or Enter then arrows; announced by dnd-kit) or with
 * Move up / Move down (announced here): the buttons stay as the one-tap way that needs no drag
 * (WCAG 2.5.7). The new order is saved with the form, as `existingImages`.
 */
function ExistingImages({
  layout,
  existing,
  removed,
  images,
  disabled,
  onToggleExisting,
  onExistingChange,
}: Pick<
  ImagePickerProps,
  | "layout"
  | "existing"
  | "removed"
  | "images"
  | "disabled"
  | "onToggleExisting"
  | "onExistingChange"
>) {
  const count = existing.length - removed.length + images.length;
  const [announcement, setAnnouncement] = useState("");
  const update = (url: string, patch: Partial<ExistingImage>) =>
    onExistingChange(existing.map((image) => (image.url === url ? { ...image, ...patch } : image)));
  const move = (index: number, by: number) => {
    onExistingChange(moveImage(existing, index, by));
    setAnnouncement(`Image moved to position ${index + by + 1} of ${existing.length}`);
  };
  const reorder = (urls: string[]) => {
    const byUrl = new Map(existing.map((image) => [image.url, image]));
    onExistingChange(urls.flatMap((url) => byUrl.get(url) ?? []));
  };
  const button = "text-sm font-medium underline underline-offset-2 disabled:opacity-40";
  const items = existing.map((image, index) => {
    const isRemoved = removed.includes(image.url);
    const name = `image ${index + 1}`;
    return {
      id: image.url,
      label: name,
      content: (
        <ExistingImageItem
          image={image}
          name={name}
          crops={sectionCrops(layout, count, index)}
          isRemoved={isRemoved}
          disabled={disabled}
          onAlt={(alt) => update(image.url, { alt })}
          onFocal={(focal) => update(image.url, { focal })}
        >
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            <button
              type="button"
              className={button}
              disabled={disabled || index === 0}
              onClick={() => move(index, -1)}
            >
              Move {name} up
            </button>
            <button
              type="button"
              className={button}
              disabled={disabled || index === existing.length - 1}
              onClick={() => move(index, 1)}
            >
              Move {name} down
            </button>
            <button
              type="button"
              disabled={disabled}
              aria-pressed={isRemoved}
              onClick={() => onToggleExisting(image.url)}
              className={button}
            >
              {isRemoved ? `Keep ${name}` : `Remove ${name}`}
            </button>
          </div>
        </ExistingImageItem>
      ),
    };
  });
  return (
    <>
      <SortableItems
        items={items}
        onReorder={reorder}
        listLabel="Current images"
        ordered
        layout="grid"
        handle="side"
        disabled={disabled}
        className="grid grid-cols-1 gap-4 sm:grid-cols-2"
      />
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </>
  );
}

function ExistingImageItem({
  image,
  name,
  crops,
  isRemoved,
  disabled,
  onAlt,
  onFocal,
  children,
}: {
  image: ExistingImage;
  name: string;
  crops: { label: string; ratio: number }[];
  isRemoved: boolean;
  disabled?: boolean;
  onAlt: (alt: string) => void;
  onFocal: (focal: NonNullable<ExistingImage["focal"]>) => void;
  children: React.ReactNode;
}) {
  const altId = useId();
  return (
    <div
      className={`space-y-2 rounded-md border border-black/10 p-3 ${isRemoved ? "opacity-40" : ""}`}
      data-testid="current-image"
    >
      <FocalPointField
        label={`Focal point of ${name}`}
        alt={image.alt || `Current ${name}`}
        src={image.url}
        value={image.focal ?? DEFAULT_FOCAL}
        crops={crops}
        disabled={disabled || isRemoved}
        onChange={onFocal}
      />
      <label htmlFor={altId} className="block text-sm font-medium">
        Alt text for {name}
      </label>
      <input
        id={altId}
        value={image.alt}
        disabled={disabled || isRemoved}
        maxLength={SECTION_LIMITS.alt}
        onChange={(event) => onAlt(event.target.value)}
        className="block w-full rounded-md border border-black/25 px-2 py-1 text-sm"
      />
      {children}
    </div>
  );
}
