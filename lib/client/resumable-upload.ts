/**
 * What the owner forms show of a resumable upload (docs/media.md#resumable-uploads): its speed and
 * time left from the bytes sent over the last seconds, and the server's refusal in its own words.
 */

/** Seconds of progress the speed is measured over: recent enough to follow a changing link. */
const WINDOW_MS = 5000;

/** The bytes sent at recent moments, for the current speed. */
export class UploadRate {
  private samples: { at: number; sent: number }[] = [];

  constructor(private readonly now: () => number = () => performance.now()) {}

  add(sent: number): void {
    const at = this.now();
    this.samples.push({ at, sent });
    while (this.samples.length > 2 && at - this.samples[0]!.at > WINDOW_MS) this.samples.shift();
  }

  /** After a pause (a dropped connection) the speed starts afresh. */
  reset(): void {
    this.samples = [];
  }

  /** Bytes a second, or null until there is a second of progress to measure. */
  bytesPerSecond(): number | null {
    const first = this.samples[0];
    const last = this.samples.at(-1);
    if (!first || !last || last.at - first.at < 1000) return null;
    return ((last.sent - first.sent) * 1000) / (last.at - first.at);
  }
}

const MB = 1024 * 1024;

function megabytes(bytes: number): string {
  return bytes >= 100 * MB ? `${Math.round(bytes / MB)} MB` : `${(bytes / MB).toFixed(1)} MB`;
}

function duration(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  const hours = Math.floor(seconds / 3600);
  return `${hours} h ${Math.round((seconds - hours * 3600) / 60)} min`;
}

/** "12.0 MB of 400 MB · 2.1 MB/s · about 3 min left" (the speed and time once measurable). */
export function describeUploadRate(rate: UploadRate, sent: number, total: number): string {
  const parts = [`${megabytes(sent)} of ${megabytes(total)}`];
  const speed = rate.bytesPerSecond();
  if (speed !== null && speed > 0) {
    parts.push(`${megabytes(speed)}/s`);
    if (sent < total) parts.push(`about ${duration((total - sent) / speed)} left`);
  }
  return parts.join(" · ");
}

type TusError = { originalResponse?: { getStatus(): number; getBody(): string } | null };

/** The server's text for a refused upload (plain text from tus, or the API's JSON envelope). */
export function resumableErrorMessage(error: unknown): string {
  const body = (error as TusError).originalResponse?.getBody()?.trim() ?? "";
  if (body.startsWith("{")) {
    try {
      const message = (JSON.parse(body) as { message?: unknown }).message;
      if (typeof message === "string" && message) return message;
    } catch {
      // Not the envelope: shown as it is below.
    }
  }
  return body && body.length <= 300 ? body : "The upload failed. Please try again.";
}
