// The showcase project the bench seeds (bench/seed.mts --showcase) and measures.
export const SHOWCASE_TITLE = "Showcase: loops and stills";
/** Loop videos on the showcase page. */
export const SHOWCASE_LOOP_VIDEOS = 6;
