import { describe, expect, it } from "vitest";
import { scheduleMessages } from "./messages";
import { parseIsoDateTime, scheduleFieldsSchema } from "./schedule";

describe("the publishing schedule's fields (docs/spec.md §11)", () => {
  it("reads ISO 8601 dates and times with a zone as instants", () => {
    expect(parseIsoDateTime("2030-03-01T09:00Z")?.toISOString()).toBe("2030-03-01T09:00:00.000Z");
    expect(parseIsoDateTime("2030-03-01T10:00:30.250+01:00")?.toISOString()).toBe(
      "2030-03-01T09:00:30.250Z",
    );
    expect(parseIsoDateTime("2028-02-29T23:59:59-05:30")?.toISOString()).toBe(
      "2028-03-01T05:29:59.000Z",
    );
  });

  it("refuses dates that do not exist, times without a zone and other formats", () => {
    for (const text of [
      "2027-02-29T10:00Z",
      "2030-04-31T10:00Z",
      "2030-13-01T10:00Z",
      "2030-03-01T24:00Z",
      "2030-03-01T10:60Z",
      "2030-03-01T10:00",
      "2030-03-01",
      "2030-03-01 10:00Z",
      "March 1, 2030 10:00 UTC",
      "1772355600000",
    ])
      expect(parseIsoDateTime(text), text).toBeNull();
  });

  it("absent leaves a bound, empty or null clears it, and unpublishing must come after publishing", () => {
    expect(scheduleFieldsSchema.parse({})).toEqual({});
    expect(scheduleFieldsSchema.parse({ publishAt: "", unpublishAt: null })).toEqual({
      publishAt: null,
      unpublishAt: null,
    });
    const refused = scheduleFieldsSchema.safeParse({
      publishAt: "2030-03-01T10:00Z",
      unpublishAt: "2030-03-01T11:00+01:00",
    });
    expect(refused.error?.issues[0]?.message).toBe(scheduleMessages.unpublishBeforePublish);
    expect(scheduleFieldsSchema.safeParse({ publishAt: 5 }).error?.issues[0]?.message).toBe(
      scheduleMessages.invalidPublishAt,
    );
  });
});
