import { describe, expectTypeOf, it } from "vitest";
import type { addProject, updateProject } from "./projects";

/** The project a successful request hands the screen. */
type ProjectOf<F extends (...args: never[]) => Promise<unknown>> = NonNullable<
  Extract<Awaited<ReturnType<F>>, { ok: true }>["data"]
>;

describe("the browser's project type", () => {
  // Checked by `tsc --noEmit` (vitest runs no type checks): the API names the owner's auth user id
  // only to the signed-in owner and sends null to everyone else (docs/spec.md §3), so no
  // screen may take it for a string.
  it("has a userId that is a string or null", () => {
    expectTypeOf<ProjectOf<typeof addProject>["userId"]>().toEqualTypeOf<string | null>();
    expectTypeOf<ProjectOf<typeof updateProject>["userId"]>().toEqualTypeOf<string | null>();
  });
});
