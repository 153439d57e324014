import type { Metadata } from "next";
import { connection } from "next/server";
import { LoadingScreen } from "@/components/auth/loading-screen";

// Rendered per request, never prerendered: the (site) layout reads the settings, and the build must
// not open the data directory (a connection() call alone races with the layout's metadata read).
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Loading", robots: { index: false } };

/** Per request: prerendered at build, the (site) layout would read the settings from the database. */
export default async function LoadingPage() {
  await connection();
  return (
    <>
      <h1 className="sr-only">Loading</h1>
      <LoadingScreen />
    </>
  );
}
