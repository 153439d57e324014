"use server";

import { after } from "next/server";
import { headers } from "next/headers";
import { receiveContactMessage } from "@/lib/site/contact";
import { sendMailsNow } from "@/lib/site/contact-mail";
import { CONTACT_LIMITS, readContactInput, type ContactFormState } from "@/lib/validation/contact";
import { contactPageTexts } from "@/lib/validation/contact-page";

/**
 * The contact page's form, with or without JavaScript (docs/spec.md §12): the same checks and
 * answers as POST /api/contact (lib/site/contact.ts). Without JavaScript the page is rendered
 * again with this state: the fields keep what was typed and show their errors.
 */
export async function sendContactMessage(
  _previous: ContactFormState,
  form: FormData,
): Promise<ContactFormState> {
  const read = (name: string) => form.get(name);
  const values = readContactInput(read);
  let size = 0;
  for (const [name, value] of form)
    size += name.length + (typeof value === "string" ? Buffer.byteLength(value) : value.size);
  if (size > CONTACT_LIMITS.bodyBytes)
    return { status: "error", message: contactPageTexts.tooLarge, fieldErrors: {}, values };
  // Only for the client address, which lib/site/contact.ts reads from the request's headers.
  const request = new Request("http://contact.invalid/", { headers: await headers() });
  const result = await receiveContactMessage(request, read);
  if (result.ok) {
    if (result.folder === "inbox") after(sendMailsNow);
    return { status: "sent", message: contactPageTexts.sent, fieldErrors: {}, values: null };
  }
  return {
    status: "error",
    message: result.message,
    fieldErrors: result.fieldErrors ?? {},
    values,
  };
}
