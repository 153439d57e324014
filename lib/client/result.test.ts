import { describe, expect, it } from "vitest";
import { parseEnvelope, toOutcome, toPercent } from "./request";
import { toResult } from "./result";

const texts = { success: "Saved!", failure: "Failed", network: "Network error" };

describe("request outcomes", () => {
  it("reads the {success, message, data} envelope and nothing else", () => {
    expect(parseEnvelope('{"success":true,"message":"ok","data":{"_id":"a"}}')).toEqual({
      success: true,
      message: "ok",
      data: { _id: "a" },
    });
    expect(parseEnvelope("<html>Bad gateway</html>")).toBeNull();
    expect(parseEnvelope('{"error":"x"}')).toBeNull();
    expect(parseEnvelope("")).toBeNull();
  });

  it("treats a 2xx without an envelope as a failure", () => {
    expect(toOutcome(200, "not json").kind).toBe("http-error");
    expect(toOutcome(201, '{"success":true,"message":""}').kind).toBe("ok");
    expect(toOutcome(413, '{"success":false,"message":"File too large: a.png"}')).toEqual({
      kind: "http-error",
      status: 413,
      body: { success: false, message: "File too large: a.png", data: undefined },
    });
  });

  it("computes whole percentages and survives an unknown total", () => {
    expect(toPercent(0, 200)).toBe(0);
    expect(toPercent(1, 3)).toBe(33);
    expect(toPercent(200, 200)).toBe(100);
    expect(toPercent(10, 0)).toBe(0);
    expect(toPercent(300, 200)).toBe(100);
  });
});

describe("spec texts for outcomes", () => {
  it("prefers the server's success message unless the screen fixes its own", () => {
    const ok = toOutcome(
      200,
      '{"success":true,"message":"Project updated successfully!","data":1}',
    );
    expect(toResult(ok, texts)).toEqual({
      ok: true,
      message: "Project updated successfully!",
      data: 1,
    });
    expect(toResult(ok, { ...texts, fixedSuccess: true })).toMatchObject({ message: "Saved!" });
    expect(toResult(toOutcome(200, '{"success":true}'), texts)).toMatchObject({
      message: "Saved!",
    });
  });

  it("shows the server's failure message, else the screen's fallback", () => {
    const refused = toOutcome(404, '{"success":false,"message":"Project not found"}');
    expect(toResult(refused, texts)).toEqual({
      ok: false,
      message: "Project not found",
      status: 404,
    });
    expect(toResult(toOutcome(500, "oops"), texts)).toEqual({
      ok: false,
      message: "Failed",
      status: 500,
    });
    const soft = toOutcome(200, '{"success":false,"message":""}');
    expect(toResult(soft, texts)).toMatchObject({ ok: false, message: "Failed" });
  });

  it("uses the fixed non-2xx text and keeps the server's reason as detail", () => {
    const refused = toOutcome(415, '{"success":false,"message":"Invalid file type: a.png"}');
    expect(toResult(refused, { ...texts, httpError: "Request failed" })).toEqual({
      ok: false,
      message: "Request failed",
      detail: "Invalid file type: a.png",
      status: 415,
    });
    // A 2xx that says success:false is not an HTTP error: the screen's own failure text applies.
    const soft = toOutcome(200, '{"success":false}');
    expect(toResult(soft, { ...texts, httpError: "Request failed" }).message).toBe("Failed");
  });

  it("reports a network failure with the screen's text", () => {
    expect(toResult({ kind: "network-error" }, texts)).toEqual({
      ok: false,
      message: "Network error",
    });
  });
});

describe("owner texts", () => {
  it("are the spec's, odd spellings included", async () => {
    const { messages } = await import("./messages");
    expect(messages).toMatchObject({
      addProjectMissing: "Please fill in all Feilds !",
      updateProjectMissing: "Please fill in all fields!",
      projectAdded: "Project added successfully!",
      projectUpdated: "Project updated successfully!",
      projectDeleted: "Project deleted successfully!",
      sectionAdded: "Section added successfully!",
      sectionDeleted: "Section deleted successfully",
      sectionEmpty: "At least one field is required",
      confirmDeleteProject: "Are you sure you want to delete this project?",
    });
    expect(messages.confirmDeleteSection).toMatch(/this Section\?$/);
  });
});
