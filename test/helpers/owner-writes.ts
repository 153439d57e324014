import { call, multipart, type Answer, type Part } from "./api-client";
import { jpeg, mp4OfSize, pngOfSize } from "./media-fixtures";

/*
 * A stream of owner writes through the real API, with a record of what each acknowledged write
 * should have left behind, taken from what was sent and checked against the answer. The soak and
 * the SIGKILL test compare the site with this record afterwards.
 */

export type ExpectedProject = { id: string; title: string; role: string; cover: string };
export type ExpectedSection = {
  id: string;
  projectId: string;
  title: string;
  description: string;
  images: string[];
  video: string;
  /** The video's poster (uploaded or generated), "" without a video. */
  poster: string;
};

/** A write sent but never answered (the server died): the record allows either outcome. */
type Pending =
  | { kind: "create-project" }
  | { kind: "create-section"; projectId: string }
  | { kind: "edit-project"; after: ExpectedProject }
  | { kind: "edit-section"; id: string; accepts: (found: ExpectedSection | undefined) => boolean }
  | { kind: "delete-project"; id: string }
  | { kind: "delete-section"; id: string };

export type WriteLogEntry = { op: string; status: number; ms: number };

export class WriteRecord {
  readonly projects = new Map<string, ExpectedProject>();
  readonly sections = new Map<string, ExpectedSection>();
  readonly pending = new Set<Pending>();
  readonly log: WriteLogEntry[] = [];
  /** Answers that were not the expected status, with the message. */
  readonly failures: string[] = [];
  get acknowledged(): number {
    return this.log.filter((entry) => entry.status < 400).length;
  }
}

export type Media = { cover: Buffer; image: Buffer; video: Buffer };

export async function makeMedia(videoBytes = 2 * 1024 * 1024): Promise<Media> {
  return {
    cover: await pngOfSize(4000, 64, 48),
    image: await jpeg(32, 18),
    video: mp4OfSize(videoBytes),
  };
}

type ProjectJson = { _id: string; title: string; role: string; cover: string; coverVideo?: string };
type SectionJson = {
  _id: string;
  title: string;
  description: string;
  images: { url: string }[];
  video: string;
  poster: string;
  project: string;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The states an unanswered write allows besides the recorded one (a delete: gone). */
function alternativesOf(pending: Pending[]): unknown[] {
  return pending.flatMap((p) =>
    "after" in p ? [p.after] : p.kind.startsWith("delete") ? [undefined] : [],
  );
}

const toSection = (json: SectionJson): ExpectedSection => ({
  id: json._id,
  projectId: json.project,
  title: json.title,
  description: json.description,
  images: json.images.map((image) => image.url),
  video: json.video,
  poster: json.poster,
});

export class OwnerWriter {
  private serial = 0;
  constructor(
    private baseUrl: () => string,
    private token: string,
    private media: Media,
    readonly record: WriteRecord,
    /** Awaited before each write: the soak spaces its writes out, the fault test does not. */
    private pace: () => Promise<void> = async () => {},
  ) {}

  /** Sends one write; an unanswered request stays pending in the record and rethrows. */
  private async send<T>(
    op: string,
    pending: Pending,
    expectStatus: number,
    method: string,
    pathname: string,
    options: Parameters<typeof call>[3],
  ): Promise<T | null> {
    await this.pace();
    this.record.pending.add(pending);
    const started = performance.now();
    const answer: Answer<T> = await call<T>(this.baseUrl(), method, pathname, {
      ...options,
      token: this.token,
    });
    this.record.pending.delete(pending);
    this.record.log.push({ op, status: answer.status, ms: performance.now() - started });
    if (answer.status !== expectStatus) {
      this.record.failures.push(`${op} ${pathname}: ${answer.status} ${answer.body.message}`);
      return null;
    }
    return answer.body.data;
  }

  async createProject(): Promise<ExpectedProject | null> {
    const n = ++this.serial;
    const sent = { title: `Soak ${n} ${Date.now().toString(36)}`, role: "Director" };
    const data = await this.send<ProjectJson>(
      "create project",
      { kind: "create-project" },
      201,
      "POST",
      "/api/projects",
      {
        form: multipart([
          ["title", sent.title],
          ["role", sent.role],
          ["category", "Motion Design"],
          ["cover", { bytes: this.media.cover, name: "cover.png", type: "image/png" }],
        ]),
      },
    );
    if (!data) return null;
    const project = { id: data._id, title: data.title, role: data.role, cover: data.cover };
    if (project.title !== sent.title)
      this.record.failures.push(`create project: title ${project.title}`);
    this.record.projects.set(project.id, project);
    return project;
  }

  async addSection(projectId: string, withVideo: boolean): Promise<ExpectedSection | null> {
    const n = ++this.serial;
    const parts: [string, Part][] = [
      ["title", `Section ${n}`],
      ["description", `Written by the owner, step ${n}.`],
      ["resources", { bytes: this.media.image, name: "still.jpg", type: "image/jpeg" }],
      ["resourceAlts", `Still ${n}`],
    ];
    if (withVideo)
      parts.push(["video", { bytes: this.media.video, name: "clip.mp4", type: "video/mp4" }]);
    const data = await this.send<SectionJson>(
      "add section",
      { kind: "create-section", projectId },
      201,
      "POST",
      `/api/sections/${projectId}`,
      { form: multipart(parts) },
    );
    if (!data) return null;
    const section = toSection(data);
    const whole =
      section.images.length === 1 && (!withVideo || section.video.startsWith("/media/"));
    if (section.title !== `Section ${n}` || !whole)
      this.record.failures.push(`add section: answer ${JSON.stringify(data)}`);
    this.record.sections.set(section.id, section);
    return section;
  }

  async editSection(section: ExpectedSection): Promise<ExpectedSection | null> {
    const title = `${section.title} (edited)`;
    // The new image's URL is the server's to choose: any stored file after the kept ones.
    const accepts = (found: ExpectedSection | undefined) =>
      found !== undefined &&
      same({ ...found, images: found.images.slice(0, -1) }, { ...section, title }) &&
      found.images.length === section.images.length + 1 &&
      /^\/media\/[0-9a-f]{32}\.jpg$/.test(found.images.at(-1) ?? "");
    const data = await this.send<SectionJson>(
      "edit section",
      { kind: "edit-section", id: section.id, accepts },
      200,
      "PUT",
      `/api/sections/${section.id}`,
      {
        form: multipart([
          ["title", title],
          ["resources", { bytes: this.media.image, name: "more.jpg", type: "image/jpeg" }],
          ["resourceAlts", "Another still"],
        ]),
      },
    );
    if (!data) return null;
    const edited = toSection(data);
    if (edited.title !== title || edited.images.length !== section.images.length + 1)
      this.record.failures.push(`edit section: answer ${JSON.stringify(data)}`);
    this.record.sections.set(edited.id, edited);
    return edited;
  }

  async editProject(project: ExpectedProject): Promise<void> {
    const after = { ...project, title: `${project.title} (renamed)` };
    const data = await this.send<ProjectJson>(
      "edit project",
      { kind: "edit-project", after },
      200,
      "PUT",
      `/api/projects/${project.id}`,
      {
        form: multipart([
          ["title", after.title],
          ["role", after.role],
          ["category", "Motion Design"],
        ]),
      },
    );
    if (!data) return;
    if (data.title !== after.title || data.cover !== project.cover)
      this.record.failures.push(`edit project: answer ${JSON.stringify(data)}`);
    this.record.projects.set(project.id, { ...after, cover: data.cover });
  }

  async deleteSection(id: string): Promise<void> {
    const ok = await this.send(
      "delete section",
      { kind: "delete-section", id },
      200,
      "DELETE",
      `/api/sections/${id}?permanent=true`,
      {},
    );
    if (ok !== null) this.record.sections.delete(id);
  }

  async deleteProject(id: string): Promise<void> {
    const ok = await this.send(
      "delete project",
      { kind: "delete-project", id },
      200,
      "DELETE",
      `/api/projects/${id}?permanent=true`,
      {},
    );
    if (ok === null) return;
    this.record.projects.delete(id);
    for (const [sectionId, section] of this.record.sections)
      if (section.projectId === id) this.record.sections.delete(sectionId);
  }

  /**
   * One owner session's worth of work: a project with two sections (one with a video), an edit
   * of each kind, and deletes, so that about a third of what is created stays.
   */
  async cycle(round: number): Promise<void> {
    const project = await this.createProject();
    if (!project) return;
    const first = await this.addSection(project.id, round % 2 === 0);
    const second = await this.addSection(project.id, false);
    if (first) await this.editSection(first);
    await this.editProject(project);
    if (second) await this.deleteSection(second.id);
    if (round % 3 === 1) await this.deleteProject(project.id);
  }
}

export type SiteData = { projects: ProjectJson[]; sections: ExpectedSection[] };

/** Everything the public API returns: every project and every section of each. */
export async function readSiteData(baseUrl: string): Promise<SiteData> {
  const projects = await call<ProjectJson[]>(baseUrl, "GET", "/api/projects");
  if (projects.status !== 200) throw new Error(`GET /api/projects: ${projects.status}`);
  const sections: ExpectedSection[] = [];
  for (const project of projects.body.data) {
    const answer = await call<SectionJson[]>(baseUrl, "GET", `/api/sections/${project._id}`);
    if (answer.status !== 200)
      throw new Error(`GET /api/sections/${project._id}: ${answer.status}`);
    sections.push(...answer.body.data.map(toSection));
  }
  return { projects: projects.body.data, sections };
}

/**
 * Differences between the site and the record; empty when they match. A write that was never
 * answered may have happened or not, so for it both states are accepted (and a create that was
 * never answered may have left one extra record, whole).
 */
export function compareWithRecord(site: SiteData, record: WriteRecord): string[] {
  const problems: string[] = [];
  const pending = [...record.pending];
  const pendingFor = (id: string) =>
    pending.filter(
      (p) =>
        ("after" in p && p.after.id === id) ||
        ("id" in p && p.id === id) ||
        (p.kind === "delete-project" && record.sections.get(id)?.projectId === p.id),
    );
  const siteProjects = new Map(site.projects.map((p) => [p._id, p]));
  const siteSections = new Map(site.sections.map((s) => [s.id, s]));

  for (const [id, expected] of record.projects) {
    const actual = siteProjects.get(id);
    const found = actual && { id, title: actual.title, role: actual.role, cover: actual.cover };
    const allowed = [expected, ...alternativesOf(pendingFor(id))];
    if (!allowed.some((state) => same(found, state)))
      problems.push(
        `project ${id}: expected ${JSON.stringify(expected)}, found ${JSON.stringify(found)}`,
      );
  }
  for (const [id, expected] of record.sections) {
    const found = siteSections.get(id);
    const alternatives = pendingFor(id);
    const allowed = [expected, ...alternativesOf(alternatives)];
    const accepted = alternatives.some((p) => "accepts" in p && p.accepts(found));
    if (!accepted && !allowed.some((state) => same(found, state)))
      problems.push(
        `section ${id}: expected ${JSON.stringify(expected)}, found ${JSON.stringify(found)}`,
      );
  }
  const extraProjects = site.projects.filter((p) => !record.projects.has(p._id));
  if (extraProjects.length > pending.filter((p) => p.kind === "create-project").length)
    problems.push(`projects nobody acknowledged: ${extraProjects.map((p) => p._id).join(", ")}`);
  const extraSections = site.sections.filter((s) => !record.sections.has(s.id));
  for (const section of extraSections) {
    const unanswered = pending.some(
      (p) =>
        (p.kind === "create-section" && p.projectId === section.projectId) ||
        (p.kind === "create-project" && !record.projects.has(section.projectId)),
    );
    if (!unanswered) problems.push(`section nobody acknowledged: ${JSON.stringify(section)}`);
  }
  return problems;
}
