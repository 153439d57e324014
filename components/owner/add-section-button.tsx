"use client";

import Link from "next/link";
import { SignedInOnly } from "./signed-in-only";

/** The owner's Add Section link on a project page (also on an empty one). */
export function AddSectionButton({ projectId }: { projectId: string }) {
  return (
    <SignedInOnly>
      <Link
        href={`/addsection/${projectId}`}
        className="bg-ink inline-flex rounded-md px-4 py-2 font-medium text-white hover:bg-black"
      >
        Add Section
      </Link>
    </SignedInOnly>
  );
}
