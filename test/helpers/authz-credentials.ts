import type { User } from "@supabase/supabase-js";
import type { SignedIn } from "./auth";
import { sessionCookie, type ForgedToken } from "./authz-tokens";

// The ways of pretending to be the owner that the authorization matrix tries, as request headers:
// forged or dead tokens as Bearer and as the @supabase/ssr cookie, a non-owner's real session,
// Next.js's internal subrequest header, and the owner's real cookie sent from another site.

export type Accounts = {
  owner: SignedIn;
  visitor: SignedIn;
  signedOut: SignedIn;
  forged: ForgedToken[];
};

export type Credential = {
  name: string;
  /** Headers for a request to the site at `url`. */
  headers: (url: string) => Record<string, string>;
  /** The API's status, or null when either refusal (401 or 403) is right. */
  status: 401 | 403 | null;
  /** Where an owner page sends it: /signin, or /dashboard for a signed-in non-owner. */
  page: "/signin" | "/dashboard" | null;
};

const SUBREQUEST_VALUES = [
  "middleware",
  "src/middleware",
  "pages/_middleware",
  "proxy",
  "src/proxy",
  Array(5).fill("middleware").join(":"),
  Array(5).fill("src/middleware").join(":"),
  Array(5).fill("proxy").join(":"),
  Array(5).fill("src/proxy").join(":"),
];

export const cookieOf = (session: SignedIn, token = session.accessToken) =>
  sessionCookie(token, session.refreshToken, session.user as User);
const BOGUS_REFRESH = "bogus-refresh-token";

export function credentials({ owner, visitor, signedOut, forged }: Accounts): Credential[] {
  const list: Credential[] = [
    { name: "no session", headers: () => ({}), status: 401, page: "/signin" },
  ];
  const tokens: (ForgedToken & { refresh?: string })[] = [
    ...forged,
    { name: "signed-out session", token: signedOut.accessToken, refresh: signedOut.refreshToken },
  ];
  for (const { name, token, refresh } of tokens) {
    list.push({
      name: `Bearer: ${name}`,
      headers: () => ({ authorization: `Bearer ${token}` }),
      status: 401,
      page: "/signin",
    });
    const cookie = sessionCookie(token, refresh ?? BOGUS_REFRESH, owner.user);
    list.push({
      name: `cookie: ${name}`,
      headers: (url) => ({ cookie, origin: url }),
      status: 401,
      page: "/signin",
    });
  }
  list.push(
    {
      name: "Bearer: non-owner account",
      headers: () => ({ authorization: `Bearer ${visitor.accessToken}` }),
      status: 403,
      page: "/signin",
    },
    {
      name: "cookie: non-owner account",
      headers: (url) => ({ cookie: cookieOf(visitor), origin: url }),
      status: 403,
      page: "/dashboard",
    },
  );
  const otherKeyCookie = sessionCookie(
    forged.find((t) => t.name.includes("site's kid"))!.token,
    BOGUS_REFRESH,
    owner.user,
  );
  for (const value of SUBREQUEST_VALUES) {
    list.push(
      {
        name: `x-middleware-subrequest: ${value}`,
        headers: () => ({ "x-middleware-subrequest": value }),
        status: 401,
        page: "/signin",
      },
      {
        name: `x-middleware-subrequest: ${value} + forged cookie`,
        headers: (url) => ({
          "x-middleware-subrequest": value,
          cookie: otherKeyCookie,
          origin: url,
        }),
        status: 401,
        page: "/signin",
      },
    );
  }
  return list;
}

/** A valid owner cookie sent from somewhere else: only the Origin check may refuse it. */
export function crossSite(owner: SignedIn): Credential[] {
  const cookie = () => cookieOf(owner);
  const port = (url: string) => new URL(url).port;
  const cases: [string, (url: string) => Record<string, string>][] = [
    ["Origin https://evil.example", () => ({ origin: "https://evil.example" })],
    ["Origin null", () => ({ origin: "null" })],
    ["same host, other port", () => ({ origin: "http://localhost:1" })],
    ["same host, https", (url) => ({ origin: `https://localhost:${port(url)}` })],
    ["no Origin, Sec-Fetch-Site cross-site", () => ({ "sec-fetch-site": "cross-site" })],
    ["no Origin, no Sec-Fetch-Site", () => ({})],
    [
      "evil Origin, same-site Referer",
      (url) => ({ origin: "https://evil.example", referer: `${url}/dashboard` }),
    ],
    [
      "evil Origin, forged Sec-Fetch-Site same-origin",
      () => ({ origin: "https://evil.example", "sec-fetch-site": "same-origin" }),
    ],
    [
      "evil Origin matching a forged X-Forwarded-Host",
      () => ({
        origin: "http://localhost.evil.example",
        "x-forwarded-host": "localhost.evil.example",
      }),
    ],
    [
      "evil Origin matching forged X-Forwarded-Host and -Proto",
      () => ({
        origin: "https://localhost.evil.example",
        "x-forwarded-host": "localhost.evil.example",
        "x-forwarded-proto": "https",
      }),
    ],
  ];
  return cases.map(([name, headers]) => ({
    name: `cross-site owner cookie: ${name}`,
    headers: (url) => ({ cookie: cookie(), ...headers(url) }),
    status: 403,
    page: null,
  }));
}
