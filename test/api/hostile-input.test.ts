import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  eventually,
  expectRefusal,
  multipartBody,
  sendRaw,
  type RawPart,
} from "../helpers/hostile-http";
import { startHostileSite, type HostileSite } from "../helpers/hostile-site";
import { htmlBytes, pngOfSize } from "../helpers/media-fixtures";
import type { SiteState } from "../helpers/site-state";
import { isStorableText } from "@/lib/validation/text";

// reliability/REPORT.md §2, hostile input: fast-check drives the real route handlers of the production server
// (`next start`, loopback HTTP, the owner's bearer token, so validation is what is tested).
// Every property sends requests that must be refused; the whole run must leave every table row
// and every media file byte-for-byte as it was, and no upload leftovers in DATA_DIR/tmp.
// FC_SEED replays a run; FC_RUNS_SCALE (e.g. 4) makes every property run longer.

const SCALE = Number(process.env.FC_RUNS_SCALE ?? 1);
const runs = (n: number) => ({
  numRuns: Math.round(n * SCALE),
  ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}),
});

let site: HostileSite;
let before: SiteState;
let png: Buffer;
const counted: Record<string, number> = {};

beforeAll(async () => {
  site = await startHostileSite();
  png = await pngOfSize(400, 4, 4);
  before = await site.capture();
}, 240_000);
afterAll(async () => {
  console.info("hostile-input requests per property:", counted);
  await site?.stop();
});

const auth = () => ({ authorization: `Bearer ${site.token}` });

async function send(
  label: string,
  request: Parameters<typeof sendRaw>[1],
): ReturnType<typeof sendRaw> {
  counted[label] = (counted[label] ?? 0) + 1;
  const answer = await sendRaw(site.url(), {
    ...request,
    headers: { ...auth(), ...request.headers },
  });
  expectQuietLog();
  return answer;
}

let logSeen = 0;
/** Faults the server only logs (uncaught exceptions, 500s) fail the request that caused them. */
function expectQuietLog(): void {
  const log = site.output();
  const fresh = log.slice(logSeen);
  logSeen = log.length;
  expect(fresh).not.toMatch(/uncaughtException|unhandledRejection|API request failed|⨯/);
}

// ---- Text that breaks naive code: controls, NUL, bidi and zero-width marks, lone surrogates, emoji.
const oddPieces = [
  "\u0000",
  "\u200f",
  "\u202e",
  "\u200b",
  "\ufeff",
  "\u2028",
  "\ud800",
  "\udfff",
  "e\u0301",
  "🙂",
  "👩‍👩‍👧",
  "'; drop table projects; --",
  "<script>alert(1)</script>",
  "%00",
  "\r\n",
  "\\",
  '"',
];
const loneSurrogate = fc
  .integer({ min: 0xd800, max: 0xdfff })
  .map((code) => String.fromCharCode(code));
const oddText = fc
  .array(
    fc.oneof(
      fc.string({ unit: "binary", maxLength: 12 }),
      fc.string({ unit: "grapheme", maxLength: 12 }),
      fc.constantFrom(...oddPieces),
      loneSurrogate,
    ),
    { maxLength: 8 },
  )
  .map((pieces) => pieces.join(""));

/** JSON text of any shape: arbitrary values, broken syntax, invalid UTF-8, huge documents. */
const jsonishBody = fc.oneof(
  fc.jsonValue().map((value) => Buffer.from(JSON.stringify(value) ?? "")),
  oddText.map((text) => Buffer.from(text)),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  fc
    .tuple(fc.jsonValue(), fc.nat({ max: 40 }))
    .map(([value, cut]) => Buffer.from((JSON.stringify({ title: value }) ?? "").slice(0, cut))),
  fc
    .constantFrom(
      "",
      "null",
      "[]",
      "{",
      '{"title":',
      '{"__proto__":{"title":"x"}}',
      '{"constructor":{"prototype":{}}}',
    )
    .map((text) => Buffer.from(text)),
  fc.integer({ min: 65_000, max: 200_000 }).map((size) => Buffer.from(`"${"x".repeat(size)}"`)),
);

const jsonTypes = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "application/json; charset=latin1",
);

describe("JSON bodies", () => {
  it("random and malformed JSON on the JSON write endpoints is refused in the envelope", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("POST /api/projects", "PUT /api/projects/{id}"),
        jsonishBody,
        jsonTypes,
        async (route, body, type) => {
          const [method, path] = route.split(" ") as [string, string];
          const answer = await send("json-random", {
            method,
            path: path.replace("{id}", site.projectId),
            headers: { "content-type": type },
            body,
          });
          expectRefusal(answer, [400, 413]);
        },
      ),
      runs(150),
    );
  });

  /** A valid project, then one field made wrong: wrong type, empty, too long, odd, unknown category. */
  const wrongValue = fc.oneof(
    fc.jsonValue().filter((value) => typeof value !== "string"),
    fc.constantFrom("", "   ", "\u200b", "\t\n"),
    fc.integer({ min: 201, max: 5000 }).map((n) => "t".repeat(n)),
    oddText.map((text) => `${text}\u0000`),
    oddText.map((text) => `\ud800x${text}`),
  );
  it("every field of a project with a wrong type or value is refused (create and update)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("POST /api/projects", "PUT /api/projects/{id}"),
        fc.constantFrom("title", "role", "category", "cover"),
        wrongValue,
        fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue(), { maxKeys: 3 }),
        async (route, field, value, extra) => {
          const [method, path] = route.split(" ") as [string, string];
          const project: Record<string, unknown> = {
            ...extra,
            title: "Night Drive",
            role: "Director",
            category: "Illustration",
            cover: "https://example.com/cover.png",
          };
          // An empty cover on update means "keep the current one": give it a wrong type instead.
          project[field] =
            field === "cover" && method === "PUT" && (value === "" || value === null)
              ? 42
              : field === "category" && typeof value === "string"
                ? `Motion Design#${value}`
                : value;
          const answer = await send("json-fields", {
            method,
            path: path.replace("{id}", site.projectId),
            headers: { "content-type": "application/json" },
            body: Buffer.from(JSON.stringify(project)),
          });
          expectRefusal(answer, [400]);
        },
      ),
      runs(150),
    );
  });

  it("JSON sent to the multipart-only endpoints answers 'Invalid form data'", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          "POST /api/sections/{project}",
          "PUT /api/sections/{section}",
          "PUT /api/settings",
        ),
        jsonishBody,
        async (route, body) => {
          const [method, path] = route.split(" ") as [string, string];
          const answer = await send("json-to-multipart", {
            method,
            path: path.replace("{project}", site.projectId).replace("{section}", site.sectionId),
            headers: { "content-type": "application/json" },
            body,
          });
          expect(expectRefusal(answer, [400]).message).toBe("Invalid form data");
        },
      ),
      runs(60),
    );
  });
});

// ---- Multipart: noise parts of every kind plus one defect that must get the request refused.
type Endpoint = { method: string; path: () => string; files: string[]; longField: string };
const endpoints: Endpoint[] = [
  { method: "POST", path: () => "/api/projects", files: ["cover"], longField: "title" },
  {
    method: "PUT",
    path: () => `/api/projects/${site.projectId}`,
    files: ["cover"],
    longField: "role",
  },
  {
    method: "POST",
    path: () => `/api/sections/${site.projectId}`,
    files: ["resources", "video"],
    longField: "description",
  },
  {
    method: "PUT",
    path: () => `/api/sections/${site.sectionId}`,
    files: ["resources", "video"],
    longField: "title",
  },
  { method: "PUT", path: () => "/api/settings", files: ["portrait"], longField: "ownerName" },
];
const limits: Record<string, number> = {
  title: 200,
  role: 200,
  description: 10_000,
  ownerName: 80,
};

const fieldNames = fc.oneof(
  fc.constantFrom(
    "title",
    "role",
    "category",
    "description",
    "videoEmbed",
    "resourceAlts",
    "removeResources",
    "removeVideo",
    "ownerName",
    "tagline",
    "contactEmail",
    "showreelUrl",
    "socials.github",
    "removePortrait",
    "userId",
    "project",
  ),
  fc.string({ maxLength: 20 }),
);
const oddFileName = fc.oneof(
  fc.constantFrom(
    "../../etc/passwd",
    "..\\..\\windows\\win.ini",
    "/etc/passwd",
    "/tmp/evil.png",
    "C:\\evil.png",
    "a\u0000.png",
    "....//....//x.png",
    "%2e%2e%2fx.png",
    "",
    ".",
    "..",
    "x.png\r\nX-Injected: 1",
  ),
  fc.integer({ min: 200, max: 3000 }).map((n) => `${"a".repeat(n)}.png`),
  oddText.map((text) => `${text}.png`),
);
const content = fc.oneof(
  fc.constant("png"),
  fc.constant("html"),
  fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
  oddText.map((text) => Buffer.from(text)),
);
const noisePart = fc.record({
  name: fieldNames,
  filename: fc.option(oddFileName, { nil: undefined }),
  contentType: fc.option(
    fc.constantFrom(
      "image/png",
      "image/svg+xml",
      "text/html",
      "video/mp4",
      "application/x-msdownload",
    ),
    { nil: undefined },
  ),
  content,
});

type Defect =
  | { kind: "truncated"; at: number }
  | { kind: "wrong-boundary" | "no-boundary" | "empty-boundary" }
  | { kind: "wrong-type"; type: string }
  | { kind: "huge-field" | "too-many-fields" | "long-field" | "nul-field" }
  | { kind: "bad-file"; bytes: "html" | "svg" | "random" | "empty" | "png-header-html" }
  | { kind: "unexpected-file" | "too-many-files" };
const defect: fc.Arbitrary<Defect> = fc.oneof(
  fc.double({ min: 0, max: 1, noNaN: true }).map((at) => ({ kind: "truncated", at }) as Defect),
  fc.constantFrom<Defect>(
    { kind: "wrong-boundary" },
    { kind: "no-boundary" },
    { kind: "empty-boundary" },
    { kind: "huge-field" },
    { kind: "too-many-fields" },
    { kind: "long-field" },
    { kind: "nul-field" },
    { kind: "unexpected-file" },
    { kind: "too-many-files" },
  ),
  fc
    .constantFrom(
      "text/plain",
      "application/x-www-form-urlencoded",
      "application/octet-stream",
      "multipart/mixed; boundary=b",
      "application/json",
      "",
    )
    .map((type) => ({ kind: "wrong-type", type }) as Defect),
  fc
    .constantFrom("html", "svg", "random", "empty", "png-header-html")
    .map((bytes) => ({ kind: "bad-file", bytes }) as Defect),
);

const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
);
const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function contentBytes(value: string | Buffer): Buffer {
  if (value === "png") return png;
  if (value === "html") return htmlBytes();
  return value as Buffer;
}

/** The request for one endpoint, noise and defect: method, path, headers and body bytes. */
function buildRequest(endpoint: Endpoint, noise: RawPart[], fault: Defect, boundary: string) {
  const file = endpoint.files[0]!;
  const lead: RawPart[] = [];
  switch (fault.kind) {
    case "huge-field":
      lead.push({ name: "tagline", content: Buffer.alloc(1024 * 1024 + 10, "y") });
      break;
    case "too-many-fields":
      for (let i = 0; i < 101; i++) lead.push({ name: `f${i}`, content: Buffer.from("v") });
      break;
    case "long-field":
      lead.push({
        name: endpoint.longField,
        content: Buffer.from("L".repeat(limits[endpoint.longField]! + 1)),
      });
      break;
    case "nul-field":
      lead.push({ name: endpoint.longField, content: Buffer.from("Before\u0000after") });
      break;
    case "bad-file": {
      const bytes = {
        html: htmlBytes(),
        svg,
        random: Buffer.from("not an image at all, just text"),
        empty: Buffer.alloc(0),
        "png-header-html": Buffer.concat([pngSignature, htmlBytes()]),
      }[fault.bytes];
      lead.push({ name: file, filename: "evil.png", contentType: "image/png", content: bytes });
      break;
    }
    case "unexpected-file":
      lead.push({ name: "evil", filename: "evil.png", contentType: "image/png", content: png });
      break;
    case "too-many-files": {
      const count = file === "resources" ? 6 : 2;
      for (let i = 0; i < count; i++)
        lead.push({ name: file, filename: `p${i}.png`, contentType: "image/png", content: png });
      break;
    }
  }
  const parts = [...lead, ...noise];
  let body = multipartBody(boundary, parts);
  let type = `multipart/form-data; boundary=${boundary}`;
  if (fault.kind === "truncated") {
    // Cut somewhere before the closing delimiter is complete, never to an empty body.
    const closing = body.lastIndexOf(`--${boundary}--`);
    body = body.subarray(0, 1 + Math.floor(fault.at * (closing + boundary.length + 2)));
  } else if (fault.kind === "wrong-boundary") type = `multipart/form-data; boundary=x${boundary}`;
  else if (fault.kind === "no-boundary") type = "multipart/form-data";
  else if (fault.kind === "empty-boundary") type = "multipart/form-data; boundary=";
  else if (fault.kind === "wrong-type") type = fault.type;
  const headers: Record<string, string> = type ? { "content-type": type } : {};
  return { method: endpoint.method, path: endpoint.path(), headers, body };
}

describe("multipart bodies", () => {
  it("truncated, malformed, mistyped, oversized or hostile multipart is refused, on every upload endpoint", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints),
        fc.array(noisePart, { minLength: 1, maxLength: 5 }),
        defect,
        fc.stringMatching(/^[A-Za-z0-9'()+_,./:=?-]{1,60}$/),
        async (endpoint, noise, fault, boundary) => {
          const parts = noise.map((part) => ({ ...part, content: contentBytes(part.content) }));
          const answer = await send("multipart", buildRequest(endpoint, parts, fault, boundary));
          expectRefusal(answer, [400, 413, 415]);
        },
      ),
      runs(250),
    );
  });
});

// ---- Ids of every shape, raw in the path (not normalised by a client library).
const hex24 = fc.stringMatching(/^[0-9a-f]{24}$/);
const percentJunk = fc
  .array(
    fc.constantFrom(
      "%",
      "%zz",
      "%C0%AF",
      "%ED%A0%80",
      "%F0%9F",
      "%25",
      "%2F",
      "%5C",
      "%00",
      "%G1",
      "a",
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((pieces) => pieces.join(""));
/** Case, padding and suffix variants of a real id: none may reach its row. */
const nearMisses: ((id: string) => string)[] = [
  (id) => id.toUpperCase(),
  (id) => `${id}%20`,
  (id) => `%20${id}`,
  (id) => `${id}%00`,
  (id) => `${id}0`,
  (id) => id.slice(1),
  (id) => `${id};drop`,
  (id) => `${id}%2F..`,
];
const idShape: fc.Arbitrary<string | number> = fc.oneof(
  fc.string().map(encodeURIComponent),
  oddText.map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, "?"))),
  fc.integer().map(String),
  fc.double().map(String),
  fc.uuid(),
  hex24,
  percentJunk,
  fc.integer({ min: 1000, max: 8000 }).map((n) => "x".repeat(n)),
  fc.constantFrom(
    "..",
    ".",
    "%2e%2e",
    "%2E",
    "null",
    "undefined",
    "0",
    "-1",
    "%5Bobject%20Object%5D",
  ),
  // Near misses of the real ids (see nearMisses): an index into that list.
  fc.nat({ max: 7 }),
);

type IdRoute = { methods: string[]; path: (id: string) => string; realId: () => string };
const idRoutes: IdRoute[] = [
  {
    methods: ["GET", "PUT", "DELETE"],
    path: (id) => `/api/projects/${id}`,
    realId: () => site.projectId,
  },
  {
    methods: ["GET", "POST", "PUT", "DELETE"],
    path: (id) => `/api/sections/${id}`,
    realId: () => site.sectionId,
  },
  {
    methods: ["GET", "PUT", "DELETE"],
    path: (id) => `/api/sections/edit/${id}`,
    realId: () => site.sectionId,
  },
];

describe("ids", () => {
  it("ids of every shape on every id route answer 404 (or 400 for undecodable paths), never touching a row", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...idRoutes),
        fc.nat(),
        idShape,
        async (route, pick, shape) => {
          const method = route.methods[pick % route.methods.length]!;
          const id = typeof shape === "number" ? nearMisses[shape]!(route.realId()) : shape;
          const body = multipartBody("b", [{ name: "title", content: Buffer.from("x") }]);
          const answer = await send("ids", {
            method,
            path: route.path(id),
            headers: { "content-type": "multipart/form-data; boundary=b" },
            body: method === "GET" || method === "DELETE" ? undefined : body,
          });
          // Dot segments are resolved by URL rules (RFC 3986) before routing: a redirect, not an answer.
          if (/^(?:\.|%2e){0,2}$/i.test(id)) {
            expect(answer.status).toBe(308);
            return;
          }
          expectRefusal(answer, [400, 404, 405]);
        },
      ),
      runs(300),
    );
  });
});

// ---- Counterexamples the properties found, kept as explicit examples (each was a 5xx, a
// silently altered value, an uncaught exception or a body that was not the envelope).
describe("found by the properties", () => {
  const json = (method: string, path: string, value: unknown) =>
    send("examples", {
      method,
      path,
      headers: { "content-type": "application/json" },
      body: Buffer.from(JSON.stringify(value)),
    });
  const project = {
    title: "Night Drive",
    role: "Director",
    category: "Illustration",
    cover: "https://example.com/cover.png",
  };

  it("NUL in a stored text field: 400 naming the field (was a 500 from the database)", async () => {
    const answer = await json("POST", "/api/projects", { ...project, title: "a\u0000b" });
    expect(expectRefusal(answer, [400]).message).toBe(
      "Title contains a character that cannot be stored",
    );
    const section = await send("examples", {
      method: "PUT",
      path: `/api/sections/${site.sectionId}`,
      headers: { "content-type": "multipart/form-data; boundary=b" },
      body: multipartBody("b", [{ name: "title", content: Buffer.from("Before\u0000after") }]),
    });
    expect(expectRefusal(section, [400]).message).toBe(
      "Title contains a character that cannot be stored",
    );
    const settings = await send("examples", {
      method: "PUT",
      path: "/api/settings",
      headers: { "content-type": "multipart/form-data; boundary=b" },
      body: multipartBody("b", [{ name: "ownerName", content: Buffer.from("Sara\u0000") }]),
    });
    expect(expectRefusal(settings, [400]).message).toBe("Invalid Owner name");
  });

  it("a lone surrogate in JSON: 400 (was stored as U+FFFD)", async () => {
    const answer = await sendRaw(site.url(), {
      method: "PUT",
      path: `/api/projects/${site.projectId}`,
      headers: { ...auth(), "content-type": "application/json" },
      body: Buffer.from('{"title":"\\ud800","role":"r","category":"Illustration"}'),
    });
    expect(expectRefusal(answer, [400]).message).toBe(
      "Title contains a character that cannot be stored",
    );
  });

  it("a title of zero-width marks only is missing (was stored as an invisible title)", async () => {
    const answer = await json("POST", "/api/projects", { ...project, title: "\u200b\u200f" });
    expect(expectRefusal(answer, [400]).message).toBe("Please fill in all Feilds !");
  });

  it("an HTML cover followed by more parts: 415, and no uncaught exception in the server", async () => {
    const answer = await send("examples", {
      method: "POST",
      path: "/api/projects",
      headers: { "content-type": "multipart/form-data; boundary=a" },
      body: multipartBody("a", [
        { name: "cover", filename: "evil.png", contentType: "image/png", content: htmlBytes() },
        // More of the body arrives after the refusal: what Next.js used to throw on.
        { name: "title", content: Buffer.alloc(200_000, "t") },
      ]),
    });
    expect(expectRefusal(answer, [415]).message).toBe("Invalid file type: evil.png");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expectQuietLog();
  });

  it("undecodable percent-escapes: 400 'Malformed URL' (was a bare 500 from Next.js)", async () => {
    for (const path of ["/api/projects/%zz", "/api/sections/edit/%C0%AF", "/api/sections/%"]) {
      expect(expectRefusal(await send("examples", { method: "GET", path }), [400]).message).toBe(
        "Malformed URL",
      );
    }
    for (const path of ["/media/%zz", "/sections/%ED%A0%80"]) {
      const answer = await send("examples", { method: "GET", path });
      expect(answer.status, path).toBe(400);
    }
  });

  it("unsupported methods and unknown API paths answer in the envelope (were empty or HTML)", async () => {
    const patch = await send("examples", {
      method: "PATCH",
      path: `/api/projects/${site.projectId}`,
    });
    expect(expectRefusal(patch, [405]).message).toBe("Method not allowed");
    expect(patch.headers.allow).toBe("GET, PUT, DELETE");
    const put = await send("examples", {
      method: "PUT",
      path: `/api/sections/edit/${site.sectionId}`,
    });
    expect(expectRefusal(put, [405]).message).toBe("Method not allowed");
    for (const path of ["/api/nothing", `/api/projects/${site.projectId}/extra`])
      expect(expectRefusal(await send("examples", { method: "GET", path }), [404]).message).toBe(
        "Not found",
      );
  });
});

describe("after the whole hostile run", () => {
  it("left every row and media file byte-for-byte unchanged and DATA_DIR/tmp empty", async () => {
    await eventually(() => site.tmpEntries().length === 0);
    expect(site.tmpEntries()).toEqual([]);
    const after = await site.capture();
    expect(after).toEqual(before);
    expect(site.output()).not.toMatch(/API request failed/);
  });
});

describe("odd but valid text", () => {
  it("is stored and answered exactly as sent (trimmed), whatever its scripts and marks", async () => {
    // Letter first, so a visible character survives the cut; NUL and lone surrogates are the
    // refused cases (see above), everything else must come back as sent.
    const visible = fc
      .tuple(fc.constantFrom("A", "é", "🙂", "ש", "字"), oddText, oddText)
      .map(([letter, a, b]) =>
        Array.from(`${letter}${a}${b}`)
          .filter((char) => isStorableText(char))
          .slice(0, 150)
          .join(""),
      );
    const created: string[] = [];
    await fc.assert(
      fc.asyncProperty(visible, visible, async (title, role) => {
        const answer = await sendRaw(site.url(), {
          method: "POST",
          path: "/api/projects",
          headers: { ...auth(), "content-type": "application/json" },
          body: Buffer.from(
            JSON.stringify({ title, role, category: "Illustration", cover: "https://e.com/c.png" }),
          ),
        });
        counted["odd-valid-text"] = (counted["odd-valid-text"] ?? 0) + 1;
        expect(answer.status, answer.text).toBe(201);
        const { data } = JSON.parse(answer.text) as { data: { _id: string; title: string } };
        created.push(data._id);
        const read = await sendRaw(site.url(), {
          method: "GET",
          path: `/api/projects/${data._id}`,
        });
        expect(JSON.parse(read.text).data).toMatchObject({
          title: title.trim(),
          role: role.trim(),
        });
      }),
      runs(40),
    );
    expect(new Set(created).size).toBe(created.length);
  });
});
