import "server-only";
import { z } from "zod";
import { CATEGORIES } from "@/lib/domain";
import { normalizeVimeoUrl } from "@/lib/validation/vimeo";
import { createProject } from "./projects";
import { createSection } from "./sections";
import { isIdTaken } from "./trash";

/**
 * Imports a `mongoexport` of the original MongoDB-backed site (one JSON document per line, or a
 * JSON array with --jsonArray). Ids and media URLs are kept as they are, so old links and
 * Cloudinary-hosted files keep working. Rows that cannot be imported are reported, not guessed.
 */
export type ImportReport = {
  projects: { imported: number; skipped: string[] };
  sections: { imported: number; skipped: string[]; notes: string[] };
};

const oid = z
  .union([z.object({ $oid: z.string() }).transform((value) => value.$oid), z.string()])
  .pipe(
    z
      .string()
      .regex(/^[0-9a-fA-F]{24}$/)
      .transform((value) => value.toLowerCase()),
  );
const text = z.string().trim();

const projectDoc = z.object({
  _id: oid,
  title: text.min(1, "no title"),
  cover: text.min(1, "no cover"),
  role: text.min(1, "no role"),
  category: z.enum(CATEGORIES, {
    error: (issue) => `unknown category ${JSON.stringify(issue.input)}`,
  }),
  userId: z.union([text, oid]).optional().default(""),
});

const sectionDoc = z.object({
  _id: oid,
  project: oid,
  title: text.optional().default(""),
  description: text.optional().default(""),
  resources: z
    .union([text, z.array(text)])
    .optional()
    .default(""),
  video: text.optional().default(""),
  videoEmbed: text.optional().default(""),
});

/** Documents of a mongoexport file: JSON Lines, or one JSON array. */
export function parseMongoExport(content: string): unknown[] {
  const trimmed = content.trim();
  if (!trimmed) return [];
  if (trimmed.startsWith("[")) return JSON.parse(trimmed) as unknown[];
  return trimmed
    .split(/\r?\n/)
    .filter((line) => line.trim())
    .map((line, index) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        throw new Error(`Line ${index + 1} is not JSON`);
      }
    });
}

function describe(doc: unknown, index: number): string {
  const id = (doc as { _id?: { $oid?: string } | string })?._id;
  return typeof id === "string" ? id : (id?.$oid ?? `document #${index + 1}`);
}

export async function importMongoExport(
  projectDocs: unknown[],
  sectionDocs: unknown[],
): Promise<ImportReport> {
  const report: ImportReport = {
    projects: { imported: 0, skipped: [] },
    sections: { imported: 0, skipped: [], notes: [] },
  };
  for (const [index, doc] of projectDocs.entries()) {
    const parsed = projectDoc.safeParse(doc);
    if (!parsed.success) {
      report.projects.skipped.push(`${describe(doc, index)}: ${parsed.error.issues[0]?.message}`);
      continue;
    }
    const { _id, cover, ...fields } = parsed.data;
    if (await isIdTaken("projects", _id)) {
      report.projects.skipped.push(`${_id}: already exists`);
      continue;
    }
    await createProject({ ...fields, coverUrl: cover, coverKey: null }, _id);
    report.projects.imported++;
  }
  for (const [index, doc] of sectionDocs.entries()) {
    const parsed = sectionDoc.safeParse(doc);
    if (!parsed.success) {
      report.sections.skipped.push(`${describe(doc, index)}: ${parsed.error.issues[0]?.message}`);
      continue;
    }
    const { _id, project, resources, video, videoEmbed, title, description } = parsed.data;
    if (await isIdTaken("sections", _id)) {
      report.sections.skipped.push(`${_id}: already exists`);
      continue;
    }
    const urls = (Array.isArray(resources) ? resources : resources.split(","))
      .map((url) => url.trim())
      .filter(Boolean);
    const embed = videoEmbed ? normalizeVimeoUrl(videoEmbed) : null;
    if (videoEmbed && !embed)
      report.sections.notes.push(`${_id}: dropped a video embed that is not a Vimeo link`);
    const created = await createSection(
      project,
      {
        title,
        description,
        images: urls.map((url) => ({ url, key: null, width: null, height: null, alt: "" })),
        videoUrl: video || null,
        videoKey: null,
        videoEmbed: embed,
      },
      _id,
    );
    if (!created) report.sections.skipped.push(`${_id}: its project ${project} does not exist`);
    else report.sections.imported++;
  }
  return report;
}
