"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import {
  encodingPath,
  fetchVideoEncoding,
  retryVideoEncoding,
  type EncodingOwner,
  type VideoEncoding,
} from "@/lib/client/video-encoding";

/** How often the status is asked for while the video is encoding. */
const POLL_MS = 1500;

/**
 * The encoding of a section's uploaded video in the Edit Section page and the project editor (docs/spec.md "Video
 * encoding"), of a project's cover loop in its Edit dialog, or of the showreel in the settings: its progress while it runs, the
 * reason and a retry when it failed, and a line once it is done. The form stays usable meanwhile.
 */
export function VideoEncodingStatus({
  owner,
  initial,
  posterMeanwhile = false,
  refreshPage = false,
}: {
  owner: EncodingOwner;
  initial: Pick<VideoEncoding, "videoStatus" | "videoError">;
  /** A section video the page cannot play as uploaded (HEVC, a master): its poster shows meanwhile. */
  posterMeanwhile?: boolean;
  /**
   * The page shows the video itself (the project editor): it is drawn again from the server once
   * the encode is under way (its poster frame is taken first) and when it ends (the player, or the
   * failure).
   */
  refreshPage?: boolean;
}) {
  const router = useRouter();
  const cover = "projectId" in owner;
  const path = encodingPath(owner);
  const [state, setState] = useState<VideoEncoding>({ ...initial, progress: 0, encoding: false });
  /** The last status read, to tell when it changes. */
  const last = useRef(state);
  const [finished, setFinished] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const [retryFailed, setRetryFailed] = useState(false);
  const processing = state.videoStatus === "processing";

  useEffect(() => {
    if (!processing) return;
    let stopped = false;
    const timer = setInterval(() => {
      void fetchVideoEncoding(path).then((outcome) => {
        if (stopped || outcome.kind !== "ok" || !outcome.body.data) return;
        const next = outcome.body.data;
        const before = last.current;
        last.current = next;
        setState(next);
        if (next.videoStatus === "ready") setFinished(true);
        // The poster frame is stored before the first rendition's progress: drawn again then.
        if (
          refreshPage &&
          (next.videoStatus !== before.videoStatus || (next.progress > 0 && before.progress === 0))
        )
          router.refresh();
      });
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [processing, path, refreshPage, router]);

  const retry = async () => {
    setRetrying(true);
    setRetryFailed(false);
    const outcome = await retryVideoEncoding(path);
    setRetrying(false);
    if (outcome.kind === "ok")
      setState({ videoStatus: "processing", videoError: null, progress: 0, encoding: false });
    else setRetryFailed(true);
  };

  if (processing)
    return (
      <p role="status" className="text-muted mb-6 text-sm">
        {state.encoding
          ? `Encoding the video: ${state.progress} %.`
          : "The video is waiting to be encoded."}{" "}
        {cover
          ? "The gallery card shows the cover image meanwhile; you can go on editing."
          : posterMeanwhile
            ? "The page shows the video's poster meanwhile; you can go on editing."
            : "The page plays the uploaded file meanwhile; you can go on editing."}
      </p>
    );
  if (state.videoStatus === "failed")
    return (
      <div role="alert" className="mb-6 flex flex-wrap items-center gap-3 text-sm text-red-800">
        <p>Encoding failed: {state.videoError}</p>
        <button
          type="button"
          onClick={() => void retry()}
          disabled={retrying}
          className="text-ink rounded-md border border-black/20 bg-white px-3 py-1.5 font-medium hover:bg-black/5 disabled:opacity-60"
        >
          Retry encoding
        </button>
        {retryFailed ? <p>Could not retry. Please try again.</p> : null}
      </div>
    );
  if (finished)
    return (
      <p role="status" className="text-muted mb-6 text-sm">
        The video is encoded for every screen size.
      </p>
    );
  return null;
}
