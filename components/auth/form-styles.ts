// Shared classes of the auth screens, so the four forms look like one family.
export const primaryButtonClass =
  "w-full rounded-md bg-ink px-4 py-2.5 text-sm font-semibold text-paper hover:bg-black disabled:cursor-not-allowed disabled:opacity-60";
export const secondaryButtonClass =
  "w-full rounded-md border border-black/20 bg-white px-4 py-2.5 text-sm font-semibold hover:bg-black/5 disabled:cursor-not-allowed disabled:opacity-60";
export const linkButtonClass =
  "text-sm font-medium underline underline-offset-4 hover:text-accent disabled:opacity-60";
