import { useEffect, useRef, type RefObject } from "react";

/**
 * A ref that always holds the value of the last render: an effect that subscribes once (a dialog's
 * cancel listener, a frame capture) calls the current callback without re-subscribing each time the
 * parent passes a new function.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
