import "server-only";
import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { randomBytes } from "node:crypto";
import type { UploadApiResponse } from "cloudinary";
import type { VideoMeta } from "@/models";
import { signParams } from "./direct-token";
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
      if (source.kind === "video") return putVideoInChunks(config, source);
      const resourceType: ResourceType = "image";
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

/**
 * Cloudinary's chunked upload (docs/media.md "Media on Cloudinary"): one POST per chunk, each
 * signed, with the same `X-Unique-Upload-Id` and its `Content-Range`; Cloudinary assembles the
 * file and answers with the stored asset on the last chunk. Chunks of at least 5 MB but the last.
 */
export const VIDEO_CHUNK_BYTES = 20 * 1024 * 1024;
/** A chunk that fails (network, 5xx, 429) is sent again this many times, after 1, 2 then 4 s. */
export const CHUNK_RETRIES = 3;

/** A chunk's request gives up after this long (20 MB at 0.5 Mbit/s take 5.5 minutes). */
const CHUNK_TIMEOUT_MS = 10 * 60_000;

/** What Cloudinary says of a stored video (upload answer, Admin API record) that `videoMeta` keeps. */
type VideoRecord = {
  width?: number;
  height?: number;
  duration?: number;
  frame_rate?: number;
  bytes?: number;
  video?: { codec?: string };
  audio?: { codec?: string };
};
type VideoAnswer = UploadApiResponse & VideoRecord;

/** A Cloudinary refusal (4xx): not retried; `reason` is Cloudinary's own message. */
export class CloudinaryRefusal extends Error {
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(message);
  }
}

/**
 * Sends a video file to Cloudinary in VIDEO_CHUNK_BYTES chunks, each read from disk as it is sent
 * (a file-backed Blob's slice: the memory held is the request's buffers, not the file), retrying a
 * failed chunk alone. A refusal throws at once; Cloudinary stores nothing before the last chunk.
 */
async function putVideoInChunks(config: CloudinaryConfig, source: MediaSource) {
  const file =
    "buffer" in source
      ? new Blob([new Uint8Array(source.buffer)])
      : await fs.openAsBlob(source.path);
  const total = file.size;
  const uploadId = randomBytes(16).toString("hex");
  const endpoint = `${config.uploadPrefix ?? "https://api.cloudinary.com"}/v1_1/${config.cloudName}/video/upload`;
  let answer: VideoAnswer | undefined;
  for (let start = 0; start < total; start += VIDEO_CHUNK_BYTES) {
    const end = Math.min(start + VIDEO_CHUNK_BYTES, total);
    answer = await sendChunk(endpoint, config, file.slice(start, end), {
      "X-Unique-Upload-Id": uploadId,
      "Content-Range": `bytes ${start}-${end - 1}/${total}`,
    });
  }
  if (!answer?.public_id || !answer.secure_url)
    throw new Error("Cloudinary did not answer the last chunk with the stored video");
  const width = source.width ?? answer.width ?? null;
  const height = source.height ?? answer.height ?? null;
  return {
    key: `${KEY_PREFIX}video:${answer.public_id}`,
    url: answer.secure_url,
    width,
    height,
    video: cloudinaryVideoMeta({ ...answer, width: width ?? 0, height: height ?? 0 }),
  };
}

/** A stored video's `videoMeta` from Cloudinary's record of it; null without its size and duration. */
export function cloudinaryVideoMeta(answer: VideoRecord): VideoMeta | null {
  const { width, height, duration } = answer;
  if (!width || !height || !duration) return null;
  return {
    duration,
    width,
    height,
    fps: answer.frame_rate ?? 25,
    audio: Boolean(answer.audio?.codec),
    codec: answer.video?.codec ?? "",
    bytes: answer.bytes ?? 0,
  };
}

async function sendChunk(
  endpoint: string,
  config: CloudinaryConfig,
  chunk: Blob,
  headers: Record<string, string>,
): Promise<VideoAnswer> {
  for (let attempt = 0; ; attempt++) {
    const params = { folder: config.folder, timestamp: Math.floor(Date.now() / 1000) };
    const body = new FormData();
    for (const [name, value] of Object.entries(params)) body.append(name, String(value));
    body.append("api_key", config.apiKey);
    body.append("signature", signParams(params, config.apiSecret));
    body.append("file", chunk, "video");
    let failure: Error;
    try {
      const response = await fetch(endpoint, {
        method: "POST",
        headers,
        body,
        signal: AbortSignal.timeout(CHUNK_TIMEOUT_MS),
      });
      const answer = (await response.json().catch(() => ({}))) as VideoAnswer & {
        error?: { message?: string };
      };
      if (response.ok) return answer;
      const reason = answer.error?.message ?? response.statusText;
      failure = new Error(`Cloudinary upload failed (${response.status}): ${reason}`);
      if (response.status < 500 && response.status !== 429)
        throw new CloudinaryRefusal(failure.message, reason);
    } catch (error) {
      if (error instanceof CloudinaryRefusal) throw error;
      failure = new Error(`Cloudinary upload failed (no answer): ${(error as Error).message}`);
    }
    if (attempt >= CHUNK_RETRIES) throw failure;
    await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt));
  }
}

/** The SDK rejects with plain objects; make them Errors without leaking the request. */
function toError(error: unknown): Error {
  if (error instanceof Error) return error;
  // A network failure or a timeout comes wrapped as { error }.
  const wrapped = (error as { error?: unknown } | undefined)?.error;
  if (wrapped instanceof Error) return wrapped;
  const details = (wrapped ?? error) as { message?: string; http_code?: number } | undefined;
  return new Error(
    `Cloudinary upload failed (${details?.http_code ?? "no status"}): ${details?.message ?? "unknown error"}`,
  );
}
