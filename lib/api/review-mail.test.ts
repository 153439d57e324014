import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/helpers/database";
import { decodeMailBody, mailSubject } from "@/test/helpers/mail";
import { createProject } from "@/lib/data/projects";
import {
  addReviewComment,
  createReviewLink,
  recordReviewOpen,
  type ReviewLink,
} from "@/lib/data/review-links";
import { createSection } from "@/lib/data/sections";
import { REVIEW_MAIL_QUIET_MS, sendDueReviewMail } from "./review-mail";

/**
 * The owner's mail about reviewers' comments (docs/spec.md §13), read from the outbox the site
 * writes without SMTP_URL: one mail per reviewer visit with new comments, naming the link and
 * each comment with its time or point, sent once the visit has been quiet.
 */
const database = useTestDatabase();
const OWNER = "owner@example.com";

let link: ReviewLink;
let sectionId: string;

beforeAll(async () => {
  process.env.OWNER_EMAILS = OWNER;
  const project = await createProject({
    title: "Films",
    coverUrl: "/media/c.png",
    coverKey: null,
    userId: "owner",
    role: "Director",
    category: "Motion Design",
  });
  const section = await createSection(project.id, {
    title: "Stills",
    description: "",
    images: [],
    videoUrl: null,
    videoKey: null,
    videoEmbed: null,
  });
  sectionId = section!.id;
  link = await createReviewLink({
    name: "Acme — pitch, March",
    projectIds: [project.id],
    expiresAt: null,
    passwordHash: null,
    allowDownload: false,
  });
});

afterAll(() => {
  delete process.env.OWNER_EMAILS;
});

const outbox = () => path.join(database.dataDir, "outbox");
const mails = () =>
  fs.existsSync(outbox())
    ? fs
        .readdirSync(outbox())
        .sort()
        .map((name) => fs.readFileSync(path.join(outbox(), name), "utf8"))
    : [];

async function comment(openId: string, text: string, pin: { time?: number; x?: number }) {
  await addReviewComment(link, {
    sectionId,
    name: "Ann",
    text,
    time: pin.time ?? null,
    x: pin.x ?? null,
    y: pin.x === undefined ? null : 0.5,
    image: pin.x === undefined ? null : 1,
    openId,
  });
}

describe("the owner's review mail", () => {
  it("sends one mail per visit with its new comments once the visit is quiet", async () => {
    const visit = await recordReviewOpen(link.id, "phone");
    await comment(visit.id, "Hold the <logo> a beat longer", { time: 3.4 });
    await comment(visit.id, "Warmer sky", { x: 0.25 });
    const other = await recordReviewOpen(link.id, "desktop");
    await comment(other.id, "Love the end card", {});

    // Still writing: nothing yet.
    expect(await sendDueReviewMail()).toBe(0);
    expect(mails()).toEqual([]);

    const quiet = new Date(Date.now() + REVIEW_MAIL_QUIET_MS + 1000);
    expect(await sendDueReviewMail(quiet)).toBe(2);
    const sent = mails().map((raw) => ({ raw, text: decodeMailBody(raw) }));
    expect(sent).toHaveLength(2);
    for (const { raw } of sent) expect(raw).toMatch(new RegExp(`^To: ${OWNER}`, "m"));
    const first = sent.find(({ text }) => text.includes("Warmer sky"))!;
    expect(mailSubject(first.raw)).toBe("2 new comments on “Acme — pitch, March”");
    expect(first.text).toContain("New comments on the review link “Acme — pitch, March”:");
    expect(first.text).toContain("Ann at 0:03: Hold the <logo> a beat longer");
    expect(first.text).toContain("Ann on image 2, 25% across, 50% down: Warmer sky");
    // HTML shown as text in the mail's HTML part.
    expect(first.text).toContain("Hold the &#60;logo&#62; a beat longer");
    expect(first.text).toContain(`/review-links/${link.id}`);
    expect(first.text).not.toContain("Love the end card");
    const second = sent.find((mail) => mail !== first)!;
    expect(mailSubject(second.raw)).toBe("1 new comment on “Acme — pitch, March”");
    expect(second.text).toContain("Ann: Love the end card");
    expect(second.text).not.toContain("Warmer sky");

    // Mailed once: a later sweep sends nothing more; a new comment of the visit, a mail of its own.
    expect(await sendDueReviewMail(new Date(quiet.getTime() + 60_000))).toBe(0);
    await comment(visit.id, "One more thing", {});
    expect(await sendDueReviewMail(new Date(Date.now() + 2 * REVIEW_MAIL_QUIET_MS))).toBe(1);
    const last = decodeMailBody(mails().at(-1)!);
    expect(mails()).toHaveLength(3);
    expect(last).toContain("Ann: One more thing");
    expect(last).not.toContain("Warmer sky");
  });
});
