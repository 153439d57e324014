import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, multipart, startApiSite, type ApiSite } from "../helpers/api-client";
import { MB, rssOf, withPeakRss } from "../helpers/big-body";
import { retainedAfterGarbage } from "../helpers/inspector";
import { jpeg, pngOfSize } from "../helpers/media-fixtures";
import { freePort } from "../helpers/server";

/*
 * reliability/REPORT.md §8.2 (takedowns, cache flooding, forwarded host), against the production server:
 * - a deleted image is gone from every URL the pages served it at, optimized copies included;
 * - requests for project ids that do not exist cannot push the real pages out of the cache or
 *   make the server's memory grow;
 * - sitemap.xml and robots.txt name the site's own origin whatever X-Forwarded-Host says, unless
 *   AUTH_TRUST_PROXY says a proxy in front sets it;
 * - no public answer (API or page) carries the owner's auth user id.
 */

let site: ApiSite;
let url: string;
let inspectPort: number;

beforeAll(async () => {
  inspectPort = await freePort();
  // No NEXT_PUBLIC_SITE_URL: the origin comes from the request, the case item 9 is about.
  // The inspector lets the memory test collect garbage before it measures.
  site = await startApiSite({
    NEXT_PUBLIC_SITE_URL: "",
    NODE_OPTIONS: `--inspect=127.0.0.1:${inspectPort}`,
  });
  url = site.server.url;
});
afterAll(() => site?.stop());

type ProjectJson = { _id: string; cover: string; userId: string | null };
type SectionJson = { _id: string; resources: string };

async function createProject(title: string): Promise<ProjectJson> {
  const created = await call<ProjectJson>(url, "POST", "/api/projects", {
    token: site.ownerToken,
    form: multipart([
      ["title", title],
      ["role", "Director"],
      ["category", "Illustration"],
      ["cover", { bytes: await jpeg(1200, 800), name: "cover.jpg", type: "image/jpeg" }],
    ]),
  });
  expect(created.status).toBe(201);
  return created.body.data;
}

async function addSection(projectId: string): Promise<SectionJson> {
  const added = await call<SectionJson>(url, "POST", `/api/sections/${projectId}`, {
    token: site.ownerToken,
    form: multipart([
      ["title", "Frames"],
      ["resources", { bytes: await pngOfSize(40_000, 900, 600), name: "a.png", type: "image/png" }],
      ["resources", { bytes: await jpeg(800, 600), name: "b.jpg", type: "image/jpeg" }],
    ]),
  });
  expect(added.status).toBe(201);
  return added.body.data;
}

/** Every optimized-image URL in a page's src, srcset and preload attributes, as browsers request them. */
function imageUrls(html: string): string[] {
  const found = new Set<string>();
  for (const [, value] of html.matchAll(/\s(?:src|srcset|imagesrcset)="([^"]+)"/gi)) {
    for (const candidate of value!.split(/,\s+/)) {
      const address = candidate.trim().split(/\s+/)[0]!.replaceAll("&amp;", "&");
      if (address.startsWith("/_next/image?")) found.add(address);
    }
  }
  return [...found];
}

const ACCEPTS = ["image/avif,image/webp,*/*", "image/webp,*/*", "image/*"];

async function imageStatuses(urls: string[]): Promise<string[]> {
  const statuses: string[] = [];
  for (const path of urls) {
    for (const accept of ACCEPTS) {
      const response = await fetch(new URL(path, url), { headers: { Accept: accept } });
      await response.arrayBuffer();
      statuses.push(`${response.status} ${accept} ${path}`);
    }
  }
  return statuses;
}

describe("takedowns", () => {
  it("answers 404 for every image URL a page used once the image or project is deleted", async () => {
    const project = await createProject("Taken Down");
    const section = await addSection(project._id);
    const [removedImage, keptImage] = section.resources.split(",");
    const page = `/sections/${project._id}`;
    const pageImages = imageUrls(await (await fetch(new URL(page, url))).text());
    const homeImages = imageUrls(await (await fetch(url)).text());
    const mediaPath = (image: string) => new URL(image!, url).pathname;
    const of = (image: string) =>
      pageImages.filter((path) => path.includes(encodeURIComponent(mediaPath(image))));
    expect(of(removedImage!).length).toBeGreaterThan(1);
    expect(
      homeImages.filter((path) => path.includes(encodeURIComponent(project.cover))),
    ).not.toEqual([]);
    // Every variant is served (and so cached), twice.
    for (let round = 0; round < 2; round++) {
      for (const status of await imageStatuses([...pageImages, ...homeImages])) {
        expect(status).toMatch(/^200 /);
      }
    }

    // One image removed from the section: its URLs go, the other image's stay.
    const edited = await call(url, "PUT", `/api/sections/${section._id}`, {
      token: site.ownerToken,
      form: multipart([["removeResources", removedImage!]]),
    });
    expect(edited.status).toBe(200);
    for (const status of await imageStatuses(of(removedImage!))) expect(status).toMatch(/^404 /);
    expect((await fetch(new URL(mediaPath(removedImage!), url))).status).toBe(404);
    for (const status of await imageStatuses(of(keptImage!))) expect(status).toMatch(/^200 /);

    // The whole project deleted: every image URL either page used answers 404.
    const deleted = await call(url, "DELETE", `/api/projects/${project._id}`, {
      token: site.ownerToken,
    });
    expect(deleted.status).toBe(200);
    const statuses = await imageStatuses([...pageImages, ...homeImages]);
    expect(statuses.filter((status) => !status.startsWith("404 "))).toEqual([]);
  });
});

describe("unknown project ids", () => {
  const randomId = () =>
    Array.from({ length: 24 }, () => Math.floor(Math.random() * 16).toString(16)).join("");

  /** Requests `count` made-up project pages, 8 at a time; returns how many got each status. */
  async function flood(count: number): Promise<Record<number, number>> {
    const statuses: Record<number, number> = {};
    let next = 0;
    const worker = async () => {
      while (next < count) {
        next++;
        const response = await fetch(new URL(`/sections/${randomId()}`, url));
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    return statuses;
  }

  it("cannot evict the cached pages or grow the server's memory", async () => {
    const project = await createProject("Stays Cached");
    const pages = ["/", `/sections/${project._id}`, "/about"];
    for (const path of pages) {
      await fetch(new URL(path, url));
      expect((await fetch(new URL(path, url))).headers.get("x-nextjs-cache"), path).toBe("HIT");
    }
    const pid = site.server.process.pid!;
    // Memory the server's JavaScript holds after a full garbage collection (V8's used heap and the
    // buffers it owns): rendering thousands of pages makes a few hundred MB of garbage, collected
    // later, which says nothing about what is kept. The 404 page is rendered 500 times first, so
    // what it loads or sizes once (its code, bounded caches) is in the baseline and what is measured
    // is what 2,000 more ids keep. With every 404 kept in the cache (cache-handler.mjs's isMiss
    // made to answer false) 2,000 ids kept +35 MB and pushed "/" out; without: -1 MB. RSS is
    // bounded too, loosely: after a collection it still holds pages V8 and the allocator grew
    // under load (+18 MB on an idle machine, +58 MB in a CI run with other test files beside it).
    expect(await flood(500)).toEqual({ 404: 500 });
    const retainedBefore = await retainedAfterGarbage(inspectPort);
    const before = rssOf(pid);
    const count = 2000;
    const started = performance.now();
    const { result, peak } = await withPeakRss(pid, () => flood(count));
    const retainedAfter = await retainedAfterGarbage(inspectPort);
    const after = rssOf(pid);
    console.log(
      `${count} unknown project ids in ${Math.round((performance.now() - started) / 1000)} s: ` +
        `heap and buffers ${Math.round(retainedBefore / MB)} MB before, ` +
        `${Math.round(retainedAfter / MB)} MB after a full collection; RSS ${Math.round(before / MB)} ` +
        `MB before, peak ${Math.round(peak / MB)} MB, ${Math.round(after / MB)} MB after`,
    );
    expect(result).toEqual({ 404: count });
    for (const path of pages) {
      expect((await fetch(new URL(path, url))).headers.get("x-nextjs-cache"), path).toBe("HIT");
    }
    expect(retainedAfter - retainedBefore).toBeLessThan(20 * MB);
    expect(after - before).toBeLessThan(120 * MB);
  }, 900_000);
});

describe("forwarded host", () => {
  const EVIL = "evil.example";

  it("keeps sitemap.xml and robots.txt on the site's own origin", async () => {
    await createProject("Mapped");
    for (const path of ["/sitemap.xml", "/robots.txt"]) {
      const text = await (
        await fetch(new URL(path, url), {
          headers: { "X-Forwarded-Host": EVIL, "X-Forwarded-Proto": "https" },
        })
      ).text();
      expect(text, path).not.toContain(EVIL);
      expect(text, path).toContain(`${url}/`);
    }
  });

  it("uses X-Forwarded-Host when AUTH_TRUST_PROXY=true says a proxy sets it", async () => {
    const own = await startApiSite({ NEXT_PUBLIC_SITE_URL: "", AUTH_TRUST_PROXY: "true" });
    try {
      const headers = { "X-Forwarded-Host": "portfolio.example", "X-Forwarded-Proto": "https" };
      const robots = await (
        await fetch(new URL("/robots.txt", own.server.url), { headers })
      ).text();
      expect(robots).toContain("Sitemap: https://portfolio.example/sitemap.xml");
      const sitemap = await (
        await fetch(new URL("/sitemap.xml", own.server.url), { headers })
      ).text();
      expect(sitemap).toContain("<loc>https://portfolio.example/</loc>");
    } finally {
      await own.stop();
    }
  });
});

describe("the owner's auth user id", () => {
  it("is in no public answer of the API or the pages", async () => {
    const ownerId = JSON.parse(
      Buffer.from(site.ownerToken.split(".")[1]!, "base64url").toString("utf8"),
    ).sub as string;
    expect(ownerId).toMatch(/^[0-9a-f-]{36}$/);
    const project = await createProject("Anonymous");
    await addSection(project._id);
    const paths = [
      "/api/projects",
      "/api/projects/filter?category=all",
      "/api/projects/filter?category=Illustration",
      "/api/projects/counts",
      `/api/projects/${project._id}`,
      `/api/sections/${project._id}`,
      "/api/settings",
      "/",
      "/?q=anon",
      `/sections/${project._id}`,
      "/about",
      "/reel",
      "/sitemap.xml",
    ];
    for (const path of paths) {
      for (const headers of [{}, { RSC: "1" }] as Record<string, string>[]) {
        const text = await (await fetch(new URL(path, url), { headers })).text();
        expect(text.includes(ownerId), `${path} ${JSON.stringify(headers)}`).toBe(false);
      }
    }
    // The contract's field stays (spec §3); the owner, signed in, still reads it.
    const list = await call<ProjectJson[]>(url, "GET", "/api/projects");
    expect(list.body.data.every((entry) => "userId" in entry && entry.userId === null)).toBe(true);
    const own = await call<ProjectJson>(url, "GET", `/api/projects/${project._id}`, {
      token: site.ownerToken,
    });
    expect(own.body.data.userId).toBe(ownerId);
  });
});
