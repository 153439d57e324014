import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProjectJson } from "@/lib/data/serialize";
import { authHeaders } from "../helpers/auth";
import { call, multipart, startApiSite, type ApiSite } from "../helpers/api-client";
import { fetchFrom } from "../helpers/client-address";
import { pngOfSize } from "../helpers/media-fixtures";

/*
 * The cookieless view counts against the production server (docs/security.md, "Insights"):
 * beacons counted exactly for people and never for bots, prefetches, the owner or visitors asking
 * not to be tracked; GET /api/insights in the documented shape, for the owner only; no stored row
 * holds an address or a user agent; the counts still in memory are written at shutdown.
 */

let site: ApiSite;
let url: string;
let project: ProjectJson;

beforeAll(async () => {
  site = await startApiSite();
  url = site.server.url;
  const created = await call<ProjectJson>(url, "POST", "/api/projects", {
    token: site.ownerToken,
    form: multipart([
      ["title", "Counted Study"],
      ["role", "Director"],
      ["category", "Illustration"],
      ["cover", { bytes: await pngOfSize(2000, 12, 8), name: "cover.png", type: "image/png" }],
    ]),
  });
  expect(created.status).toBe(201);
  project = created.body.data;
});
afterAll(() => site?.stop());

const today = () => new Date().toISOString().slice(0, 10);
const desktop = (i: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${i}.0 Safari/537.36`;
const phone = (i: number) =>
  `Mozilla/5.0 (iPhone; CPU iPhone OS 17_${i} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1`;
const BOTS = [
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
  "curl/8.5.0",
  "python-requests/2.32.3",
  "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  "",
];

/** `from`: the client's address (127.0.0.1 when absent). */
type Beacon = {
  path: string;
  referrer?: string;
  userAgent: string;
  headers?: HeadersInit;
  from?: string;
};

/** An address's beacons a minute, and the referring hosts a server counts a day (security.md). */
const BEACONS_PER_ADDRESS_PER_MINUTE = 60;
const REFERRERS_PER_DAY = 200;

function beacon(
  { path: pagePath, referrer = "", userAgent, headers, from }: Beacon,
  fetchImpl: typeof fetch = from ? fetchFrom(from) : fetch,
) {
  return fetchImpl(new URL("/api/views", url), {
    method: "POST",
    headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": userAgent, ...headers },
    body: JSON.stringify({ p: pagePath, r: referrer }),
  });
}

/** Sends every beacon, `parallel` at a time; each must be answered 204. */
async function sendAll(beacons: Beacon[], parallel = 24): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < beacons.length) {
        const answer = await beacon(beacons[next++]!);
        expect(answer.status).toBe(204);
      }
    }),
  );
}

const insights = async (query = `?from=${today()}&to=${today()}`, token = site.ownerToken) => {
  const response = await fetch(new URL(`/api/insights${query}`, url), {
    headers: authHeaders(token),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe("view counts", () => {
  it("counts 10,000 beacons exactly: people by day, path, project, referrer and device; bots never", async () => {
    const page = `/sections/${project._id}`;
    const beacons: Beacon[] = [];
    // 200 people (150 on computers, 50 on phones), 30 views each: 10 of each page; each from an
    // address of their own, within its limit.
    for (let person = 0; person < 200; person++) {
      const userAgent = person < 150 ? desktop(person) : phone(person);
      const from = `127.0.1.${person + 1}`;
      for (let view = 0; view < 10; view++) {
        // Even people arrive from news.example; a move within the site names no other site.
        const referrer =
          view === 0 ? (person % 2 === 0 ? "https://news.example/post?id=1" : `${url}/about`) : "";
        beacons.push({ path: "/", referrer, userAgent, from });
        beacons.push({ path: page, userAgent, from });
        beacons.push({ path: "/about", userAgent, from });
      }
    }
    // 4,000 from bots on 100 addresses, to the same pages, some claiming a referrer.
    for (let i = 0; i < 4000; i++)
      beacons.push({
        path: ["/", page, "/about"][i % 3]!,
        referrer: i % 5 === 0 ? "https://spam.example/" : "",
        userAgent: BOTS[i % BOTS.length]!,
        from: `127.0.2.${(i % 100) + 1}`,
      });
    expect(beacons).toHaveLength(10_000);
    await sendAll(beacons);
    // The same browser from another address is another visitor.
    expect(
      (await beacon({ path: page, userAgent: desktop(0) }, fetchFrom("127.0.0.2"))).status,
    ).toBe(204);

    const answer = await insights();
    expect(answer).toEqual({
      status: 200,
      body: {
        totals: { views: 6001, visitors: 201 },
        days: [{ date: today(), views: 6001, visitors: 201 }],
        projects: [{ _id: project._id, title: "Counted Study", views: 2001, visitors: 201 }],
        referrers: [{ host: "news.example", views: 100 }],
        devices: [
          { kind: "desktop", views: 4501 },
          { kind: "mobile", views: 1500 },
        ],
      },
    });
  }, 240_000);

  it("does not count prefetches, the owner, visitors asking not to be tracked, other sites or unknown pages", async () => {
    const before = await insights();
    const person = desktop(999);
    const page = `/sections/${project._id}`;
    await sendAll(
      [
        { path: page, userAgent: person, headers: { "sec-purpose": "prefetch" } },
        { path: page, userAgent: person, headers: { "sec-purpose": "prefetch;prerender" } },
        { path: page, userAgent: person, headers: { purpose: "prefetch" } },
        { path: page, userAgent: person, headers: authHeaders(site.ownerToken) },
        { path: page, userAgent: person, headers: { "sec-gpc": "1" } },
        { path: page, userAgent: person, headers: { dnt: "1" } },
        { path: page, userAgent: person, headers: { "sec-fetch-site": "cross-site" } },
        { path: "/sections/0123456789abcdef01234567", userAgent: person },
        { path: "/signin", userAgent: person },
        { path: "/dashboard", userAgent: person },
      ],
      1,
    );
    expect(await insights()).toEqual(before);
    // A signed-in account without owner rights is a visitor like any other.
    await sendAll([{ path: page, userAgent: person, headers: authHeaders(site.strangerToken) }]);
    expect((await insights()).body.totals).toEqual({ views: 6002, visitors: 202 });
  });

  it("answers GET /api/insights to the owner only, refuses bad ranges and bad beacons", async () => {
    expect((await fetch(new URL("/api/insights", url))).status).toBe(401);
    // The page: visitors go to sign in (proxy.ts and the page's own check).
    const visitorPage = await fetch(new URL("/insights", url), { redirect: "manual" });
    expect(visitorPage.status).toBe(307);
    expect(visitorPage.headers.get("location")).toMatch(/\/signin$/);
    expect((await insights("", site.strangerToken)).status).toBe(403);
    // Without a range: the 30 days that end today.
    const standard = await insights("");
    expect(standard.status).toBe(200);
    expect((standard.body.days as { date: string }[]).map((day) => day.date)).toHaveLength(30);
    expect((standard.body.days as { date: string }[]).at(-1)?.date).toBe(today());
    for (const [query, message] of [
      ["?from=2026-02-30", "from must be a date as YYYY-MM-DD"],
      ["?to=yesterday", "to must be a date as YYYY-MM-DD"],
      ["?from=2026-05-02&to=2026-05-01", "from must not be after to"],
      ["?from=2000-01-01&to=2026-01-01", "The range may span at most 3660 days"],
    ] as const) {
      expect(await insights(query), query).toEqual({
        status: 400,
        body: { success: false, message, data: null },
      });
    }
    const post = (body: string) =>
      fetch(new URL("/api/views", url), {
        method: "POST",
        headers: { "user-agent": desktop(1) },
        body,
      });
    expect((await post("not json")).status).toBe(400);
    expect((await post(JSON.stringify({ r: "" }))).status).toBe(400);
    expect((await post(JSON.stringify({ p: "/", r: "x".repeat(1100) }))).status).toBe(413);
    // Without a declared length (chunked), refused at the first chunk past 1 kB.
    const chunked = await fetch(new URL("/api/views", url), {
      method: "POST",
      headers: { "user-agent": desktop(1) },
      body: new Blob([JSON.stringify({ p: "/", r: "x".repeat(1100) })]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await chunked.json()).toMatchObject({ message: "A view report is at most 1 kB" });
    expect((await fetch(new URL("/api/views", url))).status).toBe(405);
  });

  it("refuses an address's beacons beyond its minute's limit, and counts a bounded set of referring hosts", async () => {
    const views = async () => ((await insights()).body.totals as { views: number }).views;
    const start = await views();
    const flood = fetchFrom("127.0.0.3");
    const statuses: number[] = [];
    for (let i = 0; i < BEACONS_PER_ADDRESS_PER_MINUTE + 3; i++) {
      const answer = await beacon({ path: "/", userAgent: desktop(5000 + i) }, flood);
      statuses.push(answer.status);
      if (answer.status === 429) expect(answer.headers.get("retry-after")).toBe("60");
    }
    expect(statuses).toEqual([
      ...Array<number>(BEACONS_PER_ADDRESS_PER_MINUTE).fill(204),
      429,
      429,
      429,
    ]);
    // Another address is not held back by that one.
    await sendAll([{ path: "/", userAgent: desktop(6000), from: "127.0.0.4" }]);
    expect(await views()).toBe(start + BEACONS_PER_ADDRESS_PER_MINUTE + 1);

    // news.example is today's one host so far; made-up hosts fill the day's room, 50 an address.
    const made = Array.from({ length: REFERRERS_PER_DAY - 1 }, (_, i) => ({
      path: "/",
      referrer: `https://h${i}.example/`,
      userAgent: desktop(7000 + i),
      from: `127.0.3.${Math.floor(i / 50) + 1}`,
    }));
    await sendAll(made);
    const late = { path: "/", userAgent: desktop(8000), from: "127.0.3.20" };
    await sendAll([
      // A host past the day's room (its views count, without it), a known one, an overlong one.
      ...Array.from({ length: 3 }, () => ({ ...late, referrer: "https://late.example/" })),
      ...Array.from({ length: 2 }, () => ({ ...late, referrer: "https://h0.example/x" })),
      { ...late, referrer: `https://${"a".repeat(60).concat(".").repeat(5)}example/` },
    ]);
    const answer = await insights();
    expect((answer.body.totals as { views: number }).views).toBe(
      start + BEACONS_PER_ADDRESS_PER_MINUTE + 1 + made.length + 6,
    );
    const referrers = answer.body.referrers as { host: string; views: number }[];
    expect(referrers.slice(0, 2)).toEqual([
      { host: "news.example", views: 100 },
      { host: "h0.example", views: 3 },
    ]);
    // late.example's 3 views would list it third; the rest have one view each.
    expect(referrers.slice(2).map((row) => row.views)).toEqual(Array<number>(8).fill(1));
  }, 120_000);

  it("writes the counts still in memory at shutdown, and stores no address or user agent", async () => {
    // Counted in memory only: nothing reads the insights before the server stops.
    await sendAll([{ path: "/reel", userAgent: phone(7) }]);
    await site.server.stop();
    const db = await PGlite.create(path.join(site.dataDir, "pg"));
    try {
      const dump = async (table: string) =>
        JSON.stringify((await db.query(`select * from ${table}`)).rows);
      const counts = await dump("view_counts");
      expect(counts).toContain('"value":"/reel"');
      for (const table of ["view_counts", "view_visitors", "view_salts"]) {
        const rows = await dump(table);
        for (const secret of ["127.0.", "Mozilla", "Chrome/131", "iPhone", "Googlebot", "curl"])
          expect(rows, `${table} holds ${secret}`).not.toContain(secret);
      }
      // Bots' referrers and pages never reached a row.
      expect(counts).not.toContain("spam.example");
      expect(counts).not.toContain("/signin");
    } finally {
      await db.close();
    }
  });
});
