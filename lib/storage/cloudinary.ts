import "server-only";
import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { UploadApiResponse } from "cloudinary";
import type { MediaSource, Storage, StoredMedia } from "./types";

export type CloudinaryConfig = {
  cloudName: string;
  apiKey: string;
  apiSecret: string;
  /** API base URL; only set to reach a stand-in in tests. */
  uploadPrefix?: string;
  folder: string;
};

/** Parses `cloudinary://<api_key>:<api_secret>@<cloud_name>[?upload_prefix=…]`. */
export function parseCloudinaryUrl(value: string, folder = "portfolio"): CloudinaryConfig {
  const url = new URL(value);
  const config: CloudinaryConfig = {
    cloudName: url.hostname,
    apiKey: decodeURIComponent(url.username),
    apiSecret: decodeURIComponent(url.password),
    folder,
  };
  const prefix = url.searchParams.get("upload_prefix");
  if (prefix) config.uploadPrefix = prefix;
  return config;
}

const KEY_PREFIX = "cloudinary:";
type ResourceType = "image" | "video";

/** Keys name the resource type too, since Cloudinary's destroy needs it. */
export function isCloudinaryKey(key: string): boolean {
  return key.startsWith(KEY_PREFIX);
}

function parseKey(key: string): { resourceType: ResourceType; publicId: string } | null {
  const match = /^cloudinary:(image|video):(.+)$/.exec(key);
  return match ? { resourceType: match[1] as ResourceType, publicId: match[2]! } : null;
}

type CloudinarySdk = typeof import("cloudinary").v2;
let sdk: Promise<CloudinarySdk> | undefined;
/**
 * The SDK, loaded on the first Cloudinary call: with it come lodash and about 3 MB of heap that a
 * site on local storage would otherwise hold for nothing.
 */
const loadSdk = () => (sdk ??= import("cloudinary").then((module) => module.v2));

/** Signed uploads by stream and deletes through the Cloudinary Upload API. */
export function createCloudinaryStorage(config: CloudinaryConfig): Storage {
  const credentials = {
    cloud_name: config.cloudName,
    api_key: config.apiKey,
    api_secret: config.apiSecret,
    ...(config.uploadPrefix ? { upload_prefix: config.uploadPrefix } : {}),
  };
  return {
    async put(source: MediaSource): Promise<StoredMedia> {
      const resourceType: ResourceType = source.kind === "video" ? "video" : "image";
      const cloudinary = await loadSdk();
      const result = await new Promise<UploadApiResponse>((resolve, reject) => {
        const upload = cloudinary.uploader.upload_stream(
          { ...credentials, resource_type: resourceType, folder: config.folder },
          (error, response) => (error || !response ? reject(toError(error)) : resolve(response)),
        );
        const input =
          "buffer" in source ? Readable.from([source.buffer]) : fs.createReadStream(source.path);
        pipeline(input, upload).catch(reject);
      });
      return {
        key: `${KEY_PREFIX}${resourceType}:${result.public_id}`,
        url: result.secure_url,
        width: source.width ?? result.width ?? null,
        height: source.height ?? result.height ?? null,
      };
    },
    async delete(key: string): Promise<void> {
      const parsed = parseKey(key);
      if (!parsed) return;
      const cloudinary = await loadSdk();
      const result = (await cloudinary.uploader
        .destroy(parsed.publicId, {
          ...credentials,
          resource_type: parsed.resourceType,
          invalidate: true,
        })
        .catch((error: unknown) => {
          throw toError(error);
        })) as { result?: string };
      // "not found" means it is already gone, which is what a delete wants.
      if (result.result !== "ok" && result.result !== "not found") {
        throw new Error(
          `Cloudinary destroy of ${parsed.publicId} answered ${JSON.stringify(result)}`,
        );
      }
    },
  };
}

/** The SDK rejects with plain objects; make them Errors without leaking the request. */
function toError(error: unknown): Error {
  if (error instanceof Error) return error;
  const details = error as { message?: string; http_code?: number } | undefined;
  return new Error(
    `Cloudinary upload failed (${details?.http_code ?? "no status"}): ${details?.message ?? "unknown error"}`,
  );
}
