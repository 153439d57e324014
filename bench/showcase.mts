// The issue 18 showcase project the bench seeds (bench/seed.mts --showcase) and measures.
export const SHOWCASE_TITLE = "Showcase: loops and stills";
/** Loop videos on the showcase page: issue 18's "a page with 6 loop videos". */
export const SHOWCASE_LOOP_VIDEOS = 6;
