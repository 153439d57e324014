import { MultipartParser, multipart, type Options } from "formidable";
import type Formidable from "formidable/Formidable";

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
};

const PART_DATA = (MultipartParser as unknown as { STATES: Record<string, number> }).STATES
  .PART_DATA;

/**
 * formidable's multipart plugin with a faster scan of a part's data. Its parser walks file bytes
 * in steps of the boundary's length and falls back to byte steps wherever a byte also occurs in
 * the boundary, which in compressed media is every few hundred bytes: about 30 ms of a 50 MB
 * upload here (docs/performance.md, "Where an upload's time goes"). Each chunk that arrives while
 * the parser is inside a part's data, with no boundary match pending, is searched for the whole
 * boundary with `Buffer.indexOf` (a native search); the bytes before it, or all but the last
 * `boundary.length - 1` bytes when it is absent (a boundary can only begin there and end in the
 * next chunk), are part data and are handed on as one event. formidable's own state machine then
 * reads the rest of the chunk as before, so boundaries, headers, limits and errors stay its own.
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

/** Installs the `Buffer.indexOf` part-data scan on one formidable MultipartParser. */
export function scanPartDataNatively(parser: ParserInternals): void {
  const transform = parser._transform;
  parser._transform = function (chunk, encoding, done) {
    if (parser.state === PART_DATA && parser.index === 0) {
      const found = chunk.indexOf(parser.boundary);
      const dataEnd = found === -1 ? chunk.length - parser.boundary.length + 1 : found;
      if (dataEnd > 0) {
        parser.push({ name: "partData", buffer: chunk, start: 0, end: dataEnd });
        return transform.call(parser, chunk.subarray(dataEnd), encoding, done);
      }
    }
    return transform.call(parser, chunk, encoding, done);
  };
}
