import { describe, expect, it } from "vitest";
import { readRequestOrigin } from "./request-origin";

const FORWARDED = {
  host: "localhost:3000",
  "x-forwarded-host": "portfolio.example",
  "x-forwarded-proto": "https",
};

function origin(headers: Record<string, string>, options: Parameters<typeof readRequestOrigin>[1]) {
  return readRequestOrigin(new Headers(headers), options);
}

describe("readRequestOrigin with forwarded headers trusted", () => {
  const trusted = { trustForwarded: true };

  it("names the host and protocol the proxy in front forwards", () => {
    expect(origin(FORWARDED, trusted)).toBe("https://portfolio.example");
    expect(origin(FORWARDED, { ...trusted, url: "http://localhost:3000/dashboard" })).toBe(
      "https://portfolio.example",
    );
    expect(origin({ ...FORWARDED, "x-forwarded-proto": "http" }, trusted)).toBe(
      "http://portfolio.example",
    );
  });

  it("takes the first entry of a list a chain of proxies appended to", () => {
    const chained = {
      "x-forwarded-host": "portfolio.example, inner.internal",
      "x-forwarded-proto": "https,http",
    };
    expect(origin(chained, trusted)).toBe("https://portfolio.example");
  });

  it("falls back to the Host header, then the request URL, for the host", () => {
    expect(origin({ host: "localhost:3000", "x-forwarded-proto": "https" }, trusted)).toBe(
      "https://localhost:3000",
    );
    expect(origin({}, { ...trusted, url: "http://127.0.0.1:4000/x" })).toBe(
      "http://127.0.0.1:4000",
    );
  });

  it("without X-Forwarded-Proto, takes the request URL's protocol, else http only for a local host", () => {
    const host = { "x-forwarded-host": "portfolio.example" };
    expect(origin(host, { ...trusted, url: "http://localhost:3000/" })).toBe(
      "http://portfolio.example",
    );
    expect(origin(host, trusted)).toBe("https://portfolio.example");
    expect(origin({ host: "localhost:3000" }, trusted)).toBe("http://localhost:3000");
    expect(origin({ host: "[::1]:3000" }, trusted)).toBe("http://[::1]:3000");
  });

  it("skips a forwarded value that is no host or protocol", () => {
    const forged = {
      host: "localhost:3000",
      "x-forwarded-host": "evil.example/path",
      "x-forwarded-proto": "javascript",
    };
    expect(origin(forged, trusted)).toBe("http://localhost:3000");
    expect(origin({ "x-forwarded-host": "user@evil.example" }, trusted)).toBe("http://localhost");
  });
});

describe("readRequestOrigin with forwarded headers not trusted", () => {
  const untrusted = { trustForwarded: false };

  it("ignores X-Forwarded-Host and X-Forwarded-Proto", () => {
    for (const url of [undefined, "http://localhost:3000/auth/v1/recover"]) {
      expect(origin(FORWARDED, { ...untrusted, url }), url).toBe("http://localhost:3000");
    }
  });

  it("prefers the request URL (the server's own address) to the Host header a client sends", () => {
    const headers = { host: "evil.example" };
    expect(origin(headers, { ...untrusted, url: "http://localhost:3000/auth/v1/recover" })).toBe(
      "http://localhost:3000",
    );
    expect(origin(headers, { ...untrusted, url: "https://portfolio.example/x" })).toBe(
      "https://portfolio.example",
    );
  });

  it("without a request URL, names the Host header over http if local and https otherwise", () => {
    expect(origin({ host: "localhost:3000" }, untrusted)).toBe("http://localhost:3000");
    expect(origin({ host: "127.0.0.1:3000" }, untrusted)).toBe("http://127.0.0.1:3000");
    expect(origin({ host: "portfolio.example" }, untrusted)).toBe("https://portfolio.example");
    expect(origin({}, untrusted)).toBe("http://localhost");
  });
});

describe("readRequestOrigin with NEXT_PUBLIC_SITE_URL", () => {
  it("answers the configured origin whatever the request says, trusted or not", () => {
    for (const trustForwarded of [true, false]) {
      expect(
        origin(FORWARDED, {
          trustForwarded,
          url: "http://localhost:3000/x",
          siteUrl: "https://www.portfolio.example/base/",
        }),
      ).toBe("https://www.portfolio.example");
    }
  });
});
