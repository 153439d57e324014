"use client";

import Link from "next/link";

/** Loading the project failed (database down, malformed rows): the spec's message instead of the page. */
export default function ProjectError({ reset }: { error: Error; reset: () => void }) {
  return (
    <div className="mx-auto max-w-3xl px-5 py-24 text-center sm:px-8">
      <p role="alert" className="text-lg font-medium">
        Failed to fetch sections. Please try again later.
      </p>
      <div className="mt-6 flex justify-center gap-6">
        <button type="button" onClick={reset} className="font-medium underline underline-offset-4">
          Try again
        </button>
        <Link href="/" className="font-medium underline underline-offset-4">
          Back to all work
        </Link>
      </div>
    </div>
  );
}
