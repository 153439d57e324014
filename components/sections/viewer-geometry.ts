/**
 * Where an `object-contain` image actually draws its picture inside its element's box: the rest of
 * the box is empty space, where a click closes the viewer like a click on the backdrop.
 */
export function pictureRect(image: HTMLImageElement): DOMRect {
  const box = image.getBoundingClientRect();
  const width = image.naturalWidth;
  const height = image.naturalHeight;
  if (!width || !height) return box;
  const scale = Math.min(box.width / width, box.height / height);
  const drawnWidth = width * scale;
  const drawnHeight = height * scale;
  return new DOMRect(
    box.left + (box.width - drawnWidth) / 2,
    box.top + (box.height - drawnHeight) / 2,
    drawnWidth,
    drawnHeight,
  );
}

export function contains(rect: DOMRect, x: number, y: number): boolean {
  return x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom;
}

/** A horizontal swipe's direction (1: to the next item, -1: to the previous), or 0 for none. */
export function swipeStep(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < 40 || Math.abs(dx) < Math.abs(dy) * 1.5) return 0;
  return dx < 0 ? 1 : -1;
}

/**
 * `sizes` for a viewer image: it is drawn as large as the stage allows, so as wide as the stage
 * or, for a picture taller than the stage's shape, its height × the picture's width ÷ height. The
 * stage is the screen less the dialog's padding and its bars (counter, caption, buttons).
 */
export function viewerSizes(width: number | null, height: number | null): string {
  if (!width || !height) return "100vw";
  const ratio = +(width / height).toFixed(4);
  return `(min-width: 640px) min(100vw - 5rem, (100vh - 10rem) * ${ratio}), min(100vw - 2rem, (100vh - 7rem) * ${ratio})`;
}
