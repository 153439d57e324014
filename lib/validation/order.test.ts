import { describe, expect, it } from "vitest";
import { orderMismatch, orderSchema } from "./order";

const id = (n: number) => n.toString(16).padStart(24, "0");
const parse = (body: unknown) => {
  const result = orderSchema.safeParse(body);
  return result.success ? result.data.ids : result.error.issues[0]?.message;
};

describe("orderSchema", () => {
  it("takes a list of distinct ids, in the given order", () => {
    expect(parse({ ids: [id(2), id(1)] })).toEqual([id(2), id(1)]);
    expect(parse({ ids: [] })).toEqual([]);
  });

  it("refuses what is not a list of distinct well-formed ids", () => {
    const notList = 'Send the new order as "ids": a list of every id, each once';
    expect(parse({})).toBe(notList);
    expect(parse({ ids: id(1) })).toBe(notList);
    expect(parse({ ids: { 0: id(1) } })).toBe(notList);
    expect(parse({ ids: Array.from({ length: 10_001 }, (_, n) => id(n)) })).toBe(notList);
    expect(parse({ ids: [id(1), id(1)] })).toBe(`The order names ${id(1)} more than once`);
    expect(parse({ ids: [id(1), id(1).toUpperCase().replace("0", "A")] })).toMatch(/^Not an id: /);
    expect(parse({ ids: [id(1), null] })).toBe("Not an id: null");
    expect(parse({ ids: ["x".repeat(500)] })).toBe(`Not an id: ${"x".repeat(40)}`);
  });
});

describe("orderMismatch", () => {
  const current = [id(1), id(2), id(3)];
  it("accepts exactly the current ids in any order", () => {
    expect(orderMismatch([id(3), id(1), id(2)], current, "project")).toBeNull();
  });

  it("names a foreign, a repeated or a missing id", () => {
    expect(orderMismatch([id(3), id(1), id(9)], current, "project")).toBe(
      `No such project: ${id(9)}`,
    );
    expect(orderMismatch([id(3), id(1), id(1)], current, "section")).toBe(
      `The order names ${id(1)} more than once`,
    );
    expect(orderMismatch([id(3), id(1)], current, "section")).toBe(
      `The order leaves out section ${id(2)}: list every section once`,
    );
    expect(orderMismatch([id(1)], [], "section")).toBe(`No such section in this project: ${id(1)}`);
  });
});
