import { describe, expect, it } from "vitest";
import { describeUploadRate, resumableErrorMessage, UploadRate } from "./resumable-upload";

const MB = 1024 * 1024;

describe("a resumable upload's progress line", () => {
  it("shows speed and time left once a second is measured, over the last seconds only", () => {
    let now = 0;
    const rate = new UploadRate(() => now);
    rate.add(0);
    expect(describeUploadRate(rate, 0, 400 * MB)).toBe("0.0 MB of 400 MB");
    now = 2000;
    rate.add(4 * MB);
    expect(describeUploadRate(rate, 4 * MB, 400 * MB)).toBe(
      "4.0 MB of 400 MB · 2.0 MB/s · about 3 min left",
    );
    // A slower link later: the speed follows the last 5 s, not the average since the start.
    now = 12_000;
    rate.add(9 * MB);
    now = 17_000;
    rate.add(14 * MB);
    expect(describeUploadRate(rate, 14 * MB, 400 * MB)).toBe(
      "14.0 MB of 400 MB · 1.0 MB/s · about 6 min left",
    );
    rate.reset();
    expect(rate.bytesPerSecond()).toBeNull();
  });

  it("shows the server's refusal in its words, from tus's text or the API envelope", () => {
    const response = (body: string) => ({
      originalResponse: { getStatus: () => 413, getBody: () => body },
    });
    expect(resumableErrorMessage(response("File too large: a.mov (videos up to 4096 MB)\n"))).toBe(
      "File too large: a.mov (videos up to 4096 MB)",
    );
    expect(
      resumableErrorMessage(response('{"success":false,"message":"Auth session missing!"}')),
    ).toBe("Auth session missing!");
    expect(resumableErrorMessage(new Error("network"))).toBe(
      "The upload failed. Please try again.",
    );
  });
});
