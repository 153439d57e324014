/** The upload percentage while a form is being sent (docs/spec.md §4: uploading shows a percentage). */
export function UploadProgress({
  percent,
  label = "Uploading",
}: {
  percent: number | null;
  label?: string;
}) {
  if (percent === null) return null;
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="h-2 flex-1 overflow-hidden rounded-full bg-black/10"
      >
        <div className="bg-accent h-full transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span className="w-24 text-sm tabular-nums" aria-hidden="true">
        {label} {percent}%
      </span>
    </div>
  );
}
