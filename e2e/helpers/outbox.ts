import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { decodeMailBody } from "../../test/helpers/mail";

/**
 * The e2e servers write mails to DATA_DIR/outbox (no SMTP_URL). Their DATA_DIRs are E2E_DATA_DIR-N
 * or temporary portfolio-e2e-* directories named after the runner's pid, which workers do not know,
 * so the outboxes are searched for a message to `to` whose link points at this run's server.
 */
function listOutboxFiles(): string[] {
  const prefix = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), "portfolio-e2e-");
  const parent = path.dirname(prefix);
  const roots = fs
    .readdirSync(parent)
    .filter((name) => name.startsWith(path.basename(prefix)))
    .map((name) => path.join(parent, name));
  return roots.flatMap((root) => {
    const dir = path.join(root, "outbox");
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => path.join(dir, name)) : [];
  });
}

/** Waits for a reset mail sent after `since` and returns its verify link. */
export async function waitForResetLink(
  to: string,
  baseURL: string,
  since: number,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of listOutboxFiles()) {
      if (fs.statSync(file).mtimeMs < since) continue;
      const text = decodeMailBody(fs.readFileSync(file, "utf8"));
      const link = text.match(/https?:\/\/[^\s"<>]+\/auth\/v1\/verify\?[^\s"<>]+/)?.[0];
      if (text.includes(to) && link?.startsWith(baseURL)) return link.replace(/&amp;/g, "&");
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No reset mail to ${to} for ${baseURL} arrived in the outbox`);
}
