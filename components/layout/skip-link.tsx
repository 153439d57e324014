export function SkipLink() {
  return (
    <a
      href="#main"
      className="bg-ink text-paper sr-only z-50 rounded-md px-4 py-2 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
  );
}
