import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders, signUp } from "../helpers/auth";
import { jpeg, pngOfSize } from "../helpers/media-fixtures";
import { startServer, type RunningServer } from "../helpers/server";

// PUT /api/settings against `next start`: owner only, validated, portrait stored and replaced.

let server: RunningServer;
let dataDir: string;
let owner: Record<string, string>;
let stranger: Record<string, string>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "owner-settings-"));
  server = await startServer({ DATA_DIR: dataDir, AUTH_SIGNUP: "open" });
  owner = authHeaders(
    (await signUp(server.url, "owner@example.com", "owner-pass-123")).accessToken,
  );
  stranger = authHeaders(
    (await signUp(server.url, "guest@example.com", "guest-pass-123")).accessToken,
  );
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function uploads(): string[] {
  const dir = path.join(dataDir, "uploads");
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

function settingsForm(overrides: Record<string, string | Blob> = {}): FormData {
  const form = new FormData();
  const fields: Record<string, string | Blob> = {
    ownerName: "Sara Benali",
    tagline: "Motion design from Marrakesh",
    biography: "Eight years of frames.",
    contactEmail: "hello@sara.example",
    showreelUrl: '<iframe src="https://player.vimeo.com/video/76979871?h=ab12"></iframe>',
    "socials.behance": "https://www.behance.net/sara",
    "socials.github": "",
    "socials.instagram": "https://instagram.com/sara",
    "socials.dribbble": "",
    ...overrides,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

async function put(form: FormData, headers: Record<string, string> = owner) {
  const response = await fetch(`${server.url}/api/settings`, {
    method: "PUT",
    body: form,
    headers,
  });
  return { status: response.status, body: await response.json() };
}

describe("PUT /api/settings", () => {
  it("refuses visitors and signed-in non-owners, changing nothing", async () => {
    const before = (await (await fetch(`${server.url}/api/settings`)).json()).data;
    expect(await put(settingsForm(), {})).toMatchObject({
      status: 401,
      body: { success: false, message: "Auth session missing!" },
    });
    expect((await put(settingsForm(), stranger)).status).toBe(403);
    expect((await (await fetch(`${server.url}/api/settings`)).json()).data).toEqual(before);
  });

  it("saves the settings with the showreel as its player URL and a stored portrait", async () => {
    const portrait = new Blob([new Uint8Array(await jpeg(40, 50))], { type: "image/jpeg" });
    const { status, body } = await put(settingsForm({ portrait }));
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      message: "Settings saved successfully!",
      data: {
        ownerName: "Sara Benali",
        showreelUrl: "https://player.vimeo.com/video/76979871?h=ab12",
        socials: { behance: "https://www.behance.net/sara", github: "" },
      },
    });
    expect(body.data.portraitUrl).toMatch(/^\/media\/.+\.jpg$/);
    const media = await fetch(`${server.url}${body.data.portraitUrl}`);
    expect(media.headers.get("content-type")).toBe("image/jpeg");
    expect(uploads()).toHaveLength(1);

    // Its blur-up placeholder, drawn on About until the file arrives.
    expect(body.data.portraitPlaceholder).toMatch(/^data:image\/webp;base64,/);

    const page = await (await fetch(`${server.url}/about`)).text();
    expect(page).toContain("Eight years of frames.");
    expect(page).toContain("mailto:hello@sara.example");
    expect(page).toContain(`background-image:url(${body.data.portraitPlaceholder})`);
  });

  it("shows the availability on the Contact and About pages, and nothing once it is cleared", async () => {
    const text = "Booking projects from March 2027";
    const saved = await put(settingsForm({ availability: `  ${text} ` }));
    expect(saved).toMatchObject({ status: 200, body: { data: { availability: text } } });
    const shown = (html: string) => /data-testid="availability"[^>]*>([^<]*)</.exec(html)?.[1];
    const page = async (pathname: string) => (await fetch(`${server.url}${pathname}`)).text();
    for (const pathname of ["/contact", "/about"]) expect(shown(await page(pathname))).toBe(text);
    const tooLong = await put(settingsForm({ availability: "x".repeat(121) }));
    expect(tooLong).toMatchObject({ status: 400, body: { message: "Invalid Availability" } });
    expect((await put(settingsForm())).body.data.availability).toBe("");
    for (const pathname of ["/contact", "/about"])
      expect(shown(await page(pathname))).toBeUndefined();
  });

  it("replaces the portrait, deleting the old file, and keeps it when none is sent", async () => {
    const first = (await (await fetch(`${server.url}/api/settings`)).json()).data;
    const portrait = new Blob([new Uint8Array(await pngOfSize(2000, 30, 30))], {
      type: "image/png",
    });
    const replaced = await put(settingsForm({ portrait }));
    expect(replaced.body.data.portraitUrl).not.toBe(first.portraitUrl);
    expect(uploads()).toEqual([replaced.body.data.portraitKey]);

    const kept = await put(settingsForm({ tagline: "New tagline" }));
    expect(replaced.body.data.portraitPlaceholder).not.toBe(first.portraitPlaceholder);
    expect(kept.body.data).toMatchObject({
      tagline: "New tagline",
      portraitUrl: replaced.body.data.portraitUrl,
      portraitPlaceholder: replaced.body.data.portraitPlaceholder,
    });

    const removed = await put(settingsForm({ removePortrait: "true" }));
    expect(removed.body.data).toMatchObject({
      portraitUrl: "",
      portraitKey: null,
      portraitPlaceholder: null,
    });
    expect(uploads()).toEqual([]);
  });

  it("answers 400 with a clear message for bad fields and stores nothing", async () => {
    const before = (await (await fetch(`${server.url}/api/settings`)).json()).data;
    const cases: [Record<string, string>, string][] = [
      [{ ownerName: " " }, "Invalid Owner name"],
      [{ contactEmail: "nope" }, "Invalid Contact e-mail"],
      [{ "socials.github": "javascript:alert(1)" }, "Invalid GitHub link"],
      [
        { showreelUrl: "https://youtube.com/watch?v=1" },
        "Invalid Vimeo URL. Example: https://vimeo.com/123456789",
      ],
    ];
    for (const [overrides, message] of cases) {
      const portrait = new Blob([new Uint8Array(await jpeg())], { type: "image/jpeg" });
      expect(await put(settingsForm({ ...overrides, portrait }))).toEqual({
        status: 400,
        body: { success: false, message, data: null },
      });
    }
    expect(uploads()).toEqual([]);
    expect((await (await fetch(`${server.url}/api/settings`)).json()).data).toEqual(before);
  });

  it("refuses a portrait that is not an image or is too large", async () => {
    const fake = new Blob(["<html>not an image</html>"], { type: "image/png" });
    const form = settingsForm();
    form.append("portrait", fake, "me.png");
    expect(await put(form)).toMatchObject({
      status: 415,
      body: { message: "Invalid file type: me.png" },
    });
    const big = settingsForm();
    big.append(
      "portrait",
      new Blob([new Uint8Array(await pngOfSize(5 * 1024 * 1024 + 1))], { type: "image/png" }),
      "big.png",
    );
    expect(await put(big)).toMatchObject({
      status: 413,
      body: { message: "File too large: big.png" },
    });
    expect(uploads()).toEqual([]);
  });

  it("stores a showreel poster the Reel page shows, replaces and removes it, refuses a non-image", async () => {
    const poster = new Blob([new Uint8Array(await jpeg(64, 36))], { type: "image/jpeg" });
    const saved = await put(settingsForm({ showreelPoster: poster }));
    expect(saved.status).toBe(200);
    const first = saved.body.data.showreelPosterUrl;
    expect(first).toMatch(/^\/media\/[0-9a-f]{32}\.jpg$/);
    expect(uploads()).toEqual([saved.body.data.showreelPosterKey]);
    const placeholder = saved.body.data.showreelPosterPlaceholder;
    expect(placeholder).toMatch(/^data:image\/webp;base64,/);
    const reel = await (await fetch(`${server.url}/reel`)).text();
    // Through the image optimizer, at the widths the Reel column is drawn at.
    expect(reel).toContain(`src="/_next/image?url=${encodeURIComponent(first)}&amp;w=`);
    expect(reel).toContain(`/_next/image?url=${encodeURIComponent(first)}&amp;w=828&amp;q=75 828w`);
    expect(reel).toContain(`background-image:url(${placeholder})`);
    expect(reel).toContain("Play the showreel");

    const fake = settingsForm();
    fake.append("showreelPoster", new Blob(["<svg></svg>"], { type: "image/png" }), "reel.png");
    expect(await put(fake)).toMatchObject({
      status: 415,
      body: { message: "Invalid file type: reel.png" },
    });
    expect(uploads()).toEqual([saved.body.data.showreelPosterKey]);

    const kept = await put(settingsForm({ tagline: "Kept poster" }));
    expect(kept.body.data.showreelPosterUrl).toBe(first);
    expect(kept.body.data.showreelPosterPlaceholder).toBe(placeholder);
    const replaced = await put(
      settingsForm({
        showreelPoster: new Blob([new Uint8Array(await pngOfSize(2000, 32, 18))], {
          type: "image/png",
        }),
      }),
    );
    expect(replaced.body.data.showreelPosterUrl).toMatch(/\.png$/);
    expect(uploads()).toEqual([replaced.body.data.showreelPosterKey]);
    const removed = await put(settingsForm({ removeShowreelPoster: "true" }));
    expect(removed.body.data).toMatchObject({
      showreelPosterUrl: "",
      showreelPosterKey: null,
      showreelPosterPlaceholder: null,
    });
    expect(uploads()).toEqual([]);
  });

  it("saves the appearance settings, keeps them when left out, and the public pages show them", async () => {
    const defaults = (await (await fetch(`${server.url}/api/settings`)).json()).data;
    expect(defaults).toMatchObject({
      cardTitles: "hover",
      typePairing: "inter",
      accentColor: "#c2410c",
      contentWidth: "standard",
      filterCategories: "spec",
    });
    const look = {
      cardTitles: "always",
      typePairing: "editorial",
      accentColor: "#1D4ED8",
      contentWidth: "wide",
      filterCategories: "in-use",
    };
    const saved = await put(settingsForm(look));
    expect(saved.status).toBe(200);
    const stored = { ...look, accentColor: "#1d4ed8" };
    expect(saved.body.data).toMatchObject(stored);
    // A client that does not send them (one from before these settings) keeps the site's look.
    expect((await put(settingsForm())).body.data).toMatchObject(stored);
    expect((await (await fetch(`${server.url}/api/settings`)).json()).data).toMatchObject(stored);
    // The cached home page expired with the settings and carries the choices.
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).toContain('data-type-pairing="editorial"');
    expect(home).toContain('data-card-titles="always"');
    expect(home).toContain('data-content-width="wide"');
    expect(home).toContain("--color-accent:#1d4ed8");
  });

  it("refuses unknown appearance values and too-light accents with 400, storing nothing", async () => {
    const before = (await (await fetch(`${server.url}/api/settings`)).json()).data;
    const files = uploads();
    const cases: [Record<string, string>, string][] = [
      [{ cardTitles: "never" }, 'Card titles must be "hover" or "always"'],
      [
        { typePairing: "comic" },
        'Type pairing must be "inter", "editorial", "grotesk" or "classic"',
      ],
      [{ contentWidth: "narrow" }, 'Content width must be "standard", "wide" or "full"'],
      [{ filterCategories: "all" }, 'Filter categories must be "spec" or "in-use"'],
      [{ accentColor: "blue" }, "Accent colour must be a hex colour like #c2410c"],
      [
        // #ff0000 on the page background is 3.9:1, below WCAG AA.
        { accentColor: "#ff0000" },
        "Accent colour is too light: its contrast with the page background must be at least 4.5:1 (WCAG AA). Choose a darker colour.",
      ],
    ];
    for (const [overrides, message] of cases) {
      const portrait = new Blob([new Uint8Array(await jpeg())], { type: "image/jpeg" });
      expect(await put(settingsForm({ ...overrides, ownerName: "Changed", portrait }))).toEqual({
        status: 400,
        body: { success: false, message, data: null },
      });
    }
    expect(uploads()).toEqual(files);
    expect((await (await fetch(`${server.url}/api/settings`)).json()).data).toEqual(before);
  });
});
