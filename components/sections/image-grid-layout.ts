/**
 * The image-grid rule of spec §2: 1 image → one column, 2 → two, 3 or 4 → a 2×2 grid (the third of
 * three spans both columns), 5 → three columns. Phones always get one column.
 */
export function gridClass(count: number): string {
  if (count <= 1) return "grid-cols-1";
  if (count <= 4) return "grid-cols-1 sm:grid-cols-2";
  return "grid-cols-1 sm:grid-cols-3";
}

export function tileClass(count: number, index: number): string {
  if (count === 1) return "";
  if (count === 3 && index === 2) return "sm:col-span-2 aspect-[4/3] sm:aspect-[8/3]";
  return "aspect-[4/3]";
}

export function tileSizes(count: number): string {
  if (count <= 1) return "(min-width: 1200px) 1152px, 100vw";
  if (count <= 4) return "(min-width: 1200px) 576px, (min-width: 640px) 50vw, 100vw";
  return "(min-width: 1200px) 384px, (min-width: 640px) 33vw, 100vw";
}
