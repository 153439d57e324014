import type { SiteSettings } from "@/lib/validation/site-settings";
import { SocialIcon } from "./social-icons";

/**
 * The four outbound profiles of docs/spec.md §2, in the order the original footer showed them, as icons
 * named by the network; a profile left empty in the settings is not shown.
 */
const SOCIAL_LABELS: Record<keyof SiteSettings["socials"], string> = {
  behance: "Behance",
  github: "GitHub",
  instagram: "Instagram",
  dribbble: "Dribbble",
};

export function SiteFooter({
  ownerName,
  socials,
}: {
  ownerName: string;
  socials: SiteSettings["socials"];
}) {
  const links = (Object.keys(SOCIAL_LABELS) as (keyof typeof SOCIAL_LABELS)[])
    .filter((network) => socials[network] !== "")
    .map((network) => ({ network, href: socials[network], label: SOCIAL_LABELS[network] }));

  return (
    <footer className="mt-auto border-t border-black/10">
      <div className="mx-auto flex max-w-(--gallery-max) flex-col gap-4 px-5 py-8 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-8">
        <p className="text-muted">
          © {new Date().getFullYear()} {ownerName}. All rights reserved.
        </p>
        {links.length > 0 ? (
          <ul aria-label="Social profiles" className="-mx-2 flex flex-wrap gap-1">
            {links.map(({ network, href, label }) => (
              <li key={network}>
                <a
                  href={href}
                  rel="me noopener"
                  aria-label={label}
                  title={label}
                  className="text-ink flex size-10 items-center justify-center rounded-full transition-colors hover:bg-black/5"
                >
                  <SocialIcon network={network} />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </footer>
  );
}
