export const NAV_LINKS = [
  { href: "/", label: "Work" },
  { href: "/reel", label: "Reel" },
  { href: "/about", label: "About" },
  // Rendered per request (its form carries fresh tokens): not prefetched from every page.
  { href: "/contact", label: "Contact", prefetch: false },
] as const;

/** aria-current for a nav link: "page" on its own page, "true" inside it (a project is Work). */
export function currentState(href: string, pathname: string): "page" | "true" | undefined {
  if (pathname === href) return "page";
  if (href === "/" && pathname.startsWith("/sections/")) return "true";
  return undefined;
}
