"use client";

import { useEffect, useRef } from "react";

type FilePreviewProps = {
  file: Blob;
  alt: string;
  className?: string;
  style?: React.CSSProperties;
};

/** Shows a picked file through a blob: URL that is revoked when the file changes or unmounts. */
export function FilePreview({ file, alt, className, style }: FilePreviewProps) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(file);
    if (ref.current) ref.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  // eslint-disable-next-line @next/next/no-img-element -- a local blob: preview, nothing to optimise
  return <img ref={ref} alt={alt} className={className} style={style} />;
}
