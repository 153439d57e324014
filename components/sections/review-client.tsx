"use client";

import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { Point } from "@/components/forms/point-keys";
import { TextAreaField, TextField } from "@/components/forms/field";
import { SubmitButton } from "@/components/forms/submit-button";
import {
  postReviewComment,
  recordReviewOpen,
  sendReviewProgress,
  type ReviewCommentJson,
} from "@/lib/client/review";
import { optimizedImage, preloadLcpImage } from "@/lib/site/image-srcset";
import { aloneMaxWidth, tileSizes } from "@/lib/site/image-grid-layout";
import { shapeClass, type ReviewVideo } from "@/lib/site/video-sources";
import { REVIEW_LIMITS } from "@/lib/validation/limits";
import { formatPoint, formatTime, reviewMessages } from "@/lib/validation/review-messages";

/*
 * The reviewer's side of a review page (docs/spec.md §13): the visit's record (projects seen,
 * seconds of video played) and each section's comments. Only /r/{token} imports this file.
 */

let visitId: string | null = null;
const NAME_KEY = "review-name";
/** The reviewer's name kept by this browser; none where storage is refused (private modes). */
function storedName(): string {
  try {
    return window.localStorage.getItem(NAME_KEY) ?? "";
  } catch {
    return "";
  }
}
function rememberName(name: string) {
  try {
    window.localStorage.setItem(NAME_KEY, name);
  } catch {
    // Not kept: the reviewer types it again next time.
  }
}
const PROGRESS_EVERY_MS = 15_000;

/** Records this visit once the page is shown, then its progress every 15 s and on leaving. */
export function ReviewVisit({ token }: { token: string }) {
  useEffect(() => {
    let stopped = false;
    const viewed = new Set<string>();
    let played = 0;
    let last: { video: EventTarget; at: number } | null = null;
    let sent = "";
    const send = () => {
      const payload = JSON.stringify([[...viewed].sort(), Math.round(played)]);
      if (!visitId || payload === sent) return;
      sent = payload;
      sendReviewProgress(token, visitId, {
        projectsViewed: [...viewed],
        videoSeconds: Math.round(played),
      });
    };
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const id = (entry.target as HTMLElement).dataset.reviewProject;
        if (entry.isIntersecting && id) viewed.add(id);
      }
    });
    document.querySelectorAll("[data-review-project]").forEach((el) => observer.observe(el));
    // Seconds played: the steps of `timeupdate` while a video plays, seeks left out.
    const onTime = (event: Event) => {
      const video = event.target as HTMLVideoElement;
      if (!(video instanceof HTMLVideoElement) || video.paused) return;
      if (last && last.video === video) {
        const step = video.currentTime - last.at;
        if (step > 0 && step < 2) played += step;
      }
      last = { video, at: video.currentTime };
    };
    const onPause = () => {
      last = null;
    };
    document.addEventListener("timeupdate", onTime, true);
    document.addEventListener("pause", onPause, true);
    document.addEventListener("seeked", onPause, true);
    const onHide = () => {
      if (document.visibilityState === "hidden") send();
    };
    document.addEventListener("visibilitychange", onHide);
    const timer = setInterval(send, PROGRESS_EVERY_MS);
    void recordReviewOpen(token).then((id) => {
      if (stopped) return;
      visitId = id;
      send();
    });
    return () => {
      stopped = true;
      send();
      clearInterval(timer);
      observer.disconnect();
      document.removeEventListener("timeupdate", onTime, true);
      document.removeEventListener("pause", onPause, true);
      document.removeEventListener("seeked", onPause, true);
      document.removeEventListener("visibilitychange", onHide);
    };
  }, [token]);
  return null;
}

/** The picker over a section's images, loaded once the reviewer asks to pin a comment to a point. */
const ReviewPointPicker = lazy(() => import("./review-point-picker"));

export type ReviewImage = { url: string; alt: string; width: number | null; height: number | null };
type PointMarker = { _id: string; name: string; x: number; y: number; image: number | null };

const pointed = <T extends { x: number | null; y: number | null }>(
  comment: T,
): comment is T & { x: number; y: number } => comment.x !== null && comment.y !== null;

/**
 * A section's images on a review page, each whole (its box is the image, so a point of it is the
 * same on every screen), with the markers of the comments pinned to points of it, numbered in the
 * section's order. `priority`: the page's LCP candidate, as on the project page. A click on a
 * marker calls `onMarker` (none: the markers only show where). `overlay` draws over an image.
 */
export function ReviewImages({
  images,
  markers,
  active = null,
  onMarker,
  priority = false,
  maxWidth,
  overlay,
}: {
  images: ReviewImage[];
  markers: PointMarker[];
  active?: string | null;
  onMarker?: (id: string) => void;
  priority?: boolean;
  maxWidth?: string;
  overlay?: (index: number) => React.ReactNode;
}) {
  return (
    <ul className="flex flex-col gap-3" data-testid="review-images">
      {images.map((image, index) => {
        const picture = optimizedImage(
          image.url,
          tileSizes(1, 0, image.width, image.height, maxWidth),
        );
        const first = priority && index === 0;
        if (first) preloadLcpImage(picture);
        const ratio = image.width && image.height ? image.width / image.height : null;
        return (
          <li key={image.url + index}>
            {/* Of known size, the box is as wide as the image will be drawn before the file
                arrives (a lazy image has no width of its own until then: the page would shift). */}
            <div
              className={`relative mx-auto max-w-full ${ratio ? "w-full" : "w-fit"}`}
              style={ratio ? { maxWidth: aloneMaxWidth(ratio, image.width) } : undefined}
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- next/image's own markup, without its client code */}
              <img
                alt={image.alt}
                {...picture}
                width={image.width ?? undefined}
                height={image.height ?? undefined}
                loading={first ? "eager" : "lazy"}
                fetchPriority={first ? "high" : undefined}
                decoding="async"
                className="block h-auto w-full rounded-sm bg-stone-200"
              />
              {markers.map((marker, n) =>
                (marker.image ?? 0) !== index ? null : (
                  <MarkerDot
                    key={marker._id}
                    marker={marker}
                    n={n + 1}
                    active={marker._id === active}
                    onClick={onMarker}
                  />
                ),
              )}
              {overlay?.(index)}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function MarkerDot({
  marker,
  n,
  active,
  onClick,
}: {
  marker: PointMarker;
  n: number;
  active: boolean;
  onClick?: (id: string) => void;
}) {
  const label = `Comment ${n} by ${marker.name}, ${formatPoint(marker.x, marker.y, marker.image)}`;
  const className = `absolute flex size-7 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-white text-xs font-semibold text-white shadow-[0_0_0_1px_rgb(0_0_0/0.6)] ${
    active ? "bg-ink z-10 scale-125 ring-4 ring-yellow-300" : "bg-accent"
  }`;
  const shared = {
    "aria-label": label,
    title: label,
    "data-testid": "image-marker",
    style: { left: `${marker.x * 100}%`, top: `${marker.y * 100}%` },
  };
  return onClick ? (
    <button
      type="button"
      onClick={() => onClick(marker._id)}
      aria-pressed={active}
      data-active={active || undefined}
      className={`${className} focus-visible:outline-ink focus-visible:outline-2 focus-visible:outline-offset-2`}
      {...shared}
    >
      {n}
    </button>
  ) : (
    <span role="img" className={className} {...shared}>
      {n}
    </span>
  );
}

type Marker = { _id: string; time: number | null; name: string };

/** Moves the video to `seconds`, paused, with the keyboard focus on it. */
function seekTo(video: HTMLVideoElement | null, seconds: number) {
  if (!video) return;
  video.currentTime = seconds;
  video.pause();
  video.focus();
}

/**
 * An uploaded video with the comments' markers on a timeline under it: a click on a marker seeks
 * to its time. It plays what the project page plays, in the video's own shape, under its poster
 * (shown until it plays or seeks). While nothing is playable (a master that encodes, with a line
 * saying so, or one whose encode failed) the poster shows alone. The reviewer's page and the
 * owner's page of the link both show it.
 */
export function ReviewPlayer({
  video,
  markers,
  playerRef,
}: {
  video: ReviewVideo;
  markers: Marker[];
  playerRef?: React.RefObject<HTMLVideoElement | null>;
}) {
  const own = useRef<HTMLVideoElement>(null);
  const player = playerRef ?? own;
  const [duration, setDuration] = useState(0);
  // Its metadata may have loaded before the page's script ran (no loadedmetadata event then).
  useEffect(() => {
    const element = player.current;
    if (element && element.readyState >= 1)
      void Promise.resolve().then(() => setDuration(element.duration || 0));
  }, [player]);
  const { shape } = video;
  return (
    // The timeline is as wide as the video above it, so a marker sits under its frame's time.
    <div
      className={shape ? "mx-auto w-full" : undefined}
      style={shape ? { maxWidth: shape.maxWidth } : undefined}
    >
      <div
        className={`relative w-full overflow-hidden rounded-sm bg-black ${shapeClass(shape)}`}
        style={shape ? { aspectRatio: shape.aspectRatio } : undefined}
      >
        {video.src ? (
          <video
            ref={player}
            controls
            playsInline
            preload="metadata"
            src={video.sources ? undefined : video.src}
            poster={video.poster ?? undefined}
            aria-label={video.title}
            controlsList={video.download ? undefined : "nodownload"}
            onLoadedMetadata={(event) => setDuration(event.currentTarget.duration || 0)}
            className="h-full w-full"
          >
            {video.sources?.map((source) => (
              <source key={source.src} {...source} />
            ))}
          </video>
        ) : video.poster ? (
          // eslint-disable-next-line @next/next/no-img-element -- one optimizer URL, as the video's poster
          <img
            src={video.poster}
            alt={video.title}
            className="h-full w-full object-contain"
            data-testid="review-poster"
          />
        ) : null}
      </div>
      {video.src ? (
        <div
          className="relative mt-2 h-6 rounded-sm bg-black/10"
          role="group"
          aria-label={`Comments on the timeline of ${video.title}`}
          data-testid="review-timeline"
        >
          {duration > 0
            ? markers.map((marker) =>
                marker.time === null ? null : (
                  <button
                    key={marker._id}
                    type="button"
                    onClick={() => seekTo(player.current, marker.time!)}
                    aria-label={`Go to ${formatTime(marker.time)}: comment by ${marker.name}`}
                    title={`${formatTime(marker.time)} ${marker.name}`}
                    data-testid="review-marker"
                    className="bg-accent absolute top-0 h-6 w-2 -translate-x-1/2 rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2"
                    style={{ left: `${Math.min(100, (marker.time / duration) * 100)}%` }}
                  />
                ),
              )
            : null}
        </div>
      ) : video.preparing ? (
        <p className="text-muted mt-2 text-sm">{reviewMessages.videoPreparing}</p>
      ) : null}
      {video.download ? (
        <a href={video.download} download className="mt-2 inline-block text-sm underline">
          Download the original video
        </a>
      ) : null}
    </div>
  );
}

/**
 * One section's comments: for an uploaded video the player, with the comments' markers on a
 * timeline under it; a comment written while the video is there is pinned to its current time
 * (the video pauses when the reviewer starts writing), and a click on a comment or a marker seeks
 * to it. The section's images, with the markers of comments pinned to a point of one: "Pin to a
 * point of an image" lets the reviewer pick one (a tap, or the arrow keys), and a click on such a
 * comment highlights its marker.
 */
export function ReviewSection({
  token,
  sectionId,
  label,
  video,
  images,
  priority,
  maxWidth,
  initialComments,
  ownerName,
}: {
  token: string;
  sectionId: string;
  label: string;
  video: ReviewVideo | null;
  images: ReviewImage[];
  /** Its first image is the page's LCP candidate. */
  priority: boolean;
  maxWidth: string;
  initialComments: ReviewCommentJson[];
  ownerName: string;
}) {
  const [comments, setComments] = useState(initialComments);
  const [time, setTime] = useState<number | null>(null);
  const [picking, setPicking] = useState(false);
  const [point, setPoint] = useState<(Point & { image: number }) | null>(null);
  const [active, setActive] = useState<string | null>(null);
  const pinButton = useRef<HTMLButtonElement>(null);
  const commentField = useRef<HTMLDivElement>(null);
  const nameField = useRef<HTMLDivElement>(null);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState(false);
  const player = useRef<HTMLVideoElement>(null);

  /** The form is asked for (Add a comment): the work comes first, not a form per section. */
  const [writing, setWriting] = useState(false);
  // Opened: the name given last time on this browser filled in, and the focus on the first field
  // left to fill (the comment's, which pins the video's time).
  useEffect(() => {
    if (!writing) return;
    const input = nameField.current?.querySelector("input");
    if (input && !input.value) input.value = storedName();
    if (input && !input.value) input.focus();
    else commentField.current?.querySelector("textarea")?.focus();
  }, [writing]);

  const pin = () => {
    const element = player.current;
    if (!element) return;
    element.pause();
    setTime(element.currentTime);
  };

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "");
    // A comment is pinned to a point of an image or else, under a video, to its time.
    const pinned = video?.src && !point ? (player.current?.currentTime ?? time ?? 0) : null;
    setBusy(true);
    setError(null);
    const result = await postReviewComment(token, {
      sectionId,
      name,
      text,
      time: pinned,
      ...(point ? { x: point.x, y: point.y, image: point.image } : {}),
      openId: visitId,
    });
    setBusy(false);
    if (!result.ok || !result.data) {
      setError(result.message);
      return;
    }
    const posted = result.data;
    rememberName(name.trim());
    setComments((list) => [...list, posted]);
    setText("");
    setPoint(null);
    setPicking(false);
    setStatus(
      pointed(posted)
        ? `Comment posted on ${formatPoint(posted.x, posted.y, posted.image)}.`
        : posted.time === null
          ? "Comment posted."
          : `Comment posted at ${formatTime(posted.time)}.`,
    );
  }

  const stopPicking = () => {
    setPicking(false);
    pinButton.current?.focus();
  };

  const timed = comments.filter((comment) => comment.time !== null);
  const markers = comments.filter(pointed);
  return (
    <div className="flex flex-col gap-4" data-testid="review-section">
      {images.length > 0 ? (
        <ReviewImages
          images={images}
          markers={markers}
          active={active}
          onMarker={setActive}
          priority={priority}
          maxWidth={maxWidth}
          overlay={
            picking
              ? (index) => (
                  <Suspense>
                    <ReviewPointPicker
                      image={index}
                      alt={images[index]!.alt}
                      point={point?.image === index ? point : null}
                      autoFocus={index === (point?.image ?? 0)}
                      onPick={(picked) => setPoint({ ...picked, image: index })}
                      onDone={() => commentField.current?.querySelector("textarea")?.focus()}
                      onCancel={stopPicking}
                    />
                  </Suspense>
                )
              : undefined
          }
        />
      ) : null}
      {video ? <ReviewPlayer video={video} markers={timed} playerRef={player} /> : null}
      {comments.length > 0 ? (
        <ol className="flex flex-col gap-3" aria-label={`Comments on ${label}`}>
          {comments.map((comment) => (
            <li
              key={comment._id}
              className={`rounded-md border bg-white p-3 ${
                comment._id === active ? "border-ink ring-ink ring-1" : "border-black/15"
              }`}
              data-testid="review-comment"
            >
              <p className="text-sm">
                <span className="font-semibold">{comment.name}</span>
                {comment.time !== null ? (
                  <>
                    {" "}
                    <button
                      type="button"
                      onClick={() => seekTo(player.current, comment.time!)}
                      className="text-accent font-medium underline underline-offset-2"
                      aria-label={`Play from ${formatTime(comment.time)}`}
                    >
                      {formatTime(comment.time)}
                    </button>
                  </>
                ) : null}
                {pointed(comment) ? (
                  <>
                    {" "}
                    <button
                      type="button"
                      onClick={() => setActive(comment._id)}
                      aria-pressed={comment._id === active}
                      className="text-accent font-medium underline underline-offset-2"
                      data-testid="comment-point"
                    >
                      {`${markers.indexOf(comment) + 1} · ${formatPoint(comment.x, comment.y, comment.image)}`}
                    </button>
                  </>
                ) : null}
                {comment.resolved ? <span className="text-muted"> · Resolved</span> : null}
              </p>
              <p className="mt-1 whitespace-pre-line">{comment.text}</p>
              {comment.reply ? (
                <p className="mt-2 border-l-2 border-black/20 pl-3 text-sm whitespace-pre-line">
                  <span className="font-semibold">{ownerName}:</span> {comment.reply}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {!writing ? (
        <div>
          <button
            type="button"
            aria-label={`Add a comment on ${label}`}
            onClick={() => setWriting(true)}
            className="rounded-md border border-black/30 px-3 py-1.5 text-sm font-medium hover:bg-black/5"
          >
            Add a comment
          </button>
        </div>
      ) : (
        <form
          onSubmit={submit}
          noValidate
          className="flex flex-col gap-3 rounded-md bg-black/[0.03] p-4"
        >
          <div ref={nameField}>
            <TextField
              label="Your name"
              name="name"
              autoComplete="name"
              maxLength={REVIEW_LIMITS.reviewerName}
            />
          </div>
          {images.length > 0 ? (
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
              <button
                ref={pinButton}
                type="button"
                aria-pressed={picking}
                onClick={() => (picking ? stopPicking() : setPicking(true))}
                className="rounded-md border border-black/30 px-3 py-1.5 font-medium aria-pressed:bg-black aria-pressed:text-white"
              >
                Pin to a point of an image
              </button>
              {point ? (
                <button
                  type="button"
                  onClick={() => setPoint(null)}
                  className="underline underline-offset-2"
                >
                  Remove the point
                </button>
              ) : null}
              {picking ? (
                <p className="text-muted w-full">
                  Tap the image where your comment goes, or move the point with the arrow keys and
                  press Enter.
                </p>
              ) : null}
            </div>
          ) : null}
          <div ref={commentField}>
            <TextAreaField
              label={
                point
                  ? `Comment on ${formatPoint(point.x, point.y, point.image)}`
                  : video && time !== null
                    ? `Comment at ${formatTime(time)}`
                    : `Comment on ${label}`
              }
              name="text"
              maxLength={REVIEW_LIMITS.comment}
              value={text}
              error={error}
              onFocus={pin}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          <div aria-live="polite" className="sr-only">
            {status}
          </div>
          <div>
            <SubmitButton busy={busy}>Post comment</SubmitButton>
          </div>
        </form>
      )}
    </div>
  );
}
