/**
 * The user-facing texts of the owner screens, verbatim from the spec (§5, §8), odd spellings
 * included: clients and tests match them exactly.
 */
export const messages = {
  addProjectMissing: "Please fill in all Feilds !",
  updateProjectMissing: "Please fill in all fields!",
  projectAdded: "Project added successfully!",
  addProjectFailed: "Failed to add project",
  projectUpdated: "Project updated successfully!",
  updateProjectFailed: "Failed to update the project.",
  updateProjectException: "An unexpected error occurred while updating the project.",
  projectDeleted: "Project deleted successfully!",
  deleteProjectFailed: "Failed to delete project",
  deleteProjectException: "An unexpected error occurred while deleting the project.",
  confirmDeleteProject: "Are you sure you want to delete this project?",
  sectionAdded: "Section added successfully!",
  addSectionFailed: "Failed to add section",
  sectionEmpty: "At least one field is required",
  requestFailed: "Request failed",
  networkError: "Network error",
  sectionUpdated: "Section updated successfully!",
  updateFailed: "Update failed",
  sectionDeleted: "Section deleted successfully",
  deleteSectionFailed: "Failed to delete the section",
  confirmDeleteSection: "Are you sure you want to delete this Section?",
  settingsSaved: "Settings saved successfully!",
  settingsFailed: "Failed to save the settings",
} as const;

// The file texts are the API's own, so the browser's early check reads exactly like the server's.
export { fileTooLarge, invalidFileType, tooManyImages } from "@/lib/validation/messages";
