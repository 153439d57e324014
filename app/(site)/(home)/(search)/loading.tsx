import { GallerySkeleton } from "@/components/gallery/gallery-skeleton";

export default function Loading() {
  return <GallerySkeleton />;
}
