import type { Metadata } from "next";
import { NotFoundMessage } from "@/components/layout/not-found-message";

export const metadata: Metadata = { title: "Page not found", robots: { index: false } };

export default function SiteNotFound() {
  return <NotFoundMessage />;
}
