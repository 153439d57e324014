import Link from "next/link";
import { SiteNav } from "./site-nav";

export function SiteHeader({ siteName }: { siteName: string }) {
  return (
    <header className="bg-paper/95 sticky top-0 z-30 border-b border-black/10 backdrop-blur">
      <div className="mx-auto flex max-w-(--gallery-max) items-center justify-between gap-6 px-5 py-4 sm:px-8">
        <Link href="/" className="text-base font-semibold tracking-tight sm:text-lg">
          {siteName}
        </Link>
        <SiteNav />
      </div>
    </header>
  );
}
