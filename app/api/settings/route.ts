import path from "node:path";
import { NextResponse } from "next/server";
import { AuthError, requireOwner } from "@/lib/auth";
import { invalidateSettings } from "@/lib/cache";
import { getSiteSettings, updateSiteSettings } from "@/lib/data/settings";
import { env } from "@/lib/env";
import { deleteMediaQuietly, getStorage } from "@/lib/storage";
import { UploadError } from "@/lib/uploads/errors";
import { parseMultipart } from "@/lib/uploads/parse";
import { coverRule } from "@/lib/uploads/rules";
import type { SiteSettings } from "@/lib/validation/site-settings";
import { readSettingsFields } from "./settings-form";

function answer(status: number, message: string, data?: SiteSettings) {
  return NextResponse.json({ success: status < 400, message, data }, { status });
}

/** The public site settings (what the header, home, About, Reel and footer show). */
export async function GET() {
  return answer(200, "Settings fetched successfully", await getSiteSettings());
}

/**
 * Owner only. Multipart: ownerName, tagline, biography, contactEmail, showreelUrl,
 * socials.{behance,github,instagram,dribbble}, optional portrait file (the cover rules: jpeg, png
 * or gif by their bytes, at most 5 MB) or removePortrait=true.
 */
export async function PUT(request: Request) {
  // The owner is checked before the body is read, so strangers cannot make us store uploads.
  try {
    await requireOwner(request);
  } catch (error) {
    if (error instanceof AuthError) return answer(error.status, error.message);
    throw error;
  }
  let form;
  try {
    form = await parseMultipart(request, { portrait: coverRule }, path.join(env().DATA_DIR, "tmp"));
  } catch (error) {
    if (error instanceof UploadError) return answer(error.status, error.message);
    throw error;
  }
  try {
    const fields = readSettingsFields(form.fields);
    if (!fields.ok) return answer(400, fields.message);
    const { removePortrait, ...text } = fields.value;
    const current = await getSiteSettings();
    const portrait = form.files.portrait?.[0];
    const stored = portrait
      ? await getStorage().put({
          path: portrait.path,
          contentType: portrait.contentType,
          kind: "image",
          width: portrait.width,
          height: portrait.height,
        })
      : null;
    const next: SiteSettings = {
      ...text,
      portraitUrl: stored?.url ?? (removePortrait ? "" : current.portraitUrl),
      portraitKey: stored?.key ?? (removePortrait ? null : current.portraitKey),
    };
    let saved;
    try {
      saved = await updateSiteSettings(next);
    } catch (error) {
      await deleteMediaQuietly([stored?.key]);
      throw error;
    }
    // Only after the commit: the old portrait is no longer referenced.
    if (saved.before.portraitKey !== saved.after.portraitKey) {
      await deleteMediaQuietly([saved.before.portraitKey]);
    }
    invalidateSettings();
    return answer(200, "Settings saved successfully!", saved.after);
  } finally {
    await form.cleanup();
  }
}
