import { after } from "next/server";
import { readContactBody } from "@/lib/api/contact";
import { answer, methodNotAllowed, ok } from "@/lib/api/respond";
import { receiveContactMessage } from "@/lib/site/contact";
import { sendMailsNow } from "@/lib/site/contact-mail";
import { contactPageTexts } from "@/lib/validation/contact-page";

/**
 * A visitor's message (docs/api.md "Contact"): JSON or a form post, at most 10 kB (413). 201 once
 * it is stored, in the inbox or under Spam (the answer does not say which); the owner's mail goes
 * out after the answer. 400 with `errors` by field, 429 when the address's or the site's budget is
 * spent.
 */
export async function POST(request: Request): Promise<Response> {
  return answer(async () => {
    const read = await readContactBody(request);
    const result = await receiveContactMessage(request, read);
    if (!result.ok)
      return Response.json(
        {
          success: false,
          message: result.message,
          data: null,
          ...(result.fieldErrors ? { errors: result.fieldErrors } : {}),
        },
        { status: result.status },
      );
    if (result.folder === "inbox") after(sendMailsNow);
    return ok(contactPageTexts.stored, { _id: result.id }, 201);
  });
}

const refuse = methodNotAllowed("POST");
export { refuse as GET, refuse as PUT, refuse as DELETE, refuse as PATCH };
