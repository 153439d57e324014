import { describe, expect, it } from "vitest";
import { statusFieldsSchema, unlockSchema } from "./status";
import { statusMessages } from "./messages";

describe("project status fields (docs/spec.md §11)", () => {
  const parse = (input: Record<string, unknown>) => statusFieldsSchema.safeParse(input);

  it("takes the four statuses, absent or empty as no change", () => {
    for (const status of ["published", "draft", "unlisted"])
      expect(parse({ status }).data).toEqual({ status, password: undefined });
    expect(parse({}).data).toEqual({ status: undefined, password: undefined });
    expect(parse({ status: "" }).data).toEqual({ status: undefined, password: undefined });
    expect(parse({ status: "protected", password: "12345678" }).data).toEqual({
      status: "protected",
      password: "12345678",
    });
  });

  it("refuses an unknown status with a clear message", () => {
    for (const status of ["Published", "private", "deleted", 1, null]) {
      const result = parse({ status });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(statusMessages.invalidStatus);
    }
  });

  it("needs a protected project's password to have 8 characters and at most 72 bytes", () => {
    expect(parse({ status: "protected", password: "1234567" }).error?.issues[0]?.message).toBe(
      statusMessages.passwordTooShort,
    );
    expect(parse({ status: "protected", password: 12345678 }).error?.issues[0]?.message).toBe(
      statusMessages.passwordTooShort,
    );
    expect(parse({ status: "protected", password: "é".repeat(37) }).error?.issues[0]?.message).toBe(
      statusMessages.passwordTooLong,
    );
    // Left out: the API decides whether a stored password may stay.
    expect(parse({ status: "protected" }).data).toEqual({
      status: "protected",
      password: undefined,
    });
  });

  it("ignores a password for any other status (it is never stored)", () => {
    expect(parse({ status: "draft", password: "short" }).data).toEqual({
      status: "draft",
      password: undefined,
    });
  });

  it("asks for the unlock form's password", () => {
    expect(unlockSchema.safeParse({}).error?.issues[0]?.message).toBe(
      statusMessages.passwordMissing,
    );
    expect(unlockSchema.safeParse({ password: "" }).error?.issues[0]?.message).toBe(
      statusMessages.passwordMissing,
    );
    expect(unlockSchema.safeParse({ password: "x" }).success).toBe(true);
  });
});
