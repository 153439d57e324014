/** What the Edit project dialog starts from (it reads the rest, e.g. details, when it opens). */
export type EditableProject = {
  id: string;
  title: string;
  role: string;
  category: string;
  coverUrl: string;
};

/**
 * Only what the Edit dialog needs, from a stored project: every field passed to the owner's client
 * controls is repeated in the page's payload, for visitors too (the gallery's cards).
 */
export function editableProject({ id, title, role, category, coverUrl }: EditableProject) {
  return { id, title, role, category, coverUrl };
}
