import { describe, expect, it } from "vitest";
import { mergeShownOrder } from "./order";

describe("mergeShownOrder (gallery reorder, docs/spec.md §2)", () => {
  it("moves the shown projects among their own places and leaves the others where they were", () => {
    // a, c, e shown (say one category); b, d hidden by the filter.
    expect(mergeShownOrder(["a", "b", "c", "d", "e"], ["e", "a", "c"])).toEqual([
      "e",
      "b",
      "a",
      "d",
      "c",
    ]);
  });

  it("keeps projects beyond the shown page in place", () => {
    expect(mergeShownOrder(["a", "b", "c", "d"], ["b", "a"])).toEqual(["b", "a", "c", "d"]);
  });

  it("changes nothing when the shown order is unchanged", () => {
    expect(mergeShownOrder(["a", "b", "c"], ["a", "c"])).toEqual(["a", "b", "c"]);
  });

  it("refuses a shown id the whole list lacks, or a repeated one", () => {
    expect(mergeShownOrder(["a", "b"], ["a", "x"])).toBeNull();
    expect(mergeShownOrder(["a", "b"], ["a", "a"])).toBeNull();
  });
});
