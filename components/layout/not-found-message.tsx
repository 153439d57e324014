import Link from "next/link";

export function NotFoundMessage() {
  return (
    <div className="mx-auto max-w-3xl px-5 py-28 text-center sm:px-8">
      <p className="text-accent text-sm font-medium tracking-wide uppercase">404</p>
      <h1 className="mt-3 text-4xl font-semibold tracking-tight">Page not found</h1>
      <p className="text-muted mt-4">This page does not exist, or the project has been removed.</p>
      <Link href="/" className="mt-8 inline-block font-medium underline underline-offset-4">
        See all work
      </Link>
    </div>
  );
}
