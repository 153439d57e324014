/** "1:05" for 65.2 seconds: a review comment's time (docs/spec.md §13). */
export function formatTime(seconds: number): string {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
