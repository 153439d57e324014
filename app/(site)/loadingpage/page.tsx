import type { Metadata } from "next";
import { LoadingScreen } from "@/components/auth/loading-screen";

export const metadata: Metadata = { title: "Loading", robots: { index: false } };

export default function LoadingPage() {
  return (
    <>
      <h1 className="sr-only">Loading</h1>
      <LoadingScreen />
    </>
  );
}
