import { messages as apiMessages } from "@/lib/validation/messages";
import { NETWORK_ERROR } from "./result";

/**
 * The user-facing texts of the owner screens, verbatim from docs/spec.md (§5, §8), odd spellings
 * included: clients and tests match them exactly. Texts the API also uses come from its module.
 */
export const messages = {
  addProjectMissing: apiMessages.addProjectMissing,
  updateProjectMissing: apiMessages.updateProjectMissing,
  projectAdded: "Project added successfully!",
  addProjectFailed: "Failed to add project",
  projectUpdated: apiMessages.projectUpdated,
  updateProjectFailed: "Failed to update the project.",
  updateProjectException: "An unexpected error occurred while updating the project.",
  projectDeleted: apiMessages.projectDeleted,
  deleteProjectFailed: "Failed to delete project",
  deleteProjectException: "An unexpected error occurred while deleting the project.",
  confirmDeleteProject: "Are you sure you want to delete this project?",
  sectionAdded: apiMessages.sectionAdded,
  addSectionFailed: "Failed to add section",
  sectionEmpty: apiMessages.sectionEmpty,
  requestFailed: "Request failed",
  networkError: NETWORK_ERROR,
  sectionUpdated: apiMessages.sectionUpdated,
  updateFailed: "Update failed",
  sectionDeleted: apiMessages.sectionDeleted,
  deleteSectionFailed: "Failed to delete the section",
  confirmDeleteSection: "Are you sure you want to delete this Section?",
  orderSaved: "Order saved",
  orderFailed: "The new order could not be saved. The previous order is back.",
  // The trash (docs/spec.md §10).
  undo: apiMessages.undo,
  projectRestored: apiMessages.projectRestored,
  sectionRestored: apiMessages.sectionRestored,
  restoreFailed: apiMessages.restoreFailed,
  confirmDeleteForever: "Delete it for good, with its media? This cannot be undone.",
  settingsSaved: "Settings saved successfully!",
  // The project editor (docs/spec.md §2, the project editor).
  confirmDiscard: "You have unsaved changes. Discard them?",
  imageSectionsAdded: "Image sections added",
  settingsFailed: "Failed to save the settings",
} as const;
