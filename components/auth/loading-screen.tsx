/** The plain loading screen (/loadingpage, and owner pages while the session is checked). */
export function LoadingScreen() {
  return (
    <div role="status" className="flex flex-1 items-center justify-center px-4 py-24">
      <span
        aria-hidden="true"
        className="border-ink mr-3 size-5 animate-spin rounded-full border-2 border-t-transparent"
      />
      <span className="text-sm font-medium">Loading…</span>
    </div>
  );
}
