import path from "node:path";
import { EnvError, parseEnv, type Env } from "@/lib/env";

/**
 * `npm run doctor -- --target vps|docker|vercel`: what a configuration lacks for a way of hosting
 * the site (deploy/README.md). Errors are settings the site would run wrongly without (data lost on
 * a serverless host, every visitor sharing one rate-limit budget behind a proxy); warnings are
 * choices worth a second look. Each finding names the variable and what to set.
 */

export const TARGETS = ["vps", "docker", "vercel"] as const;
export type Target = (typeof TARGETS)[number];

export type Finding = { level: "error" | "warning"; name: string; message: string };

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function checkDeployment(
  target: Target,
  source: Record<string, string | undefined>,
): Finding[] {
  let config: Env;
  try {
    config = parseEnv(source);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    const name = /variable (\S+):/.exec(error.message)?.[1] ?? "environment";
    return [{ level: "error", name, message: error.message }];
  }
  const findings: Finding[] = [];
  const error = (name: string, message: string) => findings.push({ level: "error", name, message });
  const warn = (name: string, message: string) =>
    findings.push({ level: "warning", name, message });
  const serverless = target === "vercel";
  const embeddedAuth = !config.NEXT_PUBLIC_SUPABASE_URL;

  // The public address: links, sitemap, share images, sign-in redirects, the Secure cookie.
  const siteUrl = config.NEXT_PUBLIC_SITE_URL ? new URL(config.NEXT_PUBLIC_SITE_URL) : null;
  if (!siteUrl) {
    error(
      "NEXT_PUBLIC_SITE_URL",
      "not set: set it to the site's public address (https://…); the sitemap, share images and " +
        "sign-in links are built from it.",
    );
  } else if (siteUrl.protocol !== "https:" && !LOCAL_HOSTS.has(siteUrl.hostname)) {
    error(
      "NEXT_PUBLIC_SITE_URL",
      `${siteUrl.origin} is not https: on the public internet the site needs TLS (the session ` +
        "cookie is only marked Secure on https).",
    );
  }

  // The client address behind the TLS proxy (Caddy, a load balancer, Vercel's edge).
  if (siteUrl?.protocol === "https:" && !config.AUTH_TRUST_PROXY) {
    error(
      "AUTH_TRUST_PROXY",
      `not "true" for an https site: behind ${serverless ? "Vercel's edge" : "the TLS proxy"} ` +
        "every visitor comes from the proxy's address and shares one sign-in rate-limit budget. " +
        "Set AUTH_TRUST_PROXY=true (and keep the app reachable only through the proxy).",
    );
  }

  // Where data lives.
  if (serverless) {
    if (!config.DATABASE_URL)
      error(
        "DATABASE_URL",
        "not set: Vercel's functions have no lasting disk, so the embedded database in DATA_DIR " +
          "would be lost. Set a PostgreSQL URL (e.g. Supabase's pooled connection string).",
      );
    if (!config.CLOUDINARY_URL)
      error(
        "CLOUDINARY_URL",
        "not set: uploads would be written to the function's temporary disk and lost. Set " +
          "CLOUDINARY_URL.",
      );
    // Vercel's 4.5 MB body limit no longer applies to the owner's uploads: with CLOUDINARY_URL
    // they go from the browser straight to Cloudinary (docs/api.md).
  } else if (
    !config.DATABASE_URL &&
    !path.isAbsolute(source.DATA_DIR ?? "") &&
    // The image sets DATA_DIR=/data (its volume) unless the settings override it.
    !(target === "docker" && !source.DATA_DIR)
  ) {
    warn(
      "DATA_DIR",
      `${source.DATA_DIR ? `"${source.DATA_DIR}" is relative` : "not set (./data)"}: use an ` +
        `absolute path outside the app folder (${target === "docker" ? "/data, the image's volume" : "/var/lib/portfolio"}), ` +
        "so a redeploy of the code cannot touch the database and media.",
    );
  }
  if (config.DATABASE_URL) {
    const database = new URL(config.DATABASE_URL);
    const local = LOCAL_HOSTS.has(database.hostname) || database.hostname === "";
    if (!local && !/sslmode=(require|verify-ca|verify-full)/.test(database.search))
      warn(
        "DATABASE_URL",
        `the database at ${database.hostname} is reached without ?sslmode=require: add it so ` +
          "passwords and content cross the network encrypted.",
      );
  }

  // Owner sign-in.
  if (!embeddedAuth && config.OWNER_EMAILS.length === 0) {
    error(
      "OWNER_EMAILS",
      "not set: with hosted Supabase auth only the addresses listed here are owners; without one " +
        "nobody can manage the site.",
    );
  }
  if (embeddedAuth) {
    // With DATABASE_URL the embedded service keeps its signing keys and rate limits in the
    // database; what it would still keep on the function's passing disk must come from settings.
    if (serverless && !config.SMTP_URL) {
      error(
        "SMTP_URL",
        "not set: the embedded auth service would write password-reset mails to DATA_DIR/outbox " +
          "on the function's temporary disk, where nobody reads them. Set an SMTP server, or use " +
          "hosted Supabase auth (NEXT_PUBLIC_SUPABASE_URL and NEXT_PUBLIC_SUPABASE_ANON_KEY).",
      );
    }
    if (serverless && !config.AUTH_SETUP_TOKEN && config.OWNER_EMAILS.length === 0) {
      error(
        "AUTH_SETUP_TOKEN",
        "not set: each function instance would make its own owner setup token in DATA_DIR. Set " +
          "a token of 16+ characters (the setup link is then /signup?setup_token=<token>).",
      );
    }
    if (!serverless && !config.SMTP_URL) {
      warn(
        "SMTP_URL",
        "not set: password-reset mails are written to DATA_DIR/outbox/*.eml on the server " +
          "instead of being sent. Set an SMTP server to receive them.",
      );
    }
    if (!config.AUTH_SETUP_TOKEN && config.OWNER_EMAILS.length === 0 && target === "docker")
      warn(
        "AUTH_SETUP_TOKEN",
        "not set: the owner's one-time setup link is only printed in the container's log " +
          "(docker logs) at first start. Set a token of 16+ characters to know it in advance.",
      );
  }
  if (config.AUTH_SIGNUP === "open")
    warn("AUTH_SIGNUP", '"open": anyone can create an account (without owner rights).');
  return findings;
}

/** The findings as lines for a terminal, and a last line that sums them up. */
export function formatFindings(target: Target, findings: Finding[]): string {
  const lines = findings.map(
    (finding) =>
      `${finding.level === "error" ? "✗ error  " : "! warning"} ${finding.name}: ${finding.message}`,
  );
  const errors = findings.filter((finding) => finding.level === "error").length;
  const warnings = findings.length - errors;
  lines.push(
    findings.length === 0
      ? `Configuration for ${target}: no problems found.`
      : `Configuration for ${target}: ${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}.`,
  );
  return lines.join("\n");
}
