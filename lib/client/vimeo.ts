import { messages } from "@/lib/validation/messages";

/**
 * The browser checks Vimeo links with the API's own normaliser (one rule, no drift) and words a
 * refusal as the add or the edit form does (spec §5).
 */
export { normalizeVimeoUrl } from "@/lib/validation/vimeo";
export const invalidVimeoAdd = messages.invalidVimeoAdd;
export const invalidVimeoEdit = messages.invalidVimeoEdit;
