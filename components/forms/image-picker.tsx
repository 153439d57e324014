"use client";

import { useId } from "react";
import { SECTION_LIMITS } from "@/lib/validation/limits";
import { acceptOf, MAX_IMAGES, sectionImageRule } from "@/lib/validation/uploads";
import type { ExistingImage } from "@/lib/client/section-draft";
import { FilePreview } from "./file-preview";

export type NewImage = { key: string; file: File; alt: string };

type ImagePickerProps = {
  existing: ExistingImage[];
  removed: string[];
  images: NewImage[];
  errors: string[];
  disabled?: boolean;
  onPick: (files: File[]) => void;
  onToggleExisting: (url: string) => void;
  onRemove: (key: string) => void;
  onAltChange: (key: string, alt: string) => void;
};

/** Section images: keep or remove stored ones, add new ones with previews and alt text, 5 in all. */
export function ImagePicker(props: ImagePickerProps) {
  const { existing, removed, images, errors, disabled } = props;
  const inputId = useId();
  const kept = existing.length - removed.length;
  const room = MAX_IMAGES - kept - images.length;
  return (
    <fieldset className="space-y-3">
      <legend className="font-medium">Images</legend>
      {existing.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Current images">
          {existing.map((image, index) => {
            const isRemoved = removed.includes(image.url);
            return (
              <li key={image.url} className="space-y-1">
                {/* eslint-disable-next-line @next/next/no-img-element -- a small owner-only thumbnail of a stored file */}
                <img
                  src={image.url}
                  alt={image.alt || `Current image ${index + 1}`}
                  className={`aspect-video w-full rounded object-cover ${isRemoved ? "opacity-30" : ""}`}
                />
                <button
                  type="button"
                  disabled={disabled}
                  aria-pressed={isRemoved}
                  onClick={() => props.onToggleExisting(image.url)}
                  className="text-sm font-medium underline underline-offset-2"
                >
                  {isRemoved ? `Keep image ${index + 1}` : `Remove image ${index + 1}`}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div>
        <label htmlFor={inputId} className="block text-sm">
          Add images (JPEG, PNG or GIF, up to 5 MB each, {MAX_IMAGES} per section;{" "}
          {Math.max(0, room)} left)
        </label>
        <input
          id={inputId}
          type="file"
          multiple
          accept={acceptOf(sectionImageRule)}
          disabled={disabled || room <= 0}
          onChange={(event) => {
            props.onPick(Array.from(event.currentTarget.files ?? []));
            // Cleared so picking the same file again still fires a change.
            event.currentTarget.value = "";
          }}
          className="file:bg-ink mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:px-3 file:py-2 file:font-medium file:text-white"
        />
      </div>
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
          {images.map((image) => (
            <NewImageItem key={image.key} image={image} disabled={disabled} {...props} />
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}

function NewImageItem({
  image,
  disabled,
  onRemove,
  onAltChange,
}: { image: NewImage; disabled?: boolean } & Pick<ImagePickerProps, "onRemove" | "onAltChange">) {
  const altId = useId();
  return (
    <li className="space-y-2 rounded-md border border-black/10 p-3">
      <FilePreview
        file={image.file}
        alt={`Preview of ${image.file.name}`}
        className="aspect-video w-full rounded object-cover"
      />
      <p className="truncate text-sm">{image.file.name}</p>
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
