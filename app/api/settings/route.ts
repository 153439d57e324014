import { storeUploads, uploadTmpDir, commitWithMedia } from "@/lib/api/media";
import { answer, ApiError, methodNotAllowed, ok } from "@/lib/api/respond";
import { requireOwner } from "@/lib/auth";
import { invalidateSettings } from "@/lib/cache";
import { getSiteSettings, updateSiteSettings } from "@/lib/data/settings";
import { deleteMediaQuietly } from "@/lib/storage";
import { parseMultipart } from "@/lib/uploads/parse";
import { coverRule } from "@/lib/uploads/rules";
import { readSettingsFields } from "./settings-form";

/** The public site settings (what the header, home, About, Reel and footer show). */
export async function GET(): Promise<Response> {
  return answer(async () => ok("Settings fetched successfully", await getSiteSettings()));
}

/**
 * Owner only. Multipart: ownerName, tagline, biography, contactEmail, showreelUrl,
 * socials.{behance,github,instagram,dribbble}, and an optional portrait file (the cover rules:
 * jpeg, png or gif by their bytes, at most 5 MB) or removePortrait=true.
 */
export async function PUT(request: Request): Promise<Response> {
  return answer(async () => {
    // Checked before the body is read, so a visitor cannot make the server store an upload.
    await requireOwner(request);
    const form = await parseMultipart(request, { portrait: coverRule }, uploadTmpDir());
    try {
      const fields = readSettingsFields(form.fields);
      if (!fields.ok) throw new ApiError(400, fields.message);
      const { removePortrait, ...text } = fields.value;
      const stored = await storeUploads(form.files.portrait ?? []);
      const saved = await commitWithMedia(stored, async () => {
        const current = await getSiteSettings();
        const keep = !removePortrait;
        return updateSiteSettings({
          ...text,
          portraitUrl: stored[0]?.url ?? (keep ? current.portraitUrl : ""),
          portraitKey: stored[0]?.key ?? (keep ? current.portraitKey : null),
        });
      });
      if (!saved) throw new Error("Settings were not saved");
      // Only after the commit: the replaced portrait is no longer referenced.
      if (saved.before.portraitKey !== saved.after.portraitKey) {
        await deleteMediaQuietly([saved.before.portraitKey]);
      }
      invalidateSettings();
      return ok("Settings saved successfully!", saved.after);
    } finally {
      await form.cleanup();
    }
  });
}

const refuse = methodNotAllowed("GET", "PUT");
export { refuse as POST, refuse as DELETE, refuse as PATCH };
