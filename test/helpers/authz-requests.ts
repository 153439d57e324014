import { expect } from "vitest";
import { pngOfSize } from "./media-fixtures";
import { afterFillTime, loadContactForm, postContact, visitorMessage } from "./contact";

// Every write the REST API offers, each with a body the owner's request really succeeds with, so
// that in the authorization matrix nothing but the missing or false credentials can stop it.

export type WriteRequest = {
  name: string;
  method: string;
  path: string;
  body: () => BodyInit;
  json?: boolean;
};

type Ids = { projectId: string; deletableProjectId: string; sectionId: string; messageId: string };

let png: Buffer | undefined;
const image = async () => (png ??= await pngOfSize(1500, 12, 9));

function form(fields: Record<string, string>, files: Record<string, Buffer> = {}): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const [name, bytes] of Object.entries(files))
    data.append(name, new Blob([new Uint8Array(bytes)], { type: "image/png" }), `${name}.png`);
  return data;
}

const projectForm = (title: string, cover: Buffer) =>
  form({ title, role: "Director", category: "Motion Design" }, { cover });
const projectJson = (title: string) =>
  JSON.stringify({
    title,
    role: "Animator",
    category: "Illustration",
    cover: "https://images.example.com/cover.png",
  });
const sectionForm = (title: string, picture: Buffer) =>
  form({ title, description: "Frames and colour." }, { resources: picture });
const settingsForm = (portrait: Buffer) =>
  form(
    {
      ownerName: "Sara Benali",
      tagline: "Motion design",
      biography: "Eight years of frames.",
      contactEmail: "hello@sara.example",
      showreelUrl: "https://vimeo.com/76979871",
      "socials.behance": "",
      "socials.github": "",
      "socials.instagram": "",
      "socials.dribbble": "",
    },
    { portrait },
  );

/** The matrix: every mutating route and body kind, aimed at records that exist. */
export async function writeRequests(ids: Ids): Promise<WriteRequest[]> {
  const bytes = await image();
  const { projectId, deletableProjectId, sectionId, messageId } = ids;
  return [
    {
      name: "create project (multipart)",
      method: "POST",
      path: "/api/projects",
      body: () => projectForm("Intruder", bytes),
    },
    {
      name: "create project (JSON)",
      method: "POST",
      path: "/api/projects",
      body: () => projectJson("Intruder"),
      json: true,
    },
    {
      name: "update project (multipart)",
      method: "PUT",
      path: `/api/projects/${projectId}`,
      body: () => projectForm("Defaced", bytes),
    },
    {
      name: "update project (JSON)",
      method: "PUT",
      path: `/api/projects/${projectId}`,
      body: () => projectJson("Defaced"),
      json: true,
    },
    {
      name: "delete project",
      method: "DELETE",
      path: `/api/projects/${deletableProjectId}`,
      body: () => "",
    },
    {
      name: "add section",
      method: "POST",
      path: `/api/sections/${projectId}`,
      body: () => sectionForm("Intruder", bytes),
    },
    {
      name: "update section",
      method: "PUT",
      path: `/api/sections/${sectionId}`,
      body: () => sectionForm("Defaced", bytes),
    },
    {
      name: "delete section",
      method: "DELETE",
      path: `/api/sections/${sectionId}`,
      body: () => "",
    },
    {
      // Reversed from the seeded order, so a write that got through would change the database.
      name: "order projects",
      method: "PUT",
      path: "/api/projects/order",
      body: () => JSON.stringify({ ids: [deletableProjectId, projectId] }),
      json: true,
    },
    {
      name: "order sections",
      method: "PUT",
      path: `/api/sections/order/${projectId}`,
      body: () => JSON.stringify({ ids: [sectionId] }),
      json: true,
    },
    {
      name: "update settings",
      method: "PUT",
      path: "/api/settings",
      body: () => settingsForm(bytes),
    },
    {
      // Client review links (docs/api.md#review-links): the owner's writes.
      name: "create review link",
      method: "POST",
      path: "/api/review-links",
      body: () => JSON.stringify({ name: "Acme — pitch", projectIds: [projectId] }),
      json: true,
    },
    {
      // Direct uploads (docs/api.md#direct-uploads): owner-only before it says whether Cloudinary is configured (404 here).
      name: "sign direct upload",
      method: "POST",
      path: "/api/uploads/sign",
      body: () => JSON.stringify({ kind: "image", size: 1500, type: "image/png" }),
      json: true,
    },
    {
      name: "update message",
      method: "PATCH",
      path: `/api/messages/${messageId}`,
      body: () => JSON.stringify({ read: true, folder: "archive" }),
      json: true,
    },
    {
      name: "delete message",
      method: "DELETE",
      path: `/api/messages/${messageId}`,
      body: () => "",
    },
    {
      name: "restore message",
      method: "POST",
      path: `/api/messages/${messageId}/restore`,
      body: () => "",
    },
  ];
}

/**
 * The owner-only reads of the REST API. A cookie read needs no Origin (a cross-site page cannot
 * read the answer), so the matrix sends these to the pretenders only, not the cross-site cases.
 */
export function ownerReads(messageId: string): WriteRequest[] {
  const read = (name: string, path: string): WriteRequest => ({
    name,
    method: "GET",
    path,
    body: () => "",
  });
  return [
    read("list messages", "/api/messages"),
    read("list spam, searched", "/api/messages?folder=spam&q=a"),
    read("list messages, next page", `/api/messages?before=${messageId}`),
    read("insights", "/api/insights"),
    read("insights of a range", "/api/insights?from=2030-01-01&to=2030-01-31"),
  ];
}

/**
 * Seeds the site through the API as the owner, sending every kind of body the matrix sends (so
 * each is proven acceptable), and leaves a project, a deletable project and a section behind.
 */
export async function seedThroughApi(baseUrl: string, ownerToken: string): Promise<Ids> {
  const bytes = await image();
  const send = async (method: string, path: string, body: BodyInit, json = false) => {
    const headers: Record<string, string> = { authorization: `Bearer ${ownerToken}` };
    if (json) headers["content-type"] = "application/json";
    const response = await fetch(new URL(path, baseUrl), { method, headers, body });
    const answer = (await response.json()) as { success: boolean; data: { _id: string } };
    expect({ method, path, status: response.status, success: answer.success }).toMatchObject({
      status: method === "POST" ? 201 : 200,
      success: true,
    });
    return answer.data._id;
  };
  const projectId = await send("POST", "/api/projects", projectForm("Night Drive", bytes));
  const deletableProjectId = await send("POST", "/api/projects", projectJson("Paper Birds"), true);
  const doomed = await send("POST", "/api/projects", projectForm("Doomed", bytes));
  await send("PUT", `/api/projects/${projectId}`, projectForm("Night Drive", bytes));
  await send("PUT", `/api/projects/${deletableProjectId}`, projectJson("Paper Birds"), true);
  const sectionId = await send(
    "POST",
    `/api/sections/${projectId}`,
    sectionForm("Storyboard", bytes),
  );
  const doomedSection = await send("POST", `/api/sections/${projectId}`, sectionForm("Cut", bytes));
  await send("PUT", `/api/sections/${sectionId}`, sectionForm("Storyboard", bytes));
  await send("DELETE", `/api/sections/${doomedSection}`, "");
  await send("DELETE", `/api/projects/${doomed}`, "");
  await send("PUT", "/api/settings", settingsForm(bytes));
  const order = (ids: string[]) => JSON.stringify({ ids });
  await send("PUT", "/api/projects/order", order([deletableProjectId, projectId]), true);
  await send("PUT", "/api/projects/order", order([projectId, deletableProjectId]), true);
  await send("PUT", `/api/sections/order/${projectId}`, order([sectionId]), true);
  // A visitor's message (sent without a proof of work: under Spam), for the inbox's writes.
  const contact = await loadContactForm(baseUrl);
  await afterFillTime(contact);
  const message = await postContact(baseUrl, { ...visitorMessage, started: contact.started });
  expect(message.status).toBe(201);
  const messageId = (message.body.data as { _id: string })._id;
  return { projectId, deletableProjectId, sectionId, messageId };
}
