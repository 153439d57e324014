import { SMTPServer } from "smtp-server";
import { freePort } from "./server";

export type ReceivedMail = { to: string[]; raw: string };

/**
 * A real SMTP listener on a free port (or `port`: a mail server coming back where it was) that
 * keeps every message it receives.
 */
export async function startSmtpServer(port?: number) {
  const received: ReceivedMail[] = [];
  const waiting: ((mail: ReceivedMail) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mail = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        };
        received.push(mail);
        waiting.shift()?.(mail);
        callback();
      });
    },
  });
  const listenPort = port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${listenPort}`,
    received,
    /** The next message to arrive (or one that already arrived and was not taken yet). */
    nextMail: (timeoutMs = 10_000) =>
      new Promise<ReceivedMail>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("No mail arrived")), timeoutMs);
        waiting.push((mail) => {
          clearTimeout(timer);
          resolve(mail);
        });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** UTF-8 text from its quoted-printable form (soft line breaks already joined). */
const fromQuotedPrintable = (text: string) =>
  Buffer.from(
    text.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

/** Decodes the quoted-printable or base64 body parts of a raw message into plain text. */
export function decodeMailBody(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const [head = "", ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join("\n\n");
      if (/content-transfer-encoding:\s*base64/i.test(head))
        return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head))
        return fromQuotedPrintable(body.replace(/=\r?\n/g, ""));
      return body;
    })
    .join("\n");
}

/** The first /auth/v1/verify link in a message. */
export function findVerifyLink(raw: string): string {
  const match = /https?:\/\/[^\s"<>]+\/auth\/v1\/verify\?[^\s"<>]+/.exec(decodeMailBody(raw));
  if (!match) throw new Error(`No verify link in the mail:\n${raw}`);
  return match[0].replace(/&amp;/g, "&");
}

/** A message's Subject header, its RFC 2047 encoded words (nodemailer's Q or B) decoded. */
export function mailSubject(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? "";
  return (
    header
      // Encoded words on folded lines join without the whitespace between them.
      .replace(/\?=\s+=\?/g, "?==?")
      .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
        kind.toLowerCase() === "b"
          ? Buffer.from(text, "base64").toString("utf8")
          : fromQuotedPrintable(text.replace(/_/g, " ")),
      )
  );
}
