import { ownerWrite } from "@/lib/api/owner-write";
import { publicRead } from "@/lib/api/public-read";
import { answer, methodNotAllowed, ok, okBody } from "@/lib/api/respond";
import { saveSettingsFromRequest } from "@/lib/api/settings";
import { TAGS } from "@/lib/cache";
import { getSiteSettings } from "@/lib/data/settings";
import { toPublicSettingsJson } from "@/lib/data/serialize";
import { messages } from "@/lib/validation/messages";

/** The public site settings (what the header, home, About, Reel and footer show). */
export async function GET(request: Request): Promise<Response> {
  // The same for everyone: the owner's read comes from the cache too (a save expires it).
  return answer(async () =>
    publicRead(request, { owner: false }, ["settings"], [TAGS.settings], async () =>
      okBody(messages.settingsFetched, toPublicSettingsJson(await getSiteSettings())),
    ),
  );
}

/**
 * Owner only. Multipart: ownerName, tagline, biography, contactEmail, showreelUrl,
 * socials.{behance,github,instagram,dribbble}, and an optional portrait file (the cover rules:
 * jpeg, png or gif by their bytes, at most 5 MB) or removePortrait=true.
 */
export const PUT = ownerWrite(async (request) =>
  ok(messages.settingsSaved, await saveSettingsFromRequest(request)),
);

const refuse = methodNotAllowed("GET", "PUT");
export { refuse as POST, refuse as DELETE, refuse as PATCH };
