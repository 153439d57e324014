import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/**
 * `React.lazy` for a named export: the module loads the first time the component renders (inside a
 * Suspense boundary), so its code is a chunk of its own that a page without it never downloads.
 * React.lazy rather than next/dynamic: these render nothing on the server that a fallback would
 * replace, and it adds no runtime of its own.
 */
export function lazyExport<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
