"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { TextField } from "@/components/forms/field";
import { SubmitButton } from "@/components/forms/submit-button";
import { useToast } from "@/components/ui/toast-provider";
import { createReviewLink, updateReviewLink } from "@/lib/client/review-links";
import { REVIEW_LIMITS } from "@/lib/validation/limits";

export type PickableProject = { id: string; title: string; status: string };

export type ReviewLinkValues = {
  id: string;
  name: string;
  projectIds: string[];
  expiresAt: string | null;
  hasPassword: boolean;
  allowDownload: boolean;
};

/** "2026-03-01T18:00" in the browser's time zone, as a datetime-local field holds it. */
function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

const buttonClass =
  "rounded-md border border-black/20 px-2 py-1 text-sm font-medium hover:bg-black/5 disabled:opacity-40";

/**
 * Makes or edits a review link (docs/spec.md §13): its name, the projects it shows (any status)
 * in the chosen order, an optional expiry and password, and whether the originals may be
 * downloaded.
 */
export function ReviewLinkForm({
  projects,
  link,
}: {
  projects: PickableProject[];
  link?: ReviewLinkValues;
}) {
  const router = useRouter();
  const { showToast } = useToast();
  const [name, setName] = useState(link?.name ?? "");
  const [chosen, setChosen] = useState<string[]>(link?.projectIds ?? []);
  const [expiresAt, setExpiresAt] = useState(toLocalInput(link?.expiresAt ?? null));
  const [password, setPassword] = useState("");
  const [removePassword, setRemovePassword] = useState(false);
  const [allowDownload, setAllowDownload] = useState(link?.allowDownload ?? false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const byId = new Map(projects.map((project) => [project.id, project]));

  const toggle = (id: string) =>
    setChosen((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));
  const move = (index: number, by: number) =>
    setChosen((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const fields = {
      name,
      projectIds: chosen,
      expiresAt: expiresAt ? new Date(expiresAt).toISOString() : null,
      allowDownload,
      password: removePassword ? null : password,
    };
    const result = link ? await updateReviewLink(link.id, fields) : await createReviewLink(fields);
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    showToast(result.message, "success");
    setPassword("");
    if (link) router.refresh();
    else if (result.data) router.push(`/review-links/${result.data._id}`);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <TextField
        label="Name"
        hint="For you and the reviewer, e.g. “Acme — pitch, March”."
        value={name}
        maxLength={REVIEW_LIMITS.name}
        onChange={(event) => setName(event.target.value)}
      />
      <fieldset>
        <legend className="font-medium">Projects</legend>
        <ul className="mt-2 flex flex-col gap-1">
          {projects.map((project) => (
            <li key={project.id}>
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={chosen.includes(project.id)}
                  onChange={() => toggle(project.id)}
                />
                {project.title}
                <span className="text-muted text-sm">({project.status})</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {chosen.length > 1 ? (
        <div>
          <p className="font-medium" id="review-order">
            Order in the review
          </p>
          <ol className="mt-2 flex flex-col gap-1" aria-labelledby="review-order">
            {chosen.map((id, index) => {
              const title = byId.get(id)?.title ?? id;
              return (
                <li key={id} className="flex items-center gap-2">
                  <span className="flex-1">
                    {index + 1}. {title}
                  </span>
                  <button
                    type="button"
                    className={buttonClass}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={`Move ${title} up`}
                  >
                    Up
                  </button>
                  <button
                    type="button"
                    className={buttonClass}
                    disabled={index === chosen.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={`Move ${title} down`}
                  >
                    Down
                  </button>
                </li>
              );
            })}
          </ol>
        </div>
      ) : null}
      <TextField
        label="Expires"
        hint="Optional. In your time zone; after it the link says it has expired."
        type="datetime-local"
        value={expiresAt}
        onChange={(event) => setExpiresAt(event.target.value)}
      />
      <TextField
        label="Password"
        hint={
          link?.hasPassword
            ? "Leave empty to keep the current password."
            : "Optional, at least 8 characters."
        }
        type="password"
        autoComplete="new-password"
        value={password}
        disabled={removePassword}
        onChange={(event) => setPassword(event.target.value)}
      />
      {link?.hasPassword ? (
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={removePassword}
            onChange={(event) => setRemovePassword(event.target.checked)}
          />
          Remove the password
        </label>
      ) : null}
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={allowDownload}
          onChange={(event) => setAllowDownload(event.target.checked)}
        />
        Show downloads of the original files
      </label>
      {error ? (
        <p role="alert" className="font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div>
        <SubmitButton busy={busy}>{link ? "Save changes" : "Create link"}</SubmitButton>
      </div>
    </form>
  );
}
