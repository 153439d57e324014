import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/helpers/database";
import { markedEnv } from "@/test/helpers/processes";
import { closeDb } from "@/lib/db";

const run = promisify(execFile);
// Not opened here: the tests run the command in a child process on this data directory.
const database = useTestDatabase({ open: false });

const seed = () =>
  run("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/seed-demo.mts"], {
    env: markedEnv({ ...process.env, DATA_DIR: database.dataDir }),
  });

describe("npm run seed:demo", () => {
  it("fills an empty site with generated media, and a second run changes nothing", async () => {
    expect((await seed()).stdout).toContain("Added 15 demo project(s) and section(s).");
    const files = fs.readdirSync(path.join(database.dataDir, "uploads")).sort();
    expect((await seed()).stdout).toContain("nothing to do");
    expect(fs.readdirSync(path.join(database.dataDir, "uploads")).sort()).toEqual(files);

    const { listProjects } = await import("@/lib/data/projects");
    const { listSections } = await import("@/lib/data/sections");
    const projects = await listProjects();
    expect(projects.map((p) => p.category).sort()).toEqual([
      "Assets & Tools",
      "Frame by Frame",
      "Illustration",
      "Motion Design",
      "Motion Design",
      "Photography",
    ]);
    const referenced = [];
    for (const project of projects) {
      referenced.push(project.coverKey);
      for (const section of await listSections(project.id)) {
        for (const image of section.images) {
          expect(image.width).toBeGreaterThan(0);
          expect(image.alt).not.toBe("");
          referenced.push(image.key);
        }
      }
    }
    // Every stored file is used, and every used file exists.
    expect(referenced.sort()).toEqual(files);
    await closeDb();
  }, 120_000);

  it("leaves a site with projects of its own alone", async () => {
    const { createProject, deleteProject, listProjects } = await import("@/lib/data/projects");
    for (const project of await listProjects()) await deleteProject(project.id);
    await createProject({
      title: "Mine",
      role: "r",
      category: "Illustration",
      coverUrl: "/x.png",
      coverKey: null,
      userId: "u",
    });
    await closeDb();
    expect((await seed()).stdout).toContain("already has 1 project(s) of its own");
    expect((await listProjects()).map((p) => p.title)).toEqual(["Mine"]);
  }, 60_000);
});
