import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

export type TlsProxy = { origin: string; close: () => Promise<void> };

/**
 * A TLS-terminating reverse proxy on 127.0.0.1 in front of the e2e server, as a production site
 * runs behind Caddy or nginx: it keeps the Host header and adds X-Forwarded-Host/-Proto. The
 * certificate is self-signed (the browser context must ignore HTTPS errors). An IP address rather
 * than `localhost`, because browsers ignore HSTS for IP addresses and the production server sends
 * it: `localhost` would be pinned to https for the other specs.
 */
export async function startTlsProxy(target: string): Promise<TlsProxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-tls-"));
  const key = path.join(dir, "key.pem");
  const cert = path.join(dir, "cert.pem");
  execFileSync("openssl", [
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:P-256",
    "-nodes",
    "-days",
    "1",
    "-subj",
    "/CN=127.0.0.1",
    "-addext",
    "subjectAltName=IP:127.0.0.1",
    "-keyout",
    key,
    "-out",
    cert,
  ]);
  const upstream = new URL(target);
  const server = https.createServer(
    { key: fs.readFileSync(key), cert: fs.readFileSync(cert) },
    (request, response) => {
      const forwarded = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: request.method,
          path: request.url,
          headers: {
            ...request.headers,
            "x-forwarded-host": request.headers.host,
            "x-forwarded-proto": "https",
          },
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
          answer.pipe(response);
        },
      );
      forwarded.on("error", () => response.destroy());
      request.pipe(forwarded);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
