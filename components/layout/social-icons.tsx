import type { SiteSettings } from "@/lib/validation/site-settings";

type Network = keyof SiteSettings["socials"];

/*
 * The four profiles' marks, drawn on a 24-unit grid in the text colour. Decorative: the link
 * around each one carries the network's name.
 */
const PATHS: Record<Network, React.ReactNode> = {
  behance: (
    <path
      fill="currentColor"
      d="M2 6h6.2c2.3 0 3.8 1.1 3.8 3 0 1.2-.6 2-1.6 2.5 1.4.4 2.2 1.5 2.2 3 0 2.2-1.7 3.5-4.3 3.5H2V6Zm2.6 2.2v2.6h3.2c.9 0 1.5-.5 1.5-1.3s-.6-1.3-1.5-1.3H4.6Zm0 4.7v2.9h3.5c1 0 1.7-.6 1.7-1.5s-.7-1.4-1.7-1.4H4.6ZM15 7h5.5v1.4H15V7Zm2.9 2.6c2.6 0 4.1 1.8 4.1 4.4v.6h-6c.1 1.3.9 2 2 2 .8 0 1.4-.4 1.6-1h2.3c-.4 1.8-1.9 3-3.9 3-2.5 0-4.2-1.7-4.2-4.5 0-2.7 1.7-4.5 4.1-4.5Zm-1.8 3.6h3.6c-.1-1.1-.8-1.7-1.8-1.7s-1.6.6-1.8 1.7Z"
    />
  ),
  github: (
    <path
      fill="currentColor"
      transform="scale(1.5)"
      d="M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27.68 0 1.36.09 2 .27 1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.013 8.013 0 0 0 16 8c0-4.42-3.58-8-8-8Z"
    />
  ),
  instagram: (
    <g fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.6" fill="currentColor" />
    </g>
  ),
  dribbble: (
    <g fill="none" stroke="currentColor" strokeWidth="1.8">
      <circle cx="12" cy="12" r="9.5" />
      <path d="M8.2 3.3c3.3 4.3 5.9 10 7.3 17.2M2.6 10.6c5.9.4 11.1-1 15.6-4.9M4.7 18.3c3.5-4.1 8.6-5.9 16.8-4.4" />
    </g>
  ),
};

export function SocialIcon({ network }: { network: Network }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="size-5">
      {PATHS[network]}
    </svg>
  );
}
