import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import formidable from "formidable";

export type StandInUpload = {
  resourceType: string;
  folder: string;
  bytes: Buffer;
  publicId: string;
};

/**
 * A local stand-in for Cloudinary's Upload API (POST /v1_1/<cloud>/<type>/upload and /destroy).
 * It checks each request's signature the way Cloudinary documents it: every parameter except
 * file, cloud_name, resource_type and api_key, sorted by name, joined as k=v with &, followed by
 * the API secret, hashed with SHA-1. A bad signature or key gets Cloudinary's 401 answer.
 */
export async function startCloudinaryStandIn(cloudName: string, apiKey: string, apiSecret: string) {
  const uploads = new Map<string, StandInUpload>();
  const destroyed: { publicId: string; resourceType: string }[] = [];
  let rejected = 0;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cloudinary-stand-in-"));

  const server = http.createServer(async (request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const match = /^\/v1_1\/([^/]+)\/(image|video)\/(upload|destroy)$/.exec(request.url ?? "");
    if (request.method !== "POST" || !match || match[1] !== cloudName)
      return reply(404, { error: { message: "Not found" } });
    const [, , resourceType, action] = match;
    const [fields, files] = await formidable({
      uploadDir: tmp,
      maxFileSize: 200 * 1024 * 1024,
    }).parse(request);
    const params = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v?.[0] ?? ""]));
    const { signature, api_key: key, ...signed } = params;
    const toSign = Object.entries(signed)
      .filter(([, value]) => value !== "")
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}=${v}`.replace(/&/g, "%26"))
      .join("&");
    const expected = createHash("sha1")
      .update(toSign + apiSecret)
      .digest("hex");
    if (key !== apiKey || signature !== expected || !signed.timestamp) {
      rejected++;
      return reply(401, {
        error: { message: `Invalid Signature ${signature}. String to sign - '${toSign}'.` },
      });
    }
    if (action === "destroy") {
      destroyed.push({ publicId: signed.public_id ?? "", resourceType: resourceType! });
      const existed = uploads.delete(signed.public_id ?? "");
      return reply(200, { result: existed ? "ok" : "not found" });
    }
    const file = files.file?.[0];
    if (!file) return reply(400, { error: { message: "Missing required parameter - file" } });
    const bytes = fs.readFileSync(file.filepath);
    fs.rmSync(file.filepath);
    const publicId = `${signed.folder ? `${signed.folder}/` : ""}${randomBytes(10).toString("hex")}`;
    uploads.set(publicId, {
      resourceType: resourceType!,
      folder: signed.folder ?? "",
      bytes,
      publicId,
    });
    reply(200, {
      public_id: publicId,
      resource_type: resourceType,
      secure_url: `https://res.cloudinary.com/${cloudName}/${resourceType}/upload/v1/${publicId}`,
      width: resourceType === "image" ? 640 : undefined,
      height: resourceType === "image" ? 480 : undefined,
      bytes: bytes.length,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    uploads,
    destroyed,
    rejected: () => rejected,
    stop: () =>
      new Promise<void>((resolve) => {
        fs.rmSync(tmp, { recursive: true, force: true });
        server.close(() => resolve());
      }),
  };
}
