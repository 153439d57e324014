"use client";

import { useState } from "react";

/**
 * Copies `text` to the clipboard, saying so beside the button ("Copied"), or, where the browser
 * refuses (no clipboard outside HTTPS), to select the text by hand.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [said, setSaid] = useState("");
  async function copy() {
    // Emptied first, so a second press is announced again.
    setSaid("");
    try {
      await navigator.clipboard.writeText(text);
      setSaid("Copied.");
    } catch {
      setSaid("The browser did not allow copying: select the link and copy it.");
    }
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-3">
      <button
        type="button"
        onClick={copy}
        className="rounded-md border border-black/25 px-3 py-1.5 text-sm font-medium"
      >
        {label}
      </button>
      <span role="status" className="text-muted text-sm">
        {said}
      </span>
    </span>
  );
}
