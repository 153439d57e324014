import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/helpers/database";
import { markedEnv } from "@/test/helpers/processes";
import { closeDb } from "@/lib/db";
import { parseMongoExport } from "@/lib/data/import-mongo";

const run = promisify(execFile);
const fixtures = path.resolve("test/fixtures/mongo");
const projectsFile = path.join(fixtures, "projects.json");
const sectionsFile = path.join(fixtures, "sections.json");

// Not opened here: the tests run the command in a child process on this data directory.
const database = useTestDatabase({ open: false });

function importCli() {
  return run(
    "node_modules/.bin/tsx",
    ["--conditions=react-server", "scripts/import.mts", projectsFile, sectionsFile],
    {
      env: markedEnv({ ...process.env, DATA_DIR: database.dataDir }),
    },
  );
}

type Doc = Record<string, unknown> & { _id: { $oid: string } };

describe("npm run import (mongoexport round trip)", () => {
  it("imports the fixture keeping ids and media URLs, and reports every skip", async () => {
    const { stdout } = await importCli();
    expect(stdout).toContain("Projects: 3 imported, 2 skipped");
    expect(stdout).toContain("skipped project 64b7f0c2a1b2c3d4e5f60004: no title");
    expect(stdout).toContain(
      'skipped project 64b7f0c2a1b2c3d4e5f60005: unknown category "Sculpture"',
    );
    expect(stdout).toContain("Sections: 4 imported, 1 skipped");
    expect(stdout).toContain(
      "skipped section 64b7f1aaa1b2c3d4e5f61004: its project 64b7f0c2a1b2c3d4e5f6ffff does not exist",
    );
    expect(stdout).toContain(
      "note: section 64b7f1aaa1b2c3d4e5f61005: dropped a video embed that is not a Vimeo link",
    );

    // Read back through the same code the REST API answers with.
    const { listProjects } = await import("@/lib/data/projects");
    const { listSections } = await import("@/lib/data/sections");
    const { toProjectJson, toSectionJson } = await import("@/lib/data/serialize");
    const original = parseMongoExport(fs.readFileSync(projectsFile, "utf8")) as Doc[];
    const projects = (await listProjects()).map((project) =>
      toProjectJson(project, { owner: true }),
    );
    expect(projects).toHaveLength(3);
    for (const [index, project] of projects.entries()) {
      const doc = original[index]!;
      expect(project).toMatchObject({
        _id: doc._id.$oid,
        title: doc.title,
        cover: doc.cover,
        role: doc.role,
        category: doc.category,
        userId: doc.userId,
      });
    }
    const originalSections = parseMongoExport(fs.readFileSync(sectionsFile, "utf8")) as Doc[];
    const sections = (await listSections(projects[0]!._id)).map(toSectionJson);
    expect(sections.map((s) => s._id)).toEqual([
      originalSections[0]!._id.$oid,
      originalSections[1]!._id.$oid,
    ]);
    expect(sections[0]).toMatchObject({
      title: "Concept",
      resources: originalSections[0]!.resources,
      video: "",
      videoEmbed: "",
    });
    expect(sections[1]).toMatchObject({ video: originalSections[1]!.video, resources: "" });
    const [reel] = (await listSections(projects[1]!._id)).map(toSectionJson);
    expect(reel).toMatchObject({
      videoEmbed: "https://player.vimeo.com/video/76979871",
      project: projects[1]!._id,
    });
    await closeDb();
  }, 120_000); // a child process creates the embedded database: slow on a busy machine

  it("changes nothing when run again", async () => {
    const { stdout } = await importCli();
    expect(stdout).toContain("Projects: 0 imported, 5 skipped");
    expect(stdout).toContain("skipped project 64b7f0c2a1b2c3d4e5f60001: already exists");
    expect(stdout).toContain("Sections: 0 imported, 5 skipped");
    const { listProjects } = await import("@/lib/data/projects");
    expect(await listProjects()).toHaveLength(3);
  }, 60_000);
});
