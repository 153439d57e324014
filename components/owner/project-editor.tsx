"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { FileInput } from "@/components/forms/field";
import { UploadProgress } from "@/components/forms/upload-progress";
import { SortableList } from "@/components/ui/sortable-list";
import { useToast } from "@/components/ui/toast-provider";
import { uploadDirect } from "@/lib/client/direct-upload";
import { messages } from "@/lib/client/messages";
import { saveSectionOrder } from "@/lib/client/order";
import {
  fillSectionForm,
  imageSectionDrafts,
  sectionFiles,
  withSectionReferences,
} from "@/lib/client/section-draft";
import { addSection } from "@/lib/client/sections";
import { acceptOf, checkFile, MAX_IMAGES, sectionImageRule } from "@/lib/validation/uploads";
import type { EditableProject } from "./editable-project";
import { ProjectEditForm } from "./project-edit-form";
import { SectionForm, type SectionInitial } from "./section-form";
import { actionClass, Actions, EDIT_BUTTON_ID } from "./section-owner-actions";
import { useLeaveGuard } from "./use-leave-guard";

export type EditorSection = {
  id: string;
  /** The section's name in buttons and announcements ("Section 2" when it has no title). */
  label: string;
  initial: SectionInitial;
  /** The section as the project page shows it (rendered on the server). */
  preview: React.ReactNode;
};

/** The one form open at a time: the project's details, a section, or a new section at a place. */
type OpenForm = { kind: "details" } | { kind: "edit"; id: string } | { kind: "add"; at: number };

const EDIT_DETAILS_ID = "edit-project-details";

/** Dragged files, not a dragged section or text, and not dropped into an open form's own field. */
const carriesFiles = (event: React.DragEvent) =>
  event.dataTransfer.types.includes("Files") &&
  !(event.target instanceof Element && event.target.closest("form"));

/**
 * The project editor (docs/spec.md §2): the project page's content with, in place, the
 * project's details form, each section's edit form, a new section at any place, sections made of
 * many images dropped at once, reordering by each section's handle and Delete with Undo. Every
 * change goes through the same REST calls as the separate pages; unsaved changes are guarded.
 */
export function ProjectEditor({
  project,
  header,
  sections,
}: {
  project: EditableProject;
  header: React.ReactNode;
  sections: EditorSection[];
}) {
  const router = useRouter();
  const { showToast } = useToast();
  const [open, setOpen] = useState<OpenForm | null>(null);
  const [dirty, setDirty] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [dropErrors, setDropErrors] = useState<string[]>([]);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const uploading = progress !== null;
  const guard = useLeaveGuard(dirty || uploading);
  const dropHintId = useId();

  /**
   * After a save the form is gone: focus goes to the Edit button of what was saved (a new
   * section's once the refreshed page draws it), not back to the top of the page.
   */
  const focusAfterSave = useRef<string | null>(null);
  useEffect(() => {
    const id = focusAfterSave.current;
    const button = id ? document.getElementById(id) : null;
    if (!button) return;
    focusAfterSave.current = null;
    button.focus();
  }, [sections, open]);
  const show = (form: OpenForm | null) =>
    guard.confirm(() => {
      // Another form opened before a saved one's section was drawn keeps the focus.
      focusAfterSave.current = null;
      setDirty(false);
      setOpen(form);
    });
  const closed = () => {
    setDirty(false);
    setOpen(null);
  };
  const saved = (focusId: string) => {
    focusAfterSave.current = focusId;
    closed();
    router.refresh();
  };

  /** New sections (appended by the API) moved to `at` in page order. */
  async function place(ids: string[], at: number) {
    const current = sections.map((section) => section.id);
    if (at >= current.length) return null;
    const result = await saveSectionOrder(project.id, current.toSpliced(at, 0, ...ids));
    return result.ok ? null : result.message;
  }

  /** Images dropped or chosen: refused files listed, the rest sent as image sections at `at`. */
  async function addImageSections(files: File[], at: number) {
    if (uploading) return;
    const errors = files.flatMap((file) => checkFile(file, sectionImageRule) ?? []);
    const accepted = files.filter((file) => !checkFile(file, sectionImageRule));
    setDropErrors(errors);
    const drafts = imageSectionDrafts(accepted);
    if (drafts.length === 0) return;
    setProgress(0);
    const added: string[] = [];
    let failure: string | null = null;
    for (const [index, draft] of drafts.entries()) {
      const step = (percent: number) =>
        setProgress(Math.round((index * 100 + percent) / drafts.length));
      // On Cloudinary the files go there first, with the same progress bar.
      const direct = await uploadDirect(sectionFiles(draft), step);
      if (direct.kind === "failed") {
        failure = direct.message;
        break;
      }
      const sent = direct.kind === "ok" ? withSectionReferences(draft, direct.references) : draft;
      const form = new FormData();
      fillSectionForm<File | string>(form, sent, project.id);
      const result = await addSection(project.id, form, direct.kind === "ok" ? undefined : step);
      if (!result.ok || !result.data) {
        failure = result.message;
        break;
      }
      added.push(result.data._id);
    }
    if (added.length > 0) failure ??= await place(added, at);
    setProgress(null);
    if (failure) showToast(failure, "error");
    else showToast(messages.imageSectionsAdded, "success");
    if (added.length > 0) router.refresh();
  }

  /** A section or the end of the list takes dropped images, placed at `at`. */
  const dropHandlers = (at: number) => ({
    onDragOver: (event: React.DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDropTarget(at);
    },
    onDragLeave: () => setDropTarget(null),
    onDrop: (event: React.DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDropTarget(null);
      void addImageSections(Array.from(event.dataTransfer.files), at);
    },
  });

  const dropRing = (at: number) =>
    dropTarget === at ? "ring-accent rounded-lg ring-2 ring-offset-4" : "";

  function addForm(at: number) {
    if (open?.kind !== "add" || open.at !== at) return null;
    return (
      <EditorForm title="New section" onDirty={() => setDirty(true)} onCancel={() => show(null)}>
        <SectionForm
          mode="add"
          projectId={project.id}
          onSaved={async (section) => {
            const failure = section ? await place([section._id], at) : null;
            if (failure) showToast(failure, "error");
            saved(section ? EDIT_BUTTON_ID + section._id : EDIT_DETAILS_ID);
          }}
        />
      </EditorForm>
    );
  }

  const items = sections.map((section, index) => ({
    id: section.id,
    label: section.label,
    content: (
      <div className={`py-6 sm:pr-4 ${dropRing(index + 1)}`} {...dropHandlers(index + 1)}>
        {open?.kind === "edit" && open.id === section.id ? (
          <EditorForm
            title={`Edit ${section.label}`}
            onDirty={() => setDirty(true)}
            onCancel={() => show(null)}
          >
            <SectionForm
              mode="edit"
              projectId={project.id}
              initial={section.initial}
              onSaved={() => saved(EDIT_BUTTON_ID + section.id)}
            />
          </EditorForm>
        ) : (
          section.preview
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          <Actions
            section={{ id: section.id, title: section.initial.title }}
            index={index}
            onEdit={() => show({ kind: "edit", id: section.id })}
          />
          <button
            type="button"
            className={actionClass}
            aria-label={`Add section below ${section.label}`}
            onClick={() => show({ kind: "add", at: index + 1 })}
          >
            Add section below
          </button>
        </div>
        {addForm(index + 1)}
      </div>
    ),
  }));

  return (
    <>
      <div className="mb-12 sm:mb-16">
        {header}
        {open?.kind === "details" ? (
          <EditorForm title="Project details" onDirty={() => setDirty(true)}>
            <ProjectEditForm
              project={project}
              onCancel={() => show(null)}
              onSaved={() => saved(EDIT_DETAILS_ID)}
            />
          </EditorForm>
        ) : (
          <button
            type="button"
            id={EDIT_DETAILS_ID}
            className={`${actionClass} mt-6`}
            onClick={() => show({ kind: "details" })}
          >
            Edit details
          </button>
        )}
      </div>

      <div className={`mb-6 ${dropRing(0)}`} {...dropHandlers(0)}>
        <button type="button" className={actionClass} onClick={() => show({ kind: "add", at: 0 })}>
          Add section at the top
        </button>
        {addForm(0)}
      </div>

      {sections.length > 0 ? (
        <SortableList
          items={items}
          listLabel={`Sections of ${project.title}, in page order`}
          save={(ids) => saveSectionOrder(project.id, ids)}
          className="divide-y divide-black/10"
        />
      ) : open?.kind === "add" ? null : (
        <p className="text-muted py-6">No sections available for this project.</p>
      )}

      <section
        aria-label="Add images as sections"
        aria-describedby={dropHintId}
        className={`mt-10 rounded-lg border-2 border-dashed border-black/25 px-6 py-8 ${dropRing(sections.length)}`}
        {...dropHandlers(sections.length)}
      >
        <p id={dropHintId} className="text-muted mb-4">
          Drop images here, or on a section to place them after it: every {MAX_IMAGES} images make
          one image section, in file order.
        </p>
        <FileInput
          label="Images to add as sections (JPEG, PNG or GIF, up to 5 MB each)"
          multiple
          accept={acceptOf(sectionImageRule)}
          disabled={uploading}
          onChange={(event) => {
            void addImageSections(Array.from(event.currentTarget.files ?? []), sections.length);
            // Cleared so choosing the same files again still fires a change.
            event.currentTarget.value = "";
          }}
        />
        <div className="mt-4">
          <UploadProgress percent={progress} />
        </div>
        <div role="alert">
          {dropErrors.length > 0 ? (
            <ul className="mt-3 space-y-1 text-sm font-medium text-red-700">
              {dropErrors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </section>
      {guard.dialog}
    </>
  );
}

/**
 * A form opened in place, with its heading and Cancel; any input in it counts as an unsaved change
 * until it is saved or closed.
 */
function EditorForm({
  title,
  onDirty,
  onCancel,
  children,
}: {
  title: string;
  onDirty: () => void;
  /** Absent when the form has its own Cancel. */
  onCancel?: () => void;
  children: React.ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mt-4 rounded-lg border border-black/15 bg-white p-3 sm:p-6"
      onInput={onDirty}
      onChange={onDirty}
      onDrop={onDirty}
    >
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 id={headingId} className="text-xl font-semibold tracking-tight">
          {title}
        </h2>
        {onCancel ? (
          <button type="button" className={actionClass} onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
      {children}
    </section>
  );
}
