import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makePrivate } from "./private-files";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "private-files-"));
const outside = fs.mkdtempSync(path.join(os.tmpdir(), "private-files-outside-"));
afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(outside, { recursive: true, force: true });
});

const mode = (entry: string) => (fs.lstatSync(entry).mode & 0o7777).toString(8);

describe("makePrivate", () => {
  it("takes group and other bits off every file and folder, keeping the owner's", () => {
    const data = path.join(root, "data");
    fs.mkdirSync(path.join(data, "pg", "base"), { recursive: true });
    fs.writeFileSync(path.join(data, "pg", "base", "1"), "rows");
    fs.writeFileSync(path.join(data, "run.sh"), "#!/bin/sh");
    fs.chmodSync(data, 0o777);
    fs.chmodSync(path.join(data, "pg"), 0o755);
    fs.chmodSync(path.join(data, "pg", "base"), 0o775);
    fs.chmodSync(path.join(data, "pg", "base", "1"), 0o666);
    fs.chmodSync(path.join(data, "run.sh"), 0o755);
    return makePrivate(data).then((changed) => {
      expect(changed).toBe(5);
      expect(mode(data)).toBe("700");
      expect(mode(path.join(data, "pg"))).toBe("700");
      expect(mode(path.join(data, "pg", "base"))).toBe("700");
      expect(mode(path.join(data, "pg", "base", "1"))).toBe("600");
      expect(mode(path.join(data, "run.sh"))).toBe("700");
    });
  });

  it("changes nothing that is already private, and never follows a link out of the tree", async () => {
    const data = path.join(root, "linked");
    fs.mkdirSync(data, { mode: 0o700 });
    fs.writeFileSync(path.join(data, "kept"), "x", { mode: 0o600 });
    const target = path.join(outside, "shared.txt");
    fs.writeFileSync(target, "not ours to change");
    fs.chmodSync(target, 0o644);
    fs.symlinkSync(target, path.join(data, "link"));
    fs.symlinkSync(outside, path.join(data, "dir-link"));
    fs.chmodSync(outside, 0o755);
    expect(await makePrivate(data)).toBe(0);
    expect(mode(target)).toBe("644");
    expect(mode(outside)).toBe("755");
  });

  it("does nothing for a folder that does not exist yet", async () => {
    expect(await makePrivate(path.join(root, "missing"))).toBe(0);
  });
});
