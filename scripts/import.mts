// Imports a mongoexport of the original site: `npm run import -- projects.json sections.json`.
// Keeps ids and media URLs; prints what was imported and what was skipped, and why.
// Takes the data-directory lock, so it refuses to run while the site runs on PGlite.
// First: every file this script creates (database, media, archives) is owner-only.
import "@/scripts/cli/private-umask";
import "@/scripts/cli/cli-env";
import fs from "node:fs";
import { importMongoExport, parseMongoExport } from "@/lib/data/import-mongo";
import { closeDb, getDb } from "@/lib/db";

const [projectsFile, sectionsFile] = process.argv.slice(2);
if (!projectsFile) {
  console.error("Usage: npm run import -- projects.json [sections.json]");
  process.exit(2);
}

try {
  const projects = parseMongoExport(fs.readFileSync(projectsFile, "utf8"));
  const sections = sectionsFile ? parseMongoExport(fs.readFileSync(sectionsFile, "utf8")) : [];
  await getDb();
  const report = await importMongoExport(projects, sections);
  console.log(
    `Projects: ${report.projects.imported} imported, ${report.projects.skipped.length} skipped`,
  );
  for (const line of report.projects.skipped) console.log(`  skipped project ${line}`);
  console.log(
    `Sections: ${report.sections.imported} imported, ${report.sections.skipped.length} skipped`,
  );
  for (const line of report.sections.skipped) console.log(`  skipped section ${line}`);
  for (const line of report.sections.notes) console.log(`  note: section ${line}`);
  await closeDb();
} catch (error) {
  console.error(`Import failed: ${(error as Error).message}`);
  await closeDb().catch(() => {});
  process.exit(1);
}
