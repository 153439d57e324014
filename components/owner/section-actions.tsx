"use client";

import { signedInLazy } from "./signed-in-only";

/** Edit and Delete for one section of a project page, for the signed-in owner. */
export const SectionActions = signedInLazy(() => import("./section-owner-actions"), "Actions");
