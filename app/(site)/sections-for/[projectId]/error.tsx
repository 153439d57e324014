"use client";

// The same message as the cached project page's (docs/spec.md §8).
export { default } from "../../sections/[projectId]/error";
