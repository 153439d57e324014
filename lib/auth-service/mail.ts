import "server-only";
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import nodemailer from "nodemailer";
import { env } from "@/lib/env";

export type Mail = { to: string; subject: string; text: string; html: string; replyTo?: string };

export type MailDelivery = { via: "smtp" } | { via: "outbox"; file: string };

/** Where mails go without SMTP_URL: one .eml file per message, newest last by name. */
export function outboxDir(dataDir = env().DATA_DIR): string {
  return path.join(/* turbopackIgnore: true */ dataDir, "outbox");
}

function sender(siteOrigin: string): string {
  return env().MAIL_FROM ?? `no-reply@${new URL(siteOrigin).hostname}`;
}

/**
 * Sends through SMTP when SMTP_URL is set. Otherwise the message is written to DATA_DIR/outbox so
 * that a single-machine install can still complete a password reset.
 */
export async function deliverMail(mail: Mail, siteOrigin: string): Promise<MailDelivery> {
  const { SMTP_URL } = env();
  const message = { ...mail, from: sender(siteOrigin) };
  if (SMTP_URL) {
    await nodemailer.createTransport(SMTP_URL).sendMail(message);
    return { via: "smtp" };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const { message: raw } = await transport.sendMail(message);
  const dir = outboxDir();
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`;
  const file = path.join(/* turbopackIgnore: true */ dir, name);
  fs.writeFileSync(file, raw as Buffer, { mode: 0o600 });
  return { via: "outbox", file };
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The password-reset mail: site name, the link, and how long it stays valid. */
export function buildRecoveryMail(
  to: string,
  siteName: string,
  link: string,
  minutes: number,
): Mail {
  const subject = `Reset your password for ${siteName}`;
  const text = [
    `Someone asked to reset the password of the ${siteName} account for ${to}.`,
    "",
    `Open this link to choose a new password (it works once and expires in ${minutes} minutes):`,
    link,
    "",
    "If you did not ask for this, ignore this e-mail: your password stays as it is.",
  ].join("\n");
  const html = `<p>Someone asked to reset the password of the ${escapeHtml(siteName)} account for ${escapeHtml(to)}.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works once and expires in ${minutes} minutes).</p>
<p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`;
  return { to, subject, text, html };
}

/** The owner-address confirmation mail: opening the link proves the address is theirs. */
export function buildConfirmationMail(
  to: string,
  siteName: string,
  link: string,
  hours: number,
): Mail {
  const subject = `Confirm the owner account for ${siteName}`;
  const text = [
    `Someone created the owner account of ${siteName} with ${to}.`,
    "",
    `Open this link to confirm the address and finish (it works once and expires in ${hours} hours):`,
    link,
    "",
    "If this was not you, ignore this e-mail: without the link the account gets no rights.",
  ].join("\n");
  const html = `<p>Someone created the owner account of ${escapeHtml(siteName)} with ${escapeHtml(to)}.</p>
<p><a href="${escapeHtml(link)}">Confirm the address</a> (the link works once and expires in ${hours} hours).</p>
<p>If this was not you, ignore this e-mail: without the link the account gets no rights.</p>`;
  return { to, subject, text, html };
}
