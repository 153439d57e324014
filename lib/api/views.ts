import "server-only";
import { isbot } from "isbot";
import { getUser, requireOwner } from "@/lib/auth";
import { readClientAddress } from "@/lib/auth-service/http";
import { type DeviceKind } from "@/lib/domain";
import { env } from "@/lib/env";
import { JsonBodyError, parseJsonObject, readBodyText } from "@/lib/http/json-body";
import {
  countView,
  daysBetween,
  flushViews,
  isVisitorProjectPage,
  readInsights,
  utcDay,
  type InsightsJson,
} from "@/lib/data/views";
import { ApiError } from "./respond";

/** A beacon's body: `{ "p": path, "r": referrer }`, far below this. */
const BEACON_MAX_BYTES = 1024;
/** Beacons one client address may send in a minute; the rest are answered 429, unread. */
export const BEACONS_PER_ADDRESS_PER_MINUTE = 60;
/** Client addresses remembered in a minute: a new one beyond them is refused until the next. */
const LIMITED_ADDRESSES = 10_000;
/** A host name is at most 253 characters (DNS); a longer "referrer" is not counted as one. */
const MAX_HOST_LENGTH = 253;

// On globalThis: the route handler and the beacons answered before Next.js (instrumentation) are
// separate bundles and must share one count.
const limitKey = Symbol.for("portfolio.views.limit");

/**
 * Whether `address` has spent its beacons of the current minute (docs/security.md, "Insights"):
 * a count per address in memory, reset every minute, for at most LIMITED_ADDRESSES addresses, so
 * a flood neither grows memory nor reaches the counts. Beacons the headers already leave uncounted
 * (bots, prefetches, GPC/DNT) cost no more than a header read and do not spend it.
 */
function overBeaconLimit(address: string, now = Date.now()): boolean {
  const g = globalThis as typeof globalThis & {
    [limitKey]?: { start: number; counts: Map<string, number> };
  };
  let minute = g[limitKey];
  if (!minute || now - minute.start >= 60_000)
    minute = g[limitKey] = { start: now, counts: new Map() };
  const sent = minute.counts.get(address) ?? 0;
  if (sent === 0 && minute.counts.size >= LIMITED_ADDRESSES) return true;
  minute.counts.set(address, sent + 1);
  return sent >= BEACONS_PER_ADDRESS_PER_MINUTE;
}

/** The public pages whose views count; a project page by its id (docs/security.md, "Insights"). */
const COUNTED_PAGE = /^\/(?:about|reel|contact|privacy)?$/;
const PROJECT_PAGE = /^\/sections\/([0-9a-f]{24})$/;

/**
 * Why a beacon is not counted, before its body is read: a bot (isbot's list, or no user agent),
 * a prefetch or prerender (`Sec-Purpose`/`Purpose`), a visitor asking not to be tracked
 * (`Sec-GPC: 1` or `DNT: 1`, honoured), or a page of another site.
 */
function ignoredByHeaders(headers: Beacon["headers"]): boolean {
  const userAgent = headers.get("user-agent") ?? "";
  if (userAgent === "" || isbot(userAgent)) return true;
  if (/prefetch/i.test(`${headers.get("sec-purpose") ?? ""} ${headers.get("purpose") ?? ""}`))
    return true;
  if (headers.get("sec-gpc") === "1" || headers.get("dnt") === "1") return true;
  return headers.get("sec-fetch-site") === "cross-site";
}

/** The device class by user agent: tablets, then phones, then everything else. */
export function deviceOf(userAgent: string): DeviceKind {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return "mobile";
  return "desktop";
}

/** The referring site's host; null for none, an unreadable one, or this site's own pages. */
function referrerHost(referrer: unknown, request: Beacon): string | null {
  if (typeof referrer !== "string" || referrer === "") return null;
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    host = url.hostname.toLowerCase();
  } catch {
    return null;
  }
  if (host.length > MAX_HOST_LENGTH) return null;
  const own = new Set([new URL(request.url).hostname]);
  const requestHost = request.headers.get("host");
  if (requestHost) own.add(requestHost.replace(/:\d+$/, "").toLowerCase());
  const siteUrl = env().NEXT_PUBLIC_SITE_URL;
  if (siteUrl) own.add(new URL(siteUrl).hostname);
  return own.has(host) ? null : host;
}

/**
 * A beacon as recordView reads it: the route handler's Request (beaconOf), or Node's own request
 * as the server receives it (lib/startup/view-beacons.ts), which spares every beacon a WHATWG
 * Request, Headers and body stream (docs/performance.md#view-beacons).
 */
export type Beacon = {
  url: string;
  headers: Pick<Headers, "get" | "has">;
  /** The body as text, at most `maxBytes`: JsonBodyError "too_large" beyond them. */
  text: (maxBytes: number) => Promise<string>;
  /** The beacon as a Request, for the owner's session check (a beacon with a cookie or token). */
  request: () => Request;
};

/** A Request as a beacon: the route handler's. */
export function beaconOf(request: Request): Beacon {
  return {
    url: request.url,
    headers: request.headers,
    text: (maxBytes) => readBodyText(request, maxBytes),
    request: () => request,
  };
}

/**
 * POST /api/views (docs/api.md#views): counts the view a public page's beacon reports, unless a
 * rule above, an unknown page or the signed-in owner says otherwise. The answer is the same (204)
 * whether the view counted or not; only an address over its limit (429) and a body that is not a
 * beacon's are refused.
 */
export async function recordView(request: Beacon): Promise<Response> {
  if (ignoredByHeaders(request.headers)) return new Response(null, { status: 204 });
  // Before the body is read: what is left of a flood costs a map lookup.
  if (overBeaconLimit(readClientAddress(request)))
    return new Response(null, { status: 429, headers: { "Retry-After": "60" } });
  let body: Record<string, unknown>;
  try {
    body = parseJsonObject(await request.text(BEACON_MAX_BYTES));
  } catch (error) {
    if (!(error instanceof JsonBodyError)) throw error;
    if (error.problem === "too_large") throw new ApiError(413, "A view report is at most 1 kB");
    throw new ApiError(400, 'A view report is JSON: {"p": path, "r": referrer}');
  }
  const path = body.p;
  if (typeof path !== "string") throw new ApiError(400, "A view report needs the page's path");
  const projectId = PROJECT_PAGE.exec(path)?.[1] ?? null;
  if (!COUNTED_PAGE.test(path) && !(projectId && (await isVisitorProjectPage(projectId))))
    return new Response(null, { status: 204 });
  if (request.headers.has("cookie") || request.headers.has("authorization")) {
    if ((await getUser(request.request()))?.isOwner) return new Response(null, { status: 204 });
  }
  const userAgent = request.headers.get("user-agent") ?? "";
  await countView({
    path,
    projectId,
    referrer: referrerHost(body.r, request),
    device: deviceOf(userAgent),
    address: readClientAddress(request),
    userAgent,
  });
  return new Response(null, { status: 204 });
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The longest range GET /api/insights answers, in days (about ten years). */
const MAX_RANGE_DAYS = 3660;
/** Without `from`, the range is the 30 days that end with `to` (today by default). */
const DEFAULT_RANGE_DAYS = 30;

function parseDay(value: string | null, name: string): string | null {
  if (value === null) return null;
  if (!DATE.test(value) || utcDay(Date.parse(value) || 0) !== value)
    throw new ApiError(400, `${name} must be a date as YYYY-MM-DD`);
  return value;
}

/** The range of ?from=&to= (docs/api.md#insights); 400 for a date that is not one, or backwards. */
export function insightsRange(url: URL): { from: string; to: string } {
  const to = parseDay(url.searchParams.get("to"), "to") ?? utcDay();
  const from =
    parseDay(url.searchParams.get("from"), "from") ??
    utcDay(Date.parse(to) - (DEFAULT_RANGE_DAYS - 1) * 86_400_000);
  if (from > to) throw new ApiError(400, "from must not be after to");
  if (daysBetween(from, to).length > MAX_RANGE_DAYS)
    throw new ApiError(400, `The range may span at most ${MAX_RANGE_DAYS} days`);
  return { from, to };
}

/**
 * GET /api/insights for the owner: this server's buffered views written first, so the answer
 * includes every view it has taken; then the counts of the range.
 */
export async function ownerInsights(request: Request): Promise<InsightsJson> {
  await requireOwner(request);
  const { from, to } = insightsRange(new URL(request.url));
  await flushViews();
  return readInsights(from, to);
}
