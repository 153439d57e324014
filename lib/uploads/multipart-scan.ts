import { MultipartParser, multipart, type Options } from "formidable";
import type Formidable from "formidable/Formidable";
import type { Transform } from "node:stream";

/**
 * The parts of formidable 3.5's MultipartParser this module reads; multipart-scan.test.ts checks
 * the scan against formidable's own parser, so a release that changes them fails there.
 */
type ParserInternals = {
  state: number;
  /** How many bytes of the boundary the last bytes matched; 0 when no match is pending. */
  index: number;
  /** `\r\n--` followed by the boundary: what ends a part's data. */
  boundary: Buffer;
  push(event: { name: "partData"; buffer: Buffer; start: number; end: number }): boolean;
  _transform(chunk: Buffer, encoding: BufferEncoding, done: (error?: Error | null) => void): void;
} & Transform;

const CR = 0x0d;
const PART_DATA = (MultipartParser as unknown as { STATES: Record<string, number> }).STATES
  .PART_DATA;

/**
 * formidable's multipart plugin with a faster scan of a part's data. Its parser walks file bytes
 * in steps of the boundary's length and falls back to byte steps wherever a byte also occurs in
 * the boundary, which in compressed media is every few hundred bytes: about 30 ms of a 50 MB
 * upload here (docs/performance.md, "Where an upload's time goes"). Each chunk that arrives while
 * the parser is inside a part's data, with no boundary match pending, is searched for the whole
 * boundary with `Buffer.indexOf` (a native search); the bytes before it, or when it is absent all
 * but a last few that could begin one (a `\r` and what follows it, matching the boundary's start),
 * are part data and are handed on as one event. formidable's own state machine then reads the rest
 * of the chunk as before, so boundaries, headers, limits and errors stay its own. A chunk that is
 * all part data, arriving while the parser's stream holds nothing, does not pass through that
 * stream at all (`write` below): about half of what the body cost the server's main thread per
 * chunk (docs/performance.md#the-servers-cpu-per-upload-on-a-slow-machine).
 */
export function multipartWithFastScan(
  this: Formidable | undefined,
  form: Formidable,
  options: Partial<Options>,
): void {
  const self = this ?? form;
  multipart.call(self, form, options);
  const parser = (self as unknown as { _parser?: unknown })._parser;
  if (parser instanceof MultipartParser) scanPartDataNatively(parser as unknown as ParserInternals);
}

/**
 * Where a chunk's leading part data ends: at the boundary when the chunk holds it; else at the
 * first `\r` from which the rest of the chunk could begin one (to be completed by the next chunk);
 * else at its end. 0 when the parser is not inside a part's data with no boundary match pending.
 */
function partDataEnd(parser: ParserInternals, chunk: Buffer): number {
  if (parser.state !== PART_DATA || parser.index !== 0) return 0;
  const { boundary } = parser;
  const found = chunk.indexOf(boundary);
  if (found !== -1) return found;
  for (let at = Math.max(0, chunk.length - boundary.length + 1); at < chunk.length; at++) {
    at = chunk.indexOf(CR, at);
    if (at === -1) break;
    if (boundary.subarray(0, chunk.length - at).equals(chunk.subarray(at))) return at;
  }
  return chunk.length;
}

/** Installs the `Buffer.indexOf` part-data scan on one formidable MultipartParser. */
export function scanPartDataNatively(parser: ParserInternals): void {
  const transform = parser._transform;
  parser._transform = function (chunk, encoding, done) {
    const dataEnd = partDataEnd(parser, chunk);
    if (dataEnd > 0) {
      parser.push({ name: "partData", buffer: chunk, start: 0, end: dataEnd });
      return transform.call(parser, chunk.subarray(dataEnd), encoding, done);
    }
    return transform.call(parser, chunk, encoding, done);
  };
  // A chunk of part data that arrives while nothing waits in the parser's stream (no write in
  // progress, no event buffered, a reader listening) goes to that reader at once, as `push` would
  // hand it on, without the stream's queueing and ticks for every chunk; the rest goes on as usual.
  const write = parser.write.bind(parser) as (chunk: unknown, ...rest: unknown[]) => boolean;
  parser.write = function (chunk: unknown, ...rest: unknown[]) {
    if (Buffer.isBuffer(chunk) && idle(parser)) {
      const dataEnd = partDataEnd(parser, chunk);
      if (dataEnd > 0)
        parser.emit("data", { name: "partData", buffer: chunk, start: 0, end: dataEnd });
      if (dataEnd === chunk.length) return true;
      return write(chunk.subarray(dataEnd), ...rest);
    }
    return write(chunk, ...rest);
  } as Transform["write"];
}

/** Whether the parser's stream holds nothing and its reader takes events as they come. */
function idle(parser: Transform): boolean {
  return (
    parser.readableFlowing === true &&
    parser.readableLength === 0 &&
    parser.writableLength === 0 &&
    parser.writableCorked === 0 &&
    !parser.writableEnded &&
    !parser.destroyed
  );
}
