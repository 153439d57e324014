/**
 * A Vimeo player in a 16:9 frame, loaded lazily and without tracking (`src` carries dnt=1).
 * `autoplay` when the visitor has just asked for it (VimeoFacade).
 */
export function VimeoFrame({
  src,
  title,
  autoplay = false,
}: {
  src: string;
  title: string;
  autoplay?: boolean;
}) {
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-sm bg-black">
      <iframe
        src={src}
        title={title}
        loading={autoplay ? undefined : "lazy"}
        allow={
          autoplay ? "autoplay; fullscreen; picture-in-picture" : "fullscreen; picture-in-picture"
        }
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        className="absolute inset-0 h-full w-full border-0"
      />
    </div>
  );
}
