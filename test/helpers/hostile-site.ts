import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { call, multipart } from "./api-client";
import { createTestDatabase } from "./database";
import { signUp } from "./auth";
import { jpeg, pngOfSize } from "./media-fixtures";
import { startServer, type RunningServer } from "./server";
import { captureSiteState, type SiteState } from "./site-state";

/**
 * A production server on a fresh data directory with an owner, one project, one section with an
 * image and site settings with a portrait: every id route has a real target. The data directory
 * sits alone inside `root`, so a test can check that nothing was written beside it. With
 * TEST_DATABASE_URL the database is a fresh one on that PostgreSQL server, else PGlite.
 */
export type HostileSite = {
  url: () => string;
  root: string;
  dataDir: string;
  token: string;
  projectId: string;
  sectionId: string;
  imageUrl: string;
  /** Captures every row and media file; with PGlite the server is stopped around the capture. */
  capture: () => Promise<SiteState>;
  /** Entries left in DATA_DIR/tmp (files and upload folders). */
  tmpEntries: () => string[];
  /** The server log, across the restarts of `capture`. */
  output: () => string;
  stop: () => Promise<void>;
};

const OWNER = "owner@example.com";

export async function startHostileSite(): Promise<HostileSite> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-hostile-"));
  const dataDir = path.join(root, "data");
  fs.mkdirSync(dataDir);
  const database = process.env.TEST_DATABASE_URL
    ? await createTestDatabase(process.env.TEST_DATABASE_URL, "portfolio_hostile")
    : null;
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? "",
    OWNER_EMAILS: OWNER,
    AUTH_SIGNUP: "owner",
  };
  let server: RunningServer = await startServer(env);
  const token = (await signUp(server.url, OWNER, "Sup3r-secret-pass")).accessToken;
  const png = await pngOfSize(3000, 12, 8);
  const project = await call<{ _id: string }>(server.url, "POST", "/api/projects", {
    token,
    form: multipart([
      ["title", "Night Drive"],
      ["role", "Director"],
      ["category", "Motion Design"],
      ["cover", { bytes: png, name: "cover.png", type: "image/png" }],
    ]),
  });
  const projectId = project.body.data._id;
  const section = await call<{ _id: string; images: { url: string }[] }>(
    server.url,
    "POST",
    `/api/sections/${projectId}`,
    {
      token,
      form: multipart([
        ["title", "Opening"],
        ["description", "Frames"],
        ["resources", { bytes: await jpeg(), name: "frame.jpg", type: "image/jpeg" }],
        ["resourceAlts", "A blue frame"],
      ]),
    },
  );
  const settings = await call(server.url, "PUT", "/api/settings", {
    token,
    form: multipart([
      ["ownerName", "Sara Benali"],
      ["tagline", "Motion design"],
      ["portrait", { bytes: await jpeg(20, 30), name: "me.jpg", type: "image/jpeg" }],
    ]),
  });
  if (project.status !== 201 || section.status !== 201 || settings.status !== 200)
    throw new Error(`Seeding failed: ${project.status} ${section.status} ${settings.status}`);

  const tmp = path.join(dataDir, "tmp");
  let pastLogs = "";
  return {
    url: () => server.url,
    root,
    dataDir,
    token,
    projectId,
    sectionId: section.body.data._id,
    imageUrl: section.body.data.images[0]!.url,
    capture: async () => {
      if (database) return captureSiteState({ dataDir, databaseUrl: database.url });
      await server.stop();
      pastLogs += server.output();
      const state = await captureSiteState({ dataDir });
      server = await startServer(env);
      return state;
    },
    tmpEntries: () => (fs.existsSync(tmp) ? fs.readdirSync(tmp) : []),
    output: () => pastLogs + server.output(),
    stop: async () => {
      await server.stop();
      await database?.drop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
