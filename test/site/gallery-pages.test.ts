import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GALLERY_PAGE_SIZE } from "@/lib/site/gallery-pages";
import { call, multipart, startApiSite, type ApiSite } from "../helpers/api-client";
import { pngOfSize } from "../helpers/media-fixtures";

/*
 * The home gallery shows GALLERY_PAGE_SIZE projects, newest first, and "Show more projects" leads
 * to `?page=N` with N pages' worth; each view is cached and follows writes like `/` does.
 */

let site: ApiSite;
let url: string;
/** Titles in creation order: 26 Illustration projects, then one Motion Design project. */
const titles: string[] = [];
const ids: string[] = [];

beforeAll(async () => {
  site = await startApiSite();
  url = site.server.url;
  const cover = await pngOfSize(2000, 12, 8);
  const create = async (title: string, category: string) => {
    const answer = await call<{ _id: string }>(url, "POST", "/api/projects", {
      token: site.ownerToken,
      form: multipart([
        ["title", title],
        ["role", "Director"],
        ["category", category],
        ["cover", { bytes: cover, name: "cover.png", type: "image/png" }],
      ]),
    });
    expect(answer.status).toBe(201);
    titles.push(title);
    ids.push(answer.body.data._id);
  };
  for (let i = 1; i <= 26; i++) await create(`Plate ${String(i).padStart(2, "0")}`, "Illustration");
  await create("Lone Loop", "Motion Design");
}, 120_000);
afterAll(() => site?.stop());

async function visit(path: string) {
  const response = await fetch(new URL(path, url));
  const html = await response.text();
  const cards = [...html.matchAll(/data-testid="card-caption"[^>]*><span[^>]*>([^<]+)</g)].map(
    (match) => match[1],
  );
  const more = /<a[^>]*href="([^"]+)"[^>]*>Show more projects</
    .exec(html)?.[1]
    ?.replace(/&amp;/g, "&");
  const showing = /Showing <!-- -->(\d+)<!-- --> of <!-- -->(\d+)<!-- --> projects/.exec(html);
  return {
    status: response.status,
    cache: response.headers.get("x-nextjs-cache"),
    cards,
    more: more ?? null,
    showing: showing ? `${showing[1]} of ${showing[2]}` : null,
  };
}

const newestFirst = () => titles.toReversed();

describe("home gallery pages", () => {
  it("shows the newest page of projects with a link to the next", async () => {
    const home = await visit("/");
    expect(home.status).toBe(200);
    expect(home.cards).toEqual(newestFirst().slice(0, GALLERY_PAGE_SIZE));
    expect(home.showing).toBe(`${GALLERY_PAGE_SIZE} of 27`);
    expect(home.more).toBe("/?page=2");
    expect((await visit("/")).cache).toBe("HIT");
  });

  it("shows every project up to page N on ?page=N, and no link once all are shown", async () => {
    const second = await visit("/?page=2");
    expect(second.status).toBe(200);
    expect(second.cards).toEqual(newestFirst());
    expect(second.showing).toBe("27 of 27");
    expect(second.more).toBeNull();
    expect((await visit("/?page=2")).cache).toBe("HIT");
  });

  it("pages within a category and keeps the category in the link", async () => {
    const first = await visit("/?category=Illustration");
    expect(first.cards).toEqual(newestFirst().slice(1, GALLERY_PAGE_SIZE + 1));
    expect(first.more).toBe("/?category=Illustration&page=2");
    const second = await visit(first.more!);
    expect(second.cards).toEqual(newestFirst().slice(1));
    expect(second.showing).toBe("26 of 26");
    // A category that fits on one page has no count line and no link.
    const motion = await visit("/?category=Motion%20Design");
    expect(motion.cards).toEqual(["Lone Loop"]);
    expect(motion.showing).toBeNull();
    expect(motion.more).toBeNull();
  });

  it("treats pages that are not a whole number from 1 to 100 as the first page", async () => {
    const first = newestFirst().slice(0, GALLERY_PAGE_SIZE);
    for (const page of ["0", "-2", "abc", "1.5", "101", "99999999999"]) {
      const view = await visit(`/?page=${page}`);
      expect(view.status, page).toBe(200);
      expect(view.cards, page).toEqual(first);
    }
    // A page past the last one shows everything there is.
    expect((await visit("/?page=9")).cards).toEqual(newestFirst());
  });

  it("pages search results, per request", async () => {
    const search = await visit("/?q=plate");
    expect(search.cache).toBeNull();
    expect(search.cards).toHaveLength(GALLERY_PAGE_SIZE);
    expect(search.showing).toBe(`${GALLERY_PAGE_SIZE} of 26`);
    expect(search.more).toBe("/?q=plate&page=2");
    expect((await visit(search.more!)).cards).toHaveLength(26);
  });

  it("follows writes on every page: a deleted project leaves them all", async () => {
    const removed = titles[ids.length - 2]!; // the newest Illustration project
    const answer = await call(url, "DELETE", `/api/projects/${ids[ids.length - 2]}`, {
      token: site.ownerToken,
    });
    expect(answer.status).toBe(200);
    for (const path of ["/", "/?page=2", "/?category=Illustration&page=2"]) {
      const view = await visit(path);
      expect(view.cards, path).not.toContain(removed);
    }
    const second = await visit("/?page=2");
    expect(second.showing).toBe("26 of 26");
    expect((await visit("/")).cards).toContain(titles[2]);
  });
});
