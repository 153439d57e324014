import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthError } from "@/lib/auth";
import { UploadError } from "@/lib/uploads/errors";
import { answer, ApiError, ok } from "./respond";

afterEach(() => vi.restoreAllMocks());

async function envelope(response: Response) {
  return { status: response.status, body: await response.json() };
}

describe("the REST envelope", () => {
  it("wraps successes", async () => {
    expect(await envelope(ok("Done", { _id: "x" }, 201))).toEqual({
      status: 201,
      body: { success: true, message: "Done", data: { _id: "x" } },
    });
  });

  it("answers client errors with their own status and message", async () => {
    for (const [error, status] of [
      [new ApiError(404, "Project not found"), 404],
      [new UploadError(415, "Invalid file type: a.png"), 415],
      [new AuthError(401, "Auth session missing!"), 401],
      [new AuthError(403, "This account has no owner rights"), 403],
    ] as const) {
      const response = await answer(async () => {
        throw error;
      });
      expect(await envelope(response)).toEqual({
        status,
        body: { success: false, message: error.message, data: null },
      });
    }
  });

  it("answers real faults with a 500 that reveals nothing, and logs them", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await answer(async () => {
      throw new Error('relation "projects" does not exist at postgres://admin:hunter2@db');
    });
    const { status, body } = await envelope(response);
    expect(status).toBe(500);
    expect(body).toEqual({
      success: false,
      message: "An unexpected error occurred. Please try again.",
      data: null,
    });
    expect(JSON.stringify(body)).not.toContain("hunter2");
    expect(log).toHaveBeenCalled();
  });
});
