import "server-only";
import { env } from "@/lib/env";
import { findFirstAccountEmail } from "@/lib/auth/owner";
import { deliverMail, escapeHtml, type Mail } from "@/lib/auth-service/mail";
import {
  claimDueMails,
  markMailed,
  nextMailDue,
  type ContactMessage,
} from "@/lib/data/contact-messages";
import { getSiteSettings } from "@/lib/data/settings";
import { getCachedSiteUrl } from "./site-url";

/*
 * The owner's mail about each message in the inbox (docs/operations.md "Contact mail"): the
 * message is stored first and owes a mail; the mail goes out after, through SMTP_URL or to
 * DATA_DIR/outbox like reset mails. A failed send is tried again 10 s later, then after twice as
 * long each time up to an hour, from the database, so a restart or another server picks it up.
 */

const FIRST_RETRY_MS = 10_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** Even with nothing owed, look again this often: another server may have stored one. */
const IDLE_WAKE_MS = 5 * 60_000;

export const retryDelay = (attempts: number) =>
  Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

/** Where the owner reads mail: the site's contact e-mail, else the owner's account. */
async function ownerAddress(contactEmail: string): Promise<string | null> {
  return contactEmail || env().OWNER_EMAILS[0] || (await findFirstAccountEmail());
}

export function buildMessageMail(
  to: string,
  siteName: string,
  message: ContactMessage,
  origin: string,
): Mail {
  const inbox = new URL("/inbox", origin).href;
  const project = message.projectId
    ? `${message.projectTitle ?? "a project"} (${new URL(`/sections/${message.projectId}`, origin).href})`
    : null;
  const details: [string, string | null][] = [
    ["From", `${message.name} <${message.email}>`],
    ["About", project],
    ["Budget", message.budget],
    ["Deadline", message.deadline],
  ];
  const lines = details.filter((entry): entry is [string, string] => entry[1] !== null);
  const text = [
    ...lines.map(([label, value]) => `${label}: ${value}`),
    "",
    message.message,
    "",
    `Reply to this e-mail to answer ${message.name}, or read it in your inbox: ${inbox}`,
  ].join("\n");
  const html = `${lines.map(([label, value]) => `<p><strong>${label}:</strong> ${escapeHtml(value)}</p>`).join("\n")}
<p style="white-space:pre-wrap">${escapeHtml(message.message)}</p>
<p>Reply to this e-mail to answer ${escapeHtml(message.name)}, or read it in <a href="${escapeHtml(inbox)}">your inbox</a>.</p>`;
  return {
    to,
    replyTo: message.email,
    subject: `New message from ${message.name.replace(/[\r\n]+/g, " ")} on ${siteName}`,
    text,
    html,
  };
}

/** Sends every owed mail that is due; each failure is tried again later. */
export async function sendDueMails(now = new Date()): Promise<{ sent: number; failed: number }> {
  const due = await claimDueMails(
    now,
    (attempts) => new Date(now.getTime() + retryDelay(attempts)),
  );
  let sent = 0;
  let failed = 0;
  if (due.length > 0) {
    const { ownerName, contactEmail } = await getSiteSettings();
    const to = await ownerAddress(contactEmail);
    // Links in the mail: NEXT_PUBLIC_SITE_URL, else this server.
    const origin = getCachedSiteUrl().origin;
    for (const message of due) {
      try {
        if (!to) throw new Error("no owner address (set a contact e-mail in the site settings)");
        await deliverMail(buildMessageMail(to, ownerName, message, origin), origin);
        await markMailed(message.id);
        sent++;
      } catch (error) {
        failed++;
        console.error(
          `Contact message ${message.id}: mail to the owner failed (attempt ${message.mailAttempts + 1}, tried again in ${Math.round(retryDelay(message.mailAttempts + 1) / 1000)} s): ${(error as Error).message}`,
        );
      }
    }
  }
  return { sent, failed };
}

let timer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<void> | undefined;

/**
 * Sends what is due now and wakes again when the next owed mail is due (at most IDLE_WAKE_MS
 * later). Called at start-up and after each stored message; unref'd, so it never keeps the
 * process alive.
 */
export function sendMailsNow(): Promise<void> {
  running ??= (async () => {
    try {
      await sendDueMails();
    } catch (error) {
      console.error(`Contact mails: ${(error as Error).message}`);
    } finally {
      running = undefined;
    }
    const next = await nextMailDue().catch(() => null);
    const wait = next ? Math.max(1000, next.getTime() - Date.now()) : IDLE_WAKE_MS;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void sendMailsNow(), Math.min(wait, IDLE_WAKE_MS));
    timer.unref();
  })();
  return running;
}
