/**
 * The large round play mark over a video's poster: the Vimeo facade's and a loop video's under
 * reduced motion. Decorative: the button around it carries the accessible name.
 */
export function PlayDisc({ className = "" }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`flex size-16 items-center justify-center rounded-full bg-white/90 transition-transform group-hover:scale-105 sm:size-20 ${className}`}
    >
      <svg viewBox="0 0 24 24" className="text-ink ml-1 size-7 sm:size-8" fill="currentColor">
        <path d="M8 5v14l11-7z" />
      </svg>
    </span>
  );
}
