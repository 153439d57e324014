"use client";

import { useLayoutEffect, useRef, useState } from "react";
import { optimizedImage } from "@/lib/site/image-srcset";
import { isHexColor, type Appearance } from "@/lib/validation/appearance";

/** A published project the miniature gallery draws as a card. */
export type PreviewProject = { title: string; category: string; coverUrl: string };

/** The window the miniatures draw, in CSS pixels: a laptop's, where the content width shows. */
const WINDOW = { width: 1440, height: 720 };

/** Cards for a site that has no published project yet: the same shapes, flat covers. */
const STAND_INS: PreviewProject[] = [
  { title: "Title sequence", category: "Motion Design", coverUrl: "" },
  { title: "Editorial illustration", category: "Illustration", coverUrl: "" },
  { title: "Brand toolkit", category: "Assets & Tools", coverUrl: "" },
  { title: "Frame-by-frame loop", category: "Frame-by-Frame", coverUrl: "" },
];

/**
 * A 1440 × 720 window scaled down to the column's width: the site's own CSS draws it (the
 * `site-theme` rules of app/globals.css), so what it shows is what the pages will. Hidden from
 * assistive technology and the keyboard: the form's fields say everything it shows.
 */
function Miniature({
  label,
  look,
  children,
}: {
  label: string;
  look: Appearance;
  children: React.ReactNode;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.3);
  useLayoutEffect(() => {
    const box = frame.current;
    if (!box) return;
    const measure = () => setScale(box.clientWidth / WINDOW.width);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  // A colour still being typed (or refused) shows as the saved site would: the default accent.
  const accent = isHexColor(look.accentColor.trim()) ? look.accentColor.trim() : undefined;
  return (
    <div>
      <p className="text-muted mb-1 text-sm">{label}</p>
      <div
        ref={frame}
        className="relative w-full overflow-hidden rounded-md border border-black/15"
        style={{ aspectRatio: `${WINDOW.width} / ${WINDOW.height}` }}
      >
        <div
          aria-hidden
          inert
          className="bg-paper text-ink absolute top-0 left-0 origin-top-left"
          style={{ width: WINDOW.width, height: WINDOW.height, transform: `scale(${scale})` }}
        >
          <div
            className="site-theme"
            data-type-pairing={look.typePairing}
            data-card-titles={look.cardTitles}
            data-content-width={look.contentWidth}
            style={accent ? ({ "--color-accent": accent } as React.CSSProperties) : undefined}
          >
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}

/** The site header as the miniatures draw it: the owner's name, and the nav with Work current. */
function MiniHeader({ ownerName, current }: { ownerName: string; current: string }) {
  return (
    <div className="mx-auto flex max-w-(--gallery-max) items-center justify-between px-8 py-6">
      <span className="text-xl font-semibold">{ownerName}</span>
      <span className="flex gap-8">
        {["Work", "Reel", "About"].map((item) => (
          <span
            key={item}
            className={
              item === current ? "decoration-accent underline decoration-2 underline-offset-8" : ""
            }
          >
            {item}
          </span>
        ))}
      </span>
    </div>
  );
}

/**
 * The owner's look before it is saved: a miniature of the gallery (its cards with their titles
 * shown as the setting says, the active filter in the accent) and of a project page (headings and
 * text in the pairing's fonts, a link and a button in the accent), both at the chosen content width.
 */
export function AppearancePreview({
  look,
  ownerName,
  projects,
}: {
  look: Appearance;
  ownerName: string;
  projects: PreviewProject[];
}) {
  const cards = [...projects, ...STAND_INS].slice(0, 4);
  const [first] = cards;
  return (
    <section aria-labelledby="appearance-preview" className="space-y-3">
      <h3 id="appearance-preview" className="font-medium">
        Preview
      </h3>
      <p className="text-muted text-sm">
        The gallery and a project page in a 1440 px window, as they will look once saved.
      </p>
      <Miniature label="Gallery" look={look}>
        <div data-testid="preview-gallery">
          <MiniHeader ownerName={ownerName} current="Work" />
          <div className="mx-auto max-w-(--gallery-max) px-8">
            <h1 className="text-5xl font-semibold tracking-tight">{ownerName}</h1>
            <div className="mt-6 mb-6 flex gap-3">
              <span className="bg-accent rounded-full px-4 py-1.5 font-semibold text-white">
                All
              </span>
              <span className="rounded-full border border-black/20 px-4 py-1.5">Motion Design</span>
              <span className="rounded-full border border-black/20 px-4 py-1.5">Illustration</span>
            </div>
            <ul className="grid auto-rows-[15rem] grid-cols-4 gap-3">
              {cards.map((card, index) => (
                <li key={index} className={`group ${index === 0 ? "col-span-2 row-span-2" : ""}`}>
                  <span className="card-link">
                    {card.coverUrl ? (
                      // eslint-disable-next-line @next/next/no-img-element -- a small miniature, the optimizer's width for it
                      <img
                        {...optimizedImage(card.coverUrl, index === 0 ? "240px" : "120px")}
                        alt=""
                        className="card-cover"
                      />
                    ) : null}
                    <span className="card-caption">
                      <span className="card-title">{card.title}</span>
                      <span className="card-category">{card.category}</span>
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </Miniature>
      <Miniature label="Project page" look={look}>
        <div data-testid="preview-project">
          <MiniHeader ownerName={ownerName} current="" />
          <article className="mx-auto max-w-(--column-max) px-8 pt-10">
            <p className="text-accent text-sm font-semibold tracking-wide uppercase">
              {first?.category}
            </p>
            <h1 className="mt-2 text-6xl font-semibold tracking-tight">{first?.title}</h1>
            <p className="text-muted mt-4 text-xl">Direction and animation · 2025</p>
            <div className="mt-8 h-48 w-full rounded-sm bg-stone-300" />
            <h2 className="mt-8 text-3xl font-semibold">The brief</h2>
            <p className="mt-3 max-w-prose text-lg leading-relaxed">
              Every frame drawn by hand, then timed to the music. Read the{" "}
              <span className="text-accent underline">making-of notes</span> or{" "}
              <span className="bg-accent rounded-md px-3 py-1 font-semibold text-white">
                Next project
              </span>
            </p>
          </article>
        </div>
      </Miniature>
    </section>
  );
}
