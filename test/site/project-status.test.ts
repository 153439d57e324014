import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProjectJson, SectionJson } from "@/lib/data/serialize";
import { scheduleMessages, statusMessages } from "@/lib/validation/messages";
import {
  call,
  multipart,
  OWNER_EMAIL,
  PASSWORD,
  startApiSite,
  type ApiSite,
} from "../helpers/api-client";
import { signIn } from "../helpers/auth";
import { cookieOf } from "../helpers/authz-credentials";
import { pngOfSize } from "../helpers/media-fixtures";
import { fetchFrom } from "../helpers/client-address";

/*
 * docs/spec.md §11: what a visitor, a signed-in non-owner and the owner get for
 * each status from the pages, the REST API, the sitemap and /media, against the production server.
 * The owner asks first every time, so each visitor answer below comes after the owner's visit could
 * have filled the page cache.
 */
let site: ApiSite;
let url: string;
let png: Buffer;

type Reader = "owner" | "stranger" | "visitor";
const headersOf: Record<Reader, Record<string, string>> = {
  owner: {},
  stranger: {},
  visitor: {},
};
const READERS: Reader[] = ["owner", "stranger", "visitor"];

const PASSWORD_X = "open-sesame-x";
const PASSWORD_Y = "open-sesame-y";

type Made = { id: string; title: string; coverKey: string; imageKey: string };
const made: Record<"published" | "draft" | "unlisted" | "protected" | "protected2", Made> =
  {} as never;

async function get(pathname: string, reader: Reader | Record<string, string>) {
  const headers = typeof reader === "string" ? headersOf[reader] : reader;
  return fetch(new URL(pathname, url), { headers, redirect: "manual" });
}

async function page(pathname: string, reader: Reader | Record<string, string>) {
  const response = await get(pathname, reader);
  return { status: response.status, html: await response.text(), headers: response.headers };
}

async function create(
  title: string,
  fields: Record<string, string>,
): Promise<{ status: number; body: { message: string; data: ProjectJson } }> {
  return call<ProjectJson>(url, "POST", "/api/projects", {
    token: site.ownerToken,
    form: multipart([
      ["title", title],
      ["role", "Director"],
      ["category", "Illustration"],
      ...Object.entries(fields),
      ["cover", { bytes: png, name: "cover.png", type: "image/png" }],
    ]),
  });
}

async function makeProject(title: string, fields: Record<string, string>): Promise<Made> {
  const created = await create(title, fields);
  expect(created.status).toBe(201);
  const project = created.body.data;
  const section = await call<SectionJson>(url, "POST", `/api/sections/${project._id}`, {
    token: site.ownerToken,
    form: multipart([
      ["title", `${title} section`],
      ["description", "Text"],
      ["resources", { bytes: png, name: "frame.png", type: "image/png" }],
    ]),
  });
  expect(section.status).toBe(201);
  return {
    id: project._id,
    title,
    coverKey: project.cover.replace("/media/", ""),
    imageKey: section.body.data.resources.replace("/media/", ""),
  };
}

beforeAll(async () => {
  site = await startApiSite();
  url = site.server.url;
  png = await pngOfSize(2000, 12, 8);
  const owner = await signIn(url, OWNER_EMAIL, PASSWORD);
  const stranger = await signIn(url, "someone@example.com", PASSWORD);
  headersOf.owner = { cookie: cookieOf(owner) };
  headersOf.stranger = { cookie: cookieOf(stranger) };
  made.published = await makeProject("Pub Alpha", {});
  made.draft = await makeProject("Draft Bravo", { status: "draft" });
  made.unlisted = await makeProject("Unlisted Charlie", { status: "unlisted" });
  made.protected = await makeProject("Protected Delta", {
    status: "protected",
    password: PASSWORD_X,
  });
  made.protected2 = await makeProject("Protected Echo", {
    status: "protected",
    password: PASSWORD_Y,
  });
});
afterAll(() => site?.stop());

const hidden = () => [made.draft, made.unlisted, made.protected, made.protected2];
const hasRobotsNoindex = (html: string) =>
  /<meta name="robots" content="noindex(?:, ?nofollow)?"/.test(html);

describe("project status: who sees what (docs/spec.md §11)", () => {
  it("the gallery, its categories and search list only published projects, for everyone", async () => {
    for (const pathname of ["/", "/?category=Illustration", "/?q=o", "/?q=Bravo"]) {
      for (const reader of READERS) {
        const { status, html } = await page(pathname, reader);
        expect(status, `${pathname} for ${reader}`).toBe(200);
        if (!pathname.includes("Bravo")) expect(html).toContain("Pub Alpha");
        for (const project of hidden()) {
          expect(html, `${project.title} on ${pathname} for ${reader}`).not.toContain(
            project.title,
          );
          expect(html).not.toContain(project.id);
          expect(html).not.toContain(project.coverKey);
        }
      }
    }
  });

  it("the REST lists and counts hold only published projects except for the owner", async () => {
    for (const reader of READERS) {
      const list = (await (await get("/api/projects", reader)).json()) as {
        data: ProjectJson[];
      };
      const filtered = (await (
        await get("/api/projects/filter?category=Illustration", reader)
      ).json()) as { data: ProjectJson[] };
      const counts = (await (await get("/api/projects/counts", reader)).json()) as {
        data: { _id: string; count: number }[];
      };
      const expected =
        reader === "owner"
          ? ["Pub Alpha", "Draft Bravo", "Unlisted Charlie", "Protected Delta", "Protected Echo"]
          : ["Pub Alpha"];
      expect(list.data.map((p) => p.title)).toEqual(expected);
      expect(filtered.data.map((p) => p.title)).toEqual(expected);
      expect(counts.data).toEqual([{ _id: "Illustration", count: expected.length }]);
    }
    // The owner's answers carry the status, never a password or its hash.
    const owner = (await (await get("/api/projects", "owner")).json()) as {
      data: Record<string, unknown>[];
    };
    expect(owner.data.map((p) => [p.status, p.hasPassword])).toEqual([
      ["published", false],
      ["draft", false],
      ["unlisted", false],
      ["protected", true],
      ["protected", true],
    ]);
    const text = JSON.stringify(owner);
    expect(text).not.toContain(PASSWORD_X);
    expect(text).not.toMatch(/passwordHash|\$2[aby]\$/);
  });

  it("a project and its sections by id: drafts and locked projects are not found", async () => {
    const expectations: [Made, Record<Reader, number>][] = [
      [made.published, { owner: 200, stranger: 200, visitor: 200 }],
      [made.unlisted, { owner: 200, stranger: 200, visitor: 200 }],
      [made.draft, { owner: 200, stranger: 404, visitor: 404 }],
      [made.protected, { owner: 200, stranger: 404, visitor: 404 }],
    ];
    for (const [project, statuses] of expectations) {
      for (const reader of READERS) {
        const one = await get(`/api/projects/${project.id}`, reader);
        expect(one.status, `${project.title} for ${reader}`).toBe(statuses[reader]);
        const body = await one.text();
        if (statuses[reader] === 404) {
          expect(JSON.parse(body)).toMatchObject({ success: false, message: "Project not found" });
          expect(body).not.toContain(project.title);
        }
        const sections = await get(`/api/sections/${project.id}`, reader);
        expect(sections.status).toBe(statuses[reader]);
      }
    }
  });

  it("project pages: drafts 404, protected shows only its form, unlisted and the rest noindex", async () => {
    // Owner first: whatever the owner's visit rendered must not be what visitors get next.
    const owner = {
      draft: await page(`/sections/${made.draft.id}`, "owner"),
      protected: await page(`/sections/${made.protected.id}`, "owner"),
      unlisted: await page(`/sections/${made.unlisted.id}`, "owner"),
    };
    expect(owner.draft.status).toBe(200);
    expect(owner.draft.html).toContain("Draft Bravo");
    expect(owner.draft.html).toContain(">Draft<");
    expect(owner.draft.html).toContain(statusMessages.viewAsVisitor);
    expect(hasRobotsNoindex(owner.draft.html)).toBe(true);
    expect(owner.protected.html).toContain("Protected Delta");
    expect(owner.protected.html).not.toContain(statusMessages.protectedTitle);
    // The owner's view is rendered per request, never from the page cache.
    expect(owner.draft.headers.get("x-nextjs-cache")).toBeNull();
    expect(owner.draft.headers.get("cache-control")).toMatch(/no-store/);

    for (const reader of ["stranger", "visitor"] as const) {
      for (let visit = 0; visit < 2; visit++) {
        const draft = await page(`/sections/${made.draft.id}`, reader);
        expect(draft.status, `draft for ${reader}`).toBe(404);
        expect(draft.html).not.toContain("Draft Bravo");
        expect(draft.html).not.toContain(made.draft.imageKey);

        const locked = await page(`/sections/${made.protected.id}`, reader);
        expect(locked.status).toBe(200);
        expect(locked.html).toContain(statusMessages.protectedTitle);
        expect(locked.html).toContain(statusMessages.passwordLabel);
        for (const secret of [
          "Protected Delta",
          made.protected.coverKey,
          made.protected.imageKey,
          "og:image",
        ])
          expect(locked.html, `${secret} for ${reader}`).not.toContain(secret);
        expect(hasRobotsNoindex(locked.html)).toBe(true);

        const unlisted = await page(`/sections/${made.unlisted.id}`, reader);
        expect(unlisted.status).toBe(200);
        expect(unlisted.html).toContain("Unlisted Charlie");
        expect(hasRobotsNoindex(unlisted.html)).toBe(true);
        expect(unlisted.html).not.toContain(">Unlisted<");
      }
    }
    const published = await page(`/sections/${made.published.id}`, "visitor");
    expect(hasRobotsNoindex(published.html)).toBe(false);
    expect(published.html).toContain("application/ld+json");

    // The owner's "View as visitor" shows the visitor's 404 content with the way back.
    const asVisitor = await page(`/sections/${made.draft.id}?view=visitor`, "owner");
    expect(asVisitor.html).toContain("Page not found");
    expect(asVisitor.html).toContain(statusMessages.viewAsOwner);
    expect(asVisitor.html).not.toContain(made.draft.imageKey);
  });

  it("refreshes an owner's expired access token on a project page instead of showing the visitor's view", async () => {
    // The browser comes back after the access token expired (no tab refreshed it): the cookie holds
    // the expired token and a refresh token that is still good.
    const session = await signIn(url, OWNER_EMAIL, PASSWORD);
    const [header, payload, signature] = session.accessToken.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8"));
    const expired = [
      header,
      Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) - 120 })).toString(
        "base64url",
      ),
      signature,
    ].join(".");
    const answer = await page(`/sections/${made.draft.id}`, { cookie: cookieOf(session, expired) });
    expect(answer.status).toBe(200);
    expect(answer.html).toContain("Draft Bravo");
    expect(answer.html).toContain(">Draft<");
    // The refreshed session goes back to the browser, for its next requests.
    expect(answer.headers.getSetCookie().join("\n")).toMatch(
      /sb-localhost-auth-token(\.0)?=base64-/,
    );
    expect(answer.headers.get("cache-control")).toMatch(/no-store/);
  });

  it("the sitemap names only published projects", async () => {
    for (const reader of READERS) {
      const xml = await (await get("/sitemap.xml", reader)).text();
      expect(xml).toContain(`/sections/${made.published.id}`);
      for (const project of hidden()) expect(xml).not.toContain(project.id);
    }
  });

  it("/media serves a draft's and a locked project's files to the owner only, never to shared caches", async () => {
    const cases: [string, Record<Reader, number>][] = [
      [made.published.coverKey, { owner: 200, stranger: 200, visitor: 200 }],
      [made.unlisted.imageKey, { owner: 200, stranger: 200, visitor: 200 }],
      [made.draft.coverKey, { owner: 200, stranger: 404, visitor: 404 }],
      [made.draft.imageKey, { owner: 200, stranger: 404, visitor: 404 }],
      [made.protected.coverKey, { owner: 200, stranger: 404, visitor: 404 }],
      [made.protected.imageKey, { owner: 200, stranger: 404, visitor: 404 }],
    ];
    for (const [key, statuses] of cases) {
      for (const reader of READERS) {
        const response = await get(`/media/${key}`, reader);
        expect(response.status, `${key} for ${reader}`).toBe(statuses[reader]);
        if (statuses.visitor === 404 && response.status === 200)
          expect(response.headers.get("cache-control")).toBe("private, no-store");
      }
    }
    // The image optimizer fetches /media without cookies: it cannot hand out a copy either.
    for (const key of [made.draft.coverKey, made.protected.imageKey]) {
      for (const reader of READERS) {
        const optimized = await get(`/_next/image?url=%2Fmedia%2F${key}&w=384&q=75`, reader);
        expect(optimized.status, `optimized ${key} for ${reader}`).not.toBe(200);
      }
    }
    // A restricted project's page links its files past the optimizer, for the browser's cookies.
    const ownerPage = await page(`/sections/${made.draft.id}`, "owner");
    expect(ownerPage.html).toContain(`/media/${made.draft.imageKey}?private`);
  });
});

describe("protected projects: the password", () => {
  const unlock = (id: string, password: string, headers: Record<string, string> = {}) =>
    fetch(new URL(`/api/projects/${id}/unlock`, url), {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ password }),
    });

  it("20 wrong passwords, then throttled with a clear message", async () => {
    // The budget is 20 tries, refilled by one every 15 s: on a slow machine the 20 can take long
    // enough to earn one more, so this counts tries until the first refusal.
    const started = Date.now();
    let refused: Response | undefined;
    let wrongAnswers = 0;
    for (let i = 0; i < 30 && !refused; i++) {
      const wrong = await unlock(made.protected.id, `wrong-${i}`);
      if (wrong.status === 429) refused = wrong;
      else {
        expect(wrong.status).toBe(401);
        expect(await wrong.json()).toMatchObject({ message: statusMessages.wrongPassword });
        expect(wrong.headers.get("set-cookie")).toBeNull();
        wrongAnswers++;
      }
    }
    const refills = Math.floor((Date.now() - started) / 15_000);
    expect(wrongAnswers).toBeGreaterThanOrEqual(20);
    expect(wrongAnswers).toBeLessThanOrEqual(20 + refills);
    expect(await refused!.json()).toMatchObject({ message: statusMessages.tooManyAttempts });
    // Once refused, even the right password is: guessing cannot continue past the budget.
    const throttled = await unlock(made.protected.id, PASSWORD_X);
    expect(throttled.status).toBe(429);
    expect(await throttled.json()).toMatchObject({ message: statusMessages.tooManyAttempts });
    expect(throttled.headers.get("set-cookie")).toBeNull();
  });

  it("the right password opens that project only, for 7 days, with a signed HttpOnly cookie", async () => {
    const opened = await unlock(made.protected2.id, PASSWORD_Y);
    expect(opened.status).toBe(200);
    const setCookie = opened.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^project_access=[^;]+;/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=lax/i);
    expect(setCookie).toMatch(/Max-Age=604800/);
    const cookie = setCookie.split(";")[0]!;
    const withCookie = { cookie };

    const open = await page(`/sections/${made.protected2.id}`, withCookie);
    expect(open.status).toBe(200);
    expect(open.html).toContain("Protected Echo");
    expect(open.html).not.toContain(statusMessages.protectedTitle);
    expect(hasRobotsNoindex(open.html)).toBe(true);
    expect(open.headers.get("x-nextjs-cache")).toBeNull();
    expect((await get(`/api/projects/${made.protected2.id}`, withCookie)).status).toBe(200);
    expect((await get(`/api/sections/${made.protected2.id}`, withCookie)).status).toBe(200);
    expect((await get(`/media/${made.protected2.imageKey}`, withCookie)).status).toBe(200);

    // Only that project: the other protected one stays locked for this browser.
    const other = await page(`/sections/${made.protected.id}`, withCookie);
    expect(other.html).toContain(statusMessages.protectedTitle);
    expect(other.html).not.toContain("Protected Delta");
    expect((await get(`/api/projects/${made.protected.id}`, withCookie)).status).toBe(404);
    expect((await get(`/media/${made.protected.imageKey}`, withCookie)).status).toBe(404);
    // Nor is it listed anywhere for this browser.
    const list = (await (await get("/api/projects", withCookie)).json()) as {
      data: ProjectJson[];
    };
    expect(list.data.map((p) => p.title)).toEqual(["Pub Alpha"]);

    // Someone without the cookie still gets the form, after the opened page was rendered.
    const after = await page(`/sections/${made.protected2.id}`, "visitor");
    expect(after.html).toContain(statusMessages.protectedTitle);
    expect(after.html).not.toContain("Protected Echo");

    // A forged cookie opens nothing.
    const [payload] = cookie.replace("project_access=", "").split(".");
    const forged = { cookie: `project_access=${payload}.AAAA` };
    expect((await page(`/sections/${made.protected2.id}`, forged)).html).not.toContain(
      "Protected Echo",
    );
  });

  it("the form posted without its script: a redirect back either way, the password in no URL", async () => {
    const post = (password: string) =>
      fetch(new URL(`/api/projects/${made.protected2.id}/unlock`, url), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ password }).toString(),
        redirect: "manual",
      });
    const wrong = await post("not-the-password");
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get("location")).toBe(`/sections/${made.protected2.id}`);
    expect(wrong.headers.get("set-cookie")).toBeNull();
    const right = await post(PASSWORD_Y);
    expect(right.status).toBe(303);
    expect(right.headers.get("location")).toBe(`/sections/${made.protected2.id}`);
    const cookie = (right.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect(cookie).toMatch(/^project_access=.+/);
    expect((await page(`/sections/${made.protected2.id}`, { cookie })).html).toContain(
      "Protected Echo",
    );
  });

  it("a new password closes the project again for browsers that had opened it", async () => {
    const opened = await unlock(made.protected2.id, PASSWORD_Y);
    const cookie = { cookie: (opened.headers.get("set-cookie") ?? "").split(";")[0]! };
    expect((await get(`/api/projects/${made.protected2.id}`, cookie)).status).toBe(200);
    const changed = await call<ProjectJson>(url, "PUT", `/api/projects/${made.protected2.id}`, {
      token: site.ownerToken,
      form: multipart([
        ["title", "Protected Echo"],
        ["role", "Director"],
        ["category", "Illustration"],
        ["status", "protected"],
        ["password", "a-new-password"],
      ]),
    });
    expect(changed.status).toBe(200);
    expect((await get(`/api/projects/${made.protected2.id}`, cookie)).status).toBe(404);
  });

  it("a project that is not protected has nothing to open", async () => {
    for (const project of [made.published, made.draft, made.unlisted]) {
      const response = await unlock(project.id, "whatever-password");
      expect(response.status).toBe(404);
      expect(response.headers.get("set-cookie")).toBeNull();
    }
  });
});

describe("status on add and edit", () => {
  const edit = (project: Made, fields: Record<string, string>) =>
    call<ProjectJson>(url, "PUT", `/api/projects/${project.id}`, {
      token: site.ownerToken,
      form: multipart([
        ["title", project.title],
        ["role", "Director"],
        ["category", "Illustration"],
        ...Object.entries(fields),
      ]),
    });

  it("refuses an unknown status and a short or missing password; nothing is written", async () => {
    const before = site.uploads();
    const count = async () =>
      ((await (await get("/api/projects", "owner")).json()) as { data: unknown[] }).data.length;
    const projects = await count();
    const cases: [Record<string, string>, string][] = [
      [{ status: "secret" }, statusMessages.invalidStatus],
      [{ status: "Published" }, statusMessages.invalidStatus],
      [{ status: "protected", password: "1234567" }, statusMessages.passwordTooShort],
      [{ status: "protected" }, statusMessages.passwordTooShort],
    ];
    for (const [fields, message] of cases) {
      const refused = await create("Refused", fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.body.message).toBe(message);
      const refusedEdit = await edit(made.published, fields);
      expect(refusedEdit.status).toBe(400);
      expect(refusedEdit.body.message).toBe(message);
    }
    expect(await count()).toBe(projects);
    expect(site.uploads()).toEqual(before);
    const stored = (await (await get(`/api/projects/${made.published.id}`, "owner")).json()) as {
      data: ProjectJson;
    };
    expect(stored.data).toMatchObject({ status: "published", hasPassword: false });
  });

  it("an edit without status keeps it; protected keeps its password when none is given", async () => {
    const kept = await edit(made.protected, {});
    expect(kept.body.data).toMatchObject({ status: "protected", hasPassword: true });
    const stillProtected = await edit(made.protected, { status: "protected" });
    expect(stillProtected.status).toBe(200);
    expect(stillProtected.body.data).toMatchObject({ status: "protected", hasPassword: true });
  });

  it("a status change reaches cached pages at once, both ways", async () => {
    // Cached as a 404 for visitors first.
    expect((await page(`/sections/${made.draft.id}`, "visitor")).status).toBe(404);
    const published = await edit(made.draft, { status: "published" });
    expect(published.body.data).toMatchObject({ status: "published" });
    const visible = await page(`/sections/${made.draft.id}`, "visitor");
    expect(visible.status).toBe(200);
    expect((await page("/", "visitor")).html).toContain(made.draft.id);
    const counts = (await (await get("/api/projects/counts", "visitor")).json()) as {
      data: { count: number }[];
    };
    expect(counts.data[0]?.count).toBe(2);

    const back = await edit(made.draft, { status: "draft" });
    expect(back.body.data).toMatchObject({ status: "draft" });
    expect((await page(`/sections/${made.draft.id}`, "visitor")).status).toBe(404);
    expect((await page("/", "visitor")).html).not.toContain(made.draft.id);
    expect((await get(`/media/${made.draft.coverKey}`, "visitor")).status).toBe(404);
  });

  it("leaving protected drops the stored password", async () => {
    const unlisted = await edit(made.protected2, { status: "unlisted" });
    expect(unlisted.body.data).toMatchObject({ status: "unlisted", hasPassword: false });
    const again = await edit(made.protected2, { status: "protected" });
    expect(again.status).toBe(400);
  });
});

describe("publishing on a schedule (docs/spec.md §11)", () => {
  const ownerList = async () =>
    ((await (await get("/api/projects", "owner")).json()) as { data: ProjectJson[] }).data;
  const editJson = (id: string, title: string, fields: Record<string, unknown>) =>
    call<ProjectJson>(url, "PUT", `/api/projects/${id}`, {
      token: site.ownerToken,
      json: { title, role: "Director", category: "Illustration", ...fields },
    });
  const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);

  /** What a visitor finds of `title` (and `id`) in every list, with nobody's session. */
  async function visitorSees(id: string, title: string) {
    const counts = (await (await get("/api/projects/counts", "visitor")).json()) as {
      data: { _id: string; count: number }[];
    };
    return {
      gallery: (await page("/", "visitor")).html.includes(title),
      category: (await page("/?category=Motion%20Design", "visitor")).html.includes(title),
      search: (await page(`/?q=${encodeURIComponent(title)}`, "visitor")).html.includes(id),
      sitemap: (await (await get("/sitemap.xml", "visitor")).text()).includes(id),
      api: JSON.stringify(await (await get("/api/projects", "visitor")).json()).includes(id),
      counts: counts.data.find((row) => row._id === "Motion Design")?.count ?? 0,
      page: (await page(`/sections/${id}`, "visitor")).status,
    };
  }
  const NONE = { gallery: false, category: false, search: false, sitemap: false, api: false };
  const ALL = { gallery: true, category: true, search: true, sitemap: true, api: true };

  it("refuses a date that is not an ISO 8601 instant, and unpublishAt not after publishAt; nothing is written", async () => {
    const before = await ownerList();
    const uploads = site.uploads();
    const cases: [Record<string, string>, string][] = [
      [{ publishAt: "tomorrow" }, scheduleMessages.invalidPublishAt],
      [{ publishAt: "2030-02-30T10:00:00Z" }, scheduleMessages.invalidPublishAt],
      [{ publishAt: "2030-03-01T10:00" }, scheduleMessages.invalidPublishAt], // no time zone
      [{ publishAt: "2030-03-01" }, scheduleMessages.invalidPublishAt],
      [{ unpublishAt: "2030-03-01T25:00:00+01:00" }, scheduleMessages.invalidUnpublishAt],
      [
        { publishAt: "2030-03-01T10:00:00Z", unpublishAt: "2030-03-01T11:00:00+02:00" },
        scheduleMessages.unpublishBeforePublish,
      ],
      [
        { publishAt: "2030-03-01T10:00:00Z", unpublishAt: "2030-03-01T10:00:00Z" },
        scheduleMessages.unpublishBeforePublish,
      ],
    ];
    for (const [fields, message] of cases) {
      const refused = await create("Refused schedule", fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.body.message).toBe(message);
      const refusedEdit = await editJson(made.published.id, made.published.title, fields);
      expect(refusedEdit.status, JSON.stringify(fields)).toBe(400);
      expect(refusedEdit.body.message).toBe(message);
    }
    const number = await editJson(made.published.id, made.published.title, { publishAt: 1 });
    expect(number).toMatchObject({
      status: 400,
      body: { message: scheduleMessages.invalidPublishAt },
    });

    // An edit giving one bound is checked against the other one stored.
    const scheduled = await editJson(made.unlisted.id, made.unlisted.title, {
      publishAt: "2030-03-01T10:00:00Z",
    });
    expect(scheduled.body.data).toMatchObject({
      publishAt: "2030-03-01T10:00:00.000Z",
      unpublishAt: null,
    });
    const early = await editJson(made.unlisted.id, made.unlisted.title, {
      unpublishAt: "2030-03-01T09:59:59+00:00",
    });
    expect(early).toMatchObject({
      status: 400,
      body: { message: scheduleMessages.unpublishBeforePublish },
    });
    const cleared = await editJson(made.unlisted.id, made.unlisted.title, { publishAt: null });
    expect(cleared.body.data).toMatchObject({ publishAt: null, unpublishAt: null });

    const after = await ownerList();
    expect(after.map((p) => [p._id, p.version])).toEqual(
      before.map((p) => [p._id, p._id === made.unlisted.id ? p.version + 2 : p.version]),
    );
    expect(site.uploads()).toEqual(uploads);
  });

  it("a publishAt in the past publishes at once; a visitor never sees the schedule", async () => {
    const past = await create("Past Foxtrot", { publishAt: "2020-01-01T00:00:00+01:00" });
    expect(past.status).toBe(201);
    expect(past.body.data).toMatchObject({ publishAt: "2019-12-31T23:00:00.000Z" });
    expect((await page("/", "visitor")).html).toContain("Past Foxtrot");
    const one = (await (await get(`/api/projects/${past.body.data._id}`, "visitor")).json()) as {
      data: Record<string, unknown>;
    };
    expect(one.data).not.toHaveProperty("publishAt");
    expect(one.data).not.toHaveProperty("unpublishAt");
  });

  it("appears in every list at publishAt and leaves at unpublishAt, with no request or write triggering it", async () => {
    const title = "Timed Golf";
    // Far enough ahead for the checks below to run on a busy machine before it: the create and
    // the checks before publishAt took about 1 s on two cores at a load average of 12, and each
    // window's reads well under 1 s. Each window is waited out whole.
    const publishAt = inSeconds(8);
    const unpublishAt = new Date(publishAt.getTime() + 6_000);
    const created = await call<ProjectJson>(url, "POST", "/api/projects", {
      token: site.ownerToken,
      form: multipart([
        ["title", title],
        ["role", "Director"],
        ["category", "Motion Design"],
        ["publishAt", publishAt.toISOString()],
        ["unpublishAt", unpublishAt.toISOString()],
        ["cover", { bytes: png, name: "cover.png", type: "image/png" }],
      ]),
    });
    expect(created.status).toBe(201);
    const id = created.body.data._id;

    // Before: a draft to visitors, and every cached page and answer is filled with that.
    expect(await visitorSees(id, title)).toMatchObject({ ...NONE, counts: 0, page: 404 });
    expect((await page("/", "visitor")).headers.get("x-nextjs-cache")).toBe("HIT");
    expect(Date.now(), "the checks ran past publishAt: nothing was tested").toBeLessThan(
      publishAt.getTime() - 1000,
    );

    // Nothing is asked of the server until the time has passed.
    await new Promise((resolve) => setTimeout(resolve, publishAt.getTime() + 1000 - Date.now()));
    expect(await visitorSees(id, title)).toEqual({ ...ALL, counts: 1, page: 200 });
    expect(Date.now()).toBeLessThan(unpublishAt.getTime() - 1000);

    await new Promise((resolve) => setTimeout(resolve, unpublishAt.getTime() + 1000 - Date.now()));
    expect(await visitorSees(id, title)).toEqual({ ...NONE, counts: 0, page: 404 });
    // The owner still sees it, with its schedule.
    expect((await ownerList()).find((p) => p._id === id)).toMatchObject({
      publishAt: publishAt.toISOString(),
      unpublishAt: unpublishAt.toISOString(),
    });
  }, 90_000);
});

/*
 * Client review links (docs/spec.md §13): what a link opens, and every refusal writing nothing.
 */
describe("review links: the link opens its projects and nothing else", () => {
  type LinkJson = { _id: string; url: string };
  type CommentJson = { _id: string; text: string };
  let draft: Made;
  let locked: Made;
  let other: Made;
  let link: LinkJson;
  let token: string;
  let sectionOf: Record<string, string>;

  const owner = <T>(method: string, pathname: string, json?: unknown) =>
    call<T>(url, method, pathname, { token: site.ownerToken, json });
  const makeLink = async (fields: Record<string, unknown>) => {
    const made = await owner<LinkJson>("POST", "/api/review-links", fields);
    expect(made.status).toBe(201);
    return made.body.data;
  };
  const tokenOf = (made: LinkJson) => new URL(made.url).pathname.split("/")[2]!;
  const comment = (to: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(new URL(`/api/review-links/${to}/comments`, url), {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const commentsOf = async (id: string) =>
    (await owner<CommentJson[]>("GET", `/api/review-links/${id}/comments`)).body.data;
  const sectionIdOf = async (projectId: string) =>
    ((await (await get(`/api/sections/${projectId}`, "owner")).json()) as { data: SectionJson[] })
      .data[0]!._id;

  beforeAll(async () => {
    draft = await makeProject("Review Draft Foxtrot", { status: "draft" });
    locked = await makeProject("Review Protected Golf", {
      status: "protected",
      password: PASSWORD_X,
    });
    other = await makeProject("Review Unlisted Hotel", { status: "unlisted" });
    sectionOf = {
      [draft.id]: await sectionIdOf(draft.id),
      [other.id]: await sectionIdOf(other.id),
    };
    link = await makeLink({ name: "Acme — pitch", projectIds: [locked.id, draft.id] });
    token = tokenOf(link);
  });

  it("is the owner's to make: 128+ bit token; visitors and bad input are refused", async () => {
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
    const anonymous = await call(url, "POST", "/api/review-links", {
      json: { name: "X", projectIds: [draft.id] },
    });
    expect(anonymous.status).toBe(401);
    expect((await call(url, "GET", "/api/review-links")).status).toBe(401);
    const unknown = await owner("POST", "/api/review-links", {
      name: "X",
      projectIds: ["0123456789abcdef01234567"],
    });
    expect(unknown).toMatchObject({
      status: 400,
      body: { message: "A chosen project does not exist" },
    });
    const past = await owner("POST", "/api/review-links", {
      name: "X",
      projectIds: [draft.id],
      expiresAt: "2020-01-01T00:00:00Z",
    });
    expect(past.status).toBe(400);
    const list = await owner<LinkJson[]>("GET", "/api/review-links");
    expect(list.body.data.map((made) => made._id)).toEqual([link._id]);
  });

  it("shows exactly its projects in its order, noindex, with their restricted media", async () => {
    const { status, html } = await page(`/r/${token}`, "visitor");
    expect(status).toBe(200);
    expect(html).toContain("Private review for Acme — pitch");
    expect(hasRobotsNoindex(html)).toBe(true);
    expect(html).toContain('name="referrer" content="no-referrer"');
    expect(html.indexOf("Review Protected Golf")).toBeLessThan(
      html.indexOf("Review Draft Foxtrot"),
    );
    expect(html).not.toContain("Review Unlisted Hotel");
    const media = `/media/${draft.imageKey}?review=${token}`;
    expect(html).toContain(media);
    expect((await get(media, "visitor")).status).toBe(200);
    // The token opens the link's files only, and nothing without it.
    expect((await get(`/media/${draft.imageKey}`, "visitor")).status).toBe(404);
    expect((await get(`/media/${draft.imageKey}?review=${"A".repeat(43)}`, "visitor")).status).toBe(
      404,
    );
    // Nothing else through the link; the projects stay closed elsewhere.
    expect((await get(`/r/${token}/sections/${other.id}`, "visitor")).status).toBe(404);
    expect((await page(`/sections/${draft.id}`, "visitor")).status).toBe(404);
    const sitemap = await (await get("/sitemap.xml", "visitor")).text();
    expect(sitemap).not.toContain(token);
    expect(sitemap).not.toContain(draft.id);
  });

  it("guessed, revoked and expired tokens are refused and write nothing", async () => {
    const guessed = Buffer.alloc(32, 7).toString("base64url");
    for (const guess of [
      guessed,
      "short",
      token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"),
    ]) {
      expect((await page(`/r/${guess}`, "visitor")).status).toBe(404);
      const refused = await comment(guess, {
        sectionId: sectionOf[draft.id],
        name: "G",
        text: "hi",
      });
      expect(refused.status).toBe(404);
    }
    const doomed = await makeLink({ name: "Soon gone", projectIds: [draft.id] });
    expect((await owner("DELETE", `/api/review-links/${doomed._id}`)).status).toBe(200);
    expect((await page(`/r/${tokenOf(doomed)}`, "visitor")).status).toBe(404);
    const late = await comment(tokenOf(doomed), {
      sectionId: sectionOf[draft.id],
      name: "G",
      text: "hi",
    });
    expect(late.status).toBe(404);
    expect(await commentsOf(doomed._id)).toEqual([]);

    const brief = await makeLink({
      name: "Brief",
      projectIds: [draft.id],
      expiresAt: new Date(Date.now() + 1500).toISOString(),
    });
    expect((await page(`/r/${tokenOf(brief)}`, "visitor")).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const expired = await page(`/r/${tokenOf(brief)}`, "visitor");
    expect(expired.status).toBe(410);
    expect(expired.html).toContain("This review link has expired");
    expect(expired.html).not.toContain("Review Draft Foxtrot");
    const tooLate = await comment(tokenOf(brief), {
      sectionId: sectionOf[draft.id],
      name: "G",
      text: "hi",
    });
    expect(tooLate.status).toBe(410);
    expect(await commentsOf(brief._id)).toEqual([]);
  });

  it("comments: only on the link's sections, kept as text; outside the link nothing is written", async () => {
    const outside = await comment(token, {
      sectionId: sectionOf[other.id],
      name: "Ann",
      text: "x",
    });
    expect(outside.status).toBe(400);
    expect(await outside.json()).toMatchObject({
      message: "This section is not part of this review",
    });
    const tooLong = await comment(token, {
      sectionId: sectionOf[draft.id],
      name: "Ann",
      text: "x".repeat(2001),
    });
    expect(tooLong.status).toBe(400);
    // The section has one image: a point on a second one is refused.
    const offImages = await comment(token, {
      sectionId: sectionOf[draft.id],
      name: "Ann",
      text: "x",
      x: 0.5,
      y: 0.5,
      image: 1,
    });
    expect(offImages.status).toBe(400);
    expect(await offImages.json()).toMatchObject({
      message: "The point must be on one of this section's images",
    });
    expect(await commentsOf(link._id)).toEqual([]);
    const posted = await comment(token, {
      sectionId: sectionOf[draft.id],
      name: "Ann",
      text: "<script>alert(1)</script> tighter cut",
      time: 3,
    });
    expect(posted.status).toBe(201);
    const { html } = await page(`/r/${token}`, "visitor");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; tighter cut");
    expect(html).not.toContain("<script>alert(1)</script>");
  });

  it("a password link: the protected projects' form and texts; its cookie opens nothing else", async () => {
    const secret = await makeLink({ name: "Secret", projectIds: [draft.id], password: PASSWORD_Y });
    const second = await makeLink({ name: "Second", projectIds: [draft.id], password: PASSWORD_Y });
    const closed = await page(`/r/${tokenOf(secret)}`, "visitor");
    expect(closed.html).toContain(statusMessages.protectedTitle);
    expect(closed.html).not.toContain("Review Draft Foxtrot");
    const unlock = (to: string, password: string) =>
      fetch(new URL(`/api/review-links/${to}/unlock`, url), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ password }),
      });
    const wrong = await unlock(tokenOf(secret), "not-the-password");
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: statusMessages.wrongPassword });
    const noCookie = await comment(tokenOf(secret), {
      sectionId: sectionOf[draft.id],
      name: "G",
      text: "hi",
    });
    expect(noCookie.status).toBe(401);
    const right = await unlock(tokenOf(secret), PASSWORD_Y);
    expect(right.status).toBe(200);
    const setCookie = right.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^review_access=[^;]+;.*HttpOnly/i);
    const cookie = setCookie.split(";")[0]!;
    const value = cookie.split("=").slice(1).join("=");
    expect((await page(`/r/${tokenOf(secret)}`, { cookie })).html).toContain(
      "Review Draft Foxtrot",
    );
    // Replayed on the other link (same password), on a protected project, as its access cookie.
    expect((await page(`/r/${tokenOf(second)}`, { cookie })).html).not.toContain(
      "Review Draft Foxtrot",
    );
    const replayed = await comment(
      tokenOf(second),
      { sectionId: sectionOf[draft.id], name: "G", text: "hi" },
      { cookie },
    );
    expect(replayed.status).toBe(401);
    expect(await commentsOf(second._id)).toEqual([]);
    for (const jar of [cookie, `project_access=${value}`]) {
      const protectedPage = await page(`/sections/${locked.id}`, { cookie: jar });
      expect(protectedPage.html).toContain(statusMessages.protectedTitle);
      expect(protectedPage.html).not.toContain(locked.imageKey);
      expect((await get(`/media/${draft.imageKey}`, { cookie: jar })).status).toBe(404);
    }
  });

  it("1,000 comments from one address: a few are taken, the rest refused with 429", async () => {
    const from = fetchFrom("127.0.0.9");
    const post = (i: number) =>
      from(new URL(`/api/review-links/${token}/comments`, url), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ sectionId: sectionOf[draft.id], name: "Flood", text: `n${i}` }),
      }).then((response) => response.status);
    const statuses: number[] = [];
    // In rounds of 50 at once: the budget is the same however fast they come.
    for (let round = 0; round < 20; round++)
      statuses.push(
        ...(await Promise.all(Array.from({ length: 50 }, (_, i) => post(round * 50 + i)))),
      );
    const taken = statuses.filter((status) => status === 201).length;
    expect(taken).toBeGreaterThanOrEqual(10);
    expect(taken).toBeLessThanOrEqual(15);
    expect(statuses.filter((status) => status === 429).length).toBe(1000 - taken);
    const stored = (await commentsOf(link._id)).filter((c) => c.text.startsWith("n"));
    expect(stored).toHaveLength(taken);
  });
});
