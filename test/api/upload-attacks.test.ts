import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  eventually,
  expectRefusal,
  multipartBody,
  sendRaw,
  type RawPart,
} from "../helpers/hostile-http";
import { startHostileSite, type HostileSite } from "../helpers/hostile-site";
import {
  gif,
  gifDeclaring,
  htmlBytes,
  jpeg,
  pngHeaderOnly,
  pngOfSize,
} from "../helpers/media-fixtures";
import type { SiteState } from "../helpers/site-state";

// reliability/REPORT.md §2, upload attacks (examples): files that pretend to be images are refused with the spec's
// texts on every upload endpoint, storing nothing; polyglots that really are images are stored
// under a server-made name and served only as images, never as the HTML or archive they also hold.

let site: HostileSite;
let png: Buffer;

beforeAll(async () => {
  site = await startHostileSite();
  png = await pngOfSize(400, 4, 4);
}, 240_000);
afterAll(() => site?.stop());

const svgScript = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">' +
    "<script>alert(document.cookie)</script></svg>",
);
const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const trailingScript = Buffer.from(
  "<html><body><script>alert(document.cookie)</script></body></html>",
);

/** A ZIP archive (a JAR's format) with one stored file, built by hand. */
function zipWith(name: string, data: Buffer): Buffer {
  const crc = zlib.crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(10, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const entry = Buffer.concat([local, Buffer.from(name), data]);
  const directory = Buffer.concat([central, Buffer.from(name)]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(entry.length, 16);
  return Buffer.concat([entry, directory, end]);
}

type Target = { label: string; method: string; path: () => string; field: string };
const imageTargets: Target[] = [
  { label: "project cover", method: "POST", path: () => "/api/projects", field: "cover" },
  {
    label: "new cover",
    method: "PUT",
    path: () => `/api/projects/${site.projectId}`,
    field: "cover",
  },
  {
    label: "section image",
    method: "POST",
    path: () => `/api/sections/${site.projectId}`,
    field: "resources",
  },
  {
    label: "added section image",
    method: "PUT",
    path: () => `/api/sections/${site.sectionId}`,
    field: "resources",
  },
  { label: "portrait", method: "PUT", path: () => "/api/settings", field: "portrait" },
];

/** The text fields each endpoint needs to get as far as storing the file. */
function fieldsFor(target: Target): RawPart[] {
  const text = (name: string, value: string): RawPart => ({ name, content: Buffer.from(value) });
  if (target.field === "cover")
    return [text("title", "Poster"), text("role", "Designer"), text("category", "Illustration")];
  if (target.field === "portrait") return [text("ownerName", "Sara Benali")];
  return [text("title", "Stills")];
}

async function upload(target: Target, file: RawPart, token = site.token) {
  const boundary = "----hostile-upload-boundary";
  return sendRaw(site.url(), {
    method: target.method,
    path: target.path(),
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": `multipart/form-data; boundary=${boundary}`,
    },
    body: multipartBody(boundary, [...fieldsFor(target), file]),
  });
}

const file = (name: string, content: Buffer, contentType = "image/png", field = ""): RawPart => ({
  name: field,
  filename: name,
  contentType,
  content,
});

describe("files that are not what they claim are refused with the spec's texts", () => {
  let before: SiteState;
  beforeAll(async () => {
    before = await site.capture();
  }, 120_000);

  const refusals: [string, () => Promise<Buffer>, string, string, number, string][] = [
    [
      "HTML with a script named .png",
      async () => htmlBytes(),
      "evil.png",
      "image/png",
      415,
      "Invalid file type: evil.png",
    ],
    [
      "SVG with a script named .png",
      async () => svgScript,
      "logo.png",
      "image/png",
      415,
      "Invalid file type: logo.png",
    ],
    [
      "SVG with a script as image/svg+xml",
      async () => svgScript,
      "logo.svg",
      "image/svg+xml",
      415,
      "Invalid file type: logo.svg",
    ],
    [
      "a PNG signature followed by HTML (no image inside)",
      async () => Buffer.concat([pngSignature, trailingScript]),
      "fake.png",
      "image/png",
      415,
      "Invalid file type: fake.png",
    ],
    [
      "a zero-byte file",
      async () => Buffer.alloc(0),
      "empty.png",
      "image/png",
      415,
      "Invalid file type: empty.png",
    ],
    [
      "a tiny PNG whose IHDR declares 50,000 x 50,000 pixels",
      async () => pngHeaderOnly(50_000, 50_000),
      "bomb.png",
      "image/png",
      413,
      "File too large: bomb.png",
    ],
    [
      "a GIF whose screen declares 65,535 x 65,535 pixels",
      async () => gifDeclaring(65_535, 65_535),
      "bomb.gif",
      "image/gif",
      413,
      "File too large: bomb.gif",
    ],
    [
      "HTML with a path-traversal name",
      async () => htmlBytes(),
      "../../etc/passwd.png",
      "image/png",
      415,
      "Invalid file type: ../../etc/passwd.png",
    ],
  ];

  for (const [what, bytes, name, type, status, message] of refusals) {
    it(`${what}: ${status} '${message}' on every image upload`, async () => {
      const content = await bytes();
      for (const target of imageTargets) {
        const answer = await upload(target, file(name, content, type, target.field));
        expect(expectRefusal(answer, [status]).message, target.label).toBe(message);
      }
    });
  }

  it("the bomb fixtures are what they claim: valid headers that a decoder reads", async () => {
    expect(
      await sharp(pngHeaderOnly(50_000, 50_000), { limitInputPixels: false }).metadata(),
    ).toMatchObject({
      format: "png",
      width: 50_000,
      height: 50_000,
    });
    // sharp reads the GIF's single 1x1 frame; the 65,535 x 65,535 screen is what browsers allocate.
    expect(await sharp(gifDeclaring(65_535, 65_535)).metadata()).toMatchObject({
      format: "gif",
      width: 1,
      height: 1,
    });
    expect(gifDeclaring(65_535, 65_535).readUInt16LE(6)).toBe(65_535);
  });

  it("videos: an HTML page named .mp4 and a zero-byte .mp4 are refused; an image is no video", async () => {
    const target: Target = {
      label: "section video",
      method: "POST",
      path: () => `/api/sections/${site.projectId}`,
      field: "video",
    };
    const cases: [RawPart, number, string][] = [
      [file("clip.mp4", htmlBytes(), "video/mp4", "video"), 415, "Invalid file type: clip.mp4"],
      [file("none.mp4", Buffer.alloc(0), "video/mp4", "video"), 415, "Invalid file type: none.mp4"],
      [file("still.mp4", png, "video/mp4", "video"), 415, "Invalid file type: still.mp4"],
    ];
    for (const [part, status, message] of cases)
      expect(expectRefusal(await upload(target, part), [status]).message).toBe(message);
  });

  it("left every row and file as it was, and no upload leftovers", async () => {
    await eventually(() => site.tmpEntries().length === 0);
    expect(site.tmpEntries()).toEqual([]);
    expect(await site.capture()).toEqual(before);
  });
});

/** Every file under the test's root folder except the database's own (which changes on writes). */
function filesOutsideDatabase(): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const relative = path.relative(site.root, full);
      if (relative === path.join("data", "pg")) continue;
      if (entry.isDirectory()) walk(full);
      else found.add(relative);
    }
  };
  walk(site.root);
  return found;
}

describe("images with something else inside are stored and served only as images", () => {
  const gifar = async () =>
    Buffer.concat([
      await gif(3, 3),
      zipWith("META-INF/MANIFEST.MF", Buffer.from("Manifest-Version: 1.0\r\n")),
    ]);
  const polyglots: [string, () => Promise<Buffer>, string, string][] = [
    [
      "a PNG with an HTML page after IEND",
      async () => Buffer.concat([png, trailingScript]),
      "page.png",
      "image/png",
    ],
    ["a GIFAR (a GIF with a JAR archive appended)", gifar, "applet.gif", "image/gif"],
    [
      "a JPEG with a script after EOI",
      async () => Buffer.concat([await jpeg(), trailingScript]),
      "photo.jpg",
      "image/jpeg",
    ],
  ];

  for (const [what, bytes, name, type] of polyglots) {
    it(`${what}: stored under a server-made key and served as ${type} with nosniff`, async () => {
      const content = await bytes();
      const target = imageTargets[2]!;
      const answer = await upload(target, file(name, content, "text/html", target.field));
      expect(answer.status, answer.text).toBe(201);
      const section = JSON.parse(answer.text).data as { images: { url: string }[] };
      const url = section.images[0]!.url;
      expect(url).toMatch(/^\/media\/[0-9a-f]{32}\.(png|gif|jpg)$/);
      const served = await fetch(new URL(url, site.url()));
      expect(served.headers.get("content-type")).toBe(type);
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      // The bytes are kept as sent (no re-encoding): what makes them harmless is how they are served.
      expect(Buffer.from(await served.arrayBuffer()).equals(content)).toBe(true);
    });
  }
});

describe("client file names never choose where a file is stored", () => {
  const hostileNames = [
    "../../etc/passwd.png",
    "..\\..\\..\\windows\\evil.png",
    `/tmp/portfolio-hostile-absolute-${process.pid}.png`,
    "./../../../data/uploads/../../escape.png",
    `${"n".repeat(300)}.png`,
    "\u202egnp.exe",
    "évil 🙂.png",
    "nul\u0000byte.png",
  ];

  it("a valid image under each hostile name is stored inside DATA_DIR/uploads under a random key", async () => {
    const before = filesOutsideDatabase();
    const keys: string[] = [];
    for (const name of hostileNames) {
      const target = imageTargets[2]!;
      const answer = await upload(target, file(name, png, "image/png", target.field));
      expect(answer.status, `${name}: ${answer.text}`).toBe(201);
      const url = (JSON.parse(answer.text).data as { images: { url: string }[] }).images[0]!.url;
      expect(url).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
      keys.push(path.join("data", "uploads", url.slice("/media/".length)));
    }
    await eventually(() => site.tmpEntries().length === 0);
    const added = [...filesOutsideDatabase()].filter((file) => !before.has(file));
    expect(added.sort()).toEqual(keys.sort());
    expect(fs.existsSync(`/tmp/portfolio-hostile-absolute-${process.pid}.png`)).toBe(false);
    expect(site.tmpEntries()).toEqual([]);
  });
});
