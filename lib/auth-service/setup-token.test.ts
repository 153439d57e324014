import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSetupToken, readSetupToken, retireSetupToken, setupTokenFile } from "./setup-token";

let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "setup-token-"));
  process.env.DATA_DIR = dataDir;
  delete process.env.AUTH_SETUP_TOKEN;
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("the setup-token file", () => {
  it("is made only at start (readSetupToken), never by a request checking a token", () => {
    const file = setupTokenFile();
    expect(isSetupToken("junk-token-junk-token")).toBe(false);
    expect(fs.existsSync(file)).toBe(false);

    const token = readSetupToken();
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(readSetupToken()).toBe(token);
    expect(isSetupToken(token)).toBe(true);
    expect(isSetupToken("junk-token-junk-token")).toBe(false);

    retireSetupToken();
    expect(isSetupToken(token)).toBe(false);
    expect(isSetupToken("junk-token-junk-token")).toBe(false);
    expect(fs.existsSync(file)).toBe(false);
  });
});
