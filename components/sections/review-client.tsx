"use client";

import { useEffect, useRef, useState } from "react";
import { TextAreaField, TextField } from "@/components/forms/field";
import { SubmitButton } from "@/components/forms/submit-button";
import {
  postReviewComment,
  recordReviewOpen,
  sendReviewProgress,
  type ReviewCommentJson,
} from "@/lib/client/review";
import { REVIEW_LIMITS } from "@/lib/validation/limits";
import { formatTime } from "./review-time";

/*
 * The reviewer's side of a review page (docs/spec.md §13): the visit's record (projects seen,
 * seconds of video played) and each section's comments. Only /r/{token} imports this file.
 */

let visitId: string | null = null;
const NAME_KEY = "review-name";
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

type VideoProps = { src: string; title: string; allowDownload: boolean };

type Marker = { _id: string; time: number | null; name: string };

/**
 * An uploaded video with the comments' markers on a timeline under it: a click on a marker seeks
 * to its time. The reviewer's page and the owner's page of the link both show it.
 */
export function ReviewPlayer({
  video,
  markers,
  playerRef,
  onSeek,
}: {
  video: VideoProps;
  markers: Marker[];
  playerRef?: React.RefObject<HTMLVideoElement | null>;
  onSeek?: (seconds: number) => void;
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
  const seek =
    onSeek ??
    ((seconds: number) => {
      if (!player.current) return;
      player.current.currentTime = seconds;
      player.current.pause();
      player.current.focus();
    });
  return (
    <div>
      <div className="relative aspect-video w-full overflow-hidden rounded-sm bg-black">
        <video
          ref={player}
          controls
          playsInline
          preload="metadata"
          src={video.src}
          aria-label={video.title}
          controlsList={video.allowDownload ? undefined : "nodownload"}
          onLoadedMetadata={(event) => setDuration(event.currentTarget.duration || 0)}
          className="h-full w-full"
        />
      </div>
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
                  onClick={() => seek(marker.time!)}
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
      {video.allowDownload ? (
        <a href={video.src} download className="mt-2 inline-block text-sm underline">
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
 * to it.
 */
export function ReviewSection({
  token,
  sectionId,
  label,
  video,
  initialComments,
  ownerName,
}: {
  token: string;
  sectionId: string;
  label: string;
  video: VideoProps | null;
  initialComments: ReviewCommentJson[];
  ownerName: string;
}) {
  const [comments, setComments] = useState(initialComments);
  const [time, setTime] = useState<number | null>(null);
  const nameField = useRef<HTMLDivElement>(null);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState(false);
  const player = useRef<HTMLVideoElement>(null);

  // The name given last time on this browser, filled in once the page runs.
  useEffect(() => {
    const input = nameField.current?.querySelector("input");
    if (input && !input.value) input.value = window.localStorage.getItem(NAME_KEY) ?? "";
  }, []);

  const pin = () => {
    const element = player.current;
    if (!element) return;
    element.pause();
    setTime(element.currentTime);
  };

  const seek = (seconds: number) => {
    const element = player.current;
    if (!element) return;
    element.currentTime = seconds;
    element.pause();
    element.focus();
  };

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "");
    const pinned = video ? (player.current?.currentTime ?? time ?? 0) : null;
    setBusy(true);
    setError(null);
    const result = await postReviewComment(token, {
      sectionId,
      name,
      text,
      time: pinned,
      openId: visitId,
    });
    setBusy(false);
    if (!result.ok || !result.data) {
      setError(result.message);
      return;
    }
    const posted = result.data;
    window.localStorage.setItem(NAME_KEY, name.trim());
    setComments((list) => [...list, posted]);
    setText("");
    setStatus(
      posted.time === null ? "Comment posted." : `Comment posted at ${formatTime(posted.time)}.`,
    );
  }

  const timed = comments.filter((comment) => comment.time !== null);
  return (
    <div className="flex flex-col gap-4" data-testid="review-section">
      {video ? (
        <ReviewPlayer video={video} markers={timed} playerRef={player} onSeek={seek} />
      ) : null}
      {comments.length > 0 ? (
        <ol className="flex flex-col gap-3" aria-label={`Comments on ${label}`}>
          {comments.map((comment) => (
            <li
              key={comment._id}
              className="rounded-md border border-black/15 bg-white p-3"
              data-testid="review-comment"
            >
              <p className="text-sm">
                <span className="font-semibold">{comment.name}</span>
                {comment.time !== null ? (
                  <>
                    {" "}
                    <button
                      type="button"
                      onClick={() => seek(comment.time!)}
                      className="text-accent font-medium underline underline-offset-2"
                      aria-label={`Play from ${formatTime(comment.time)}`}
                    >
                      {formatTime(comment.time)}
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
        <TextAreaField
          label={video && time !== null ? `Comment at ${formatTime(time)}` : `Comment on ${label}`}
          name="text"
          maxLength={REVIEW_LIMITS.comment}
          value={text}
          error={error}
          onFocus={pin}
          onChange={(event) => setText(event.target.value)}
        />
        <div aria-live="polite" className="sr-only">
          {status}
        </div>
        <div>
          <SubmitButton busy={busy}>Post comment</SubmitButton>
        </div>
      </form>
    </div>
  );
}
