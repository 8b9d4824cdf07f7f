/**
 * Whether a request body or a part is raw bytes, a file for whoever sends
 * it to pick, rather than a value a sample can be written for: what the
 * "Copy as" writers send as a file (`--data-binary @path/to/file`, a part
 * `-F name=@path/to/file`) instead of a generated string.
 */
import { isObject } from "./refs.ts";

/** The placeholder path of a file to send: fixed, never taken from the document. */
export const FILE_PLACEHOLDER = "path/to/file";

/**
 * Whether schema `s` (resolved) describes bytes: OpenAPI 3.0's `type:
 * string, format: binary` (Swagger 2.0's too, and its `type: file`), or
 * 3.1's `contentMediaType` without a `contentEncoding` (§4.8.14.3
 * Considerations for File Uploads: with `contentEncoding: base64` it is
 * text, the bytes base64-encoded).
 */
export function isBinarySchema(s: unknown): boolean {
  if (!isObject(s)) return false;
  if (s.type === "file" || s.format === "binary") return true;
  return typeof s.contentMediaType === "string" &&
    s.contentEncoding === undefined &&
    (s.type === undefined || s.type === "string");
}

/**
 * The media type binary schema `s` names for its bytes (3.1's
 * `contentMediaType`, without parameters), when a part can be sent as
 * it: a `type/subtype`, no range (`image/*`); else undefined.
 */
export function fileMediaType(s: unknown): string | undefined {
  if (!isObject(s) || typeof s.contentMediaType !== "string") return undefined;
  const t = s.contentMediaType.split(";")[0].trim();
  return /^[^\s/*]+\/[^\s/*]+$/.test(t) ? t : undefined;
}

/** Keywords that say nothing of a value's shape (an empty schema may hold them). */
const ANNOTATIONS = new Set([
  "title",
  "description",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$comment",
]);

/**
 * Media types whose body is bytes whatever else they are (RFC 2046 §4.2
 * image, §4.3 audio, §4.4 video, §4.5.1 octet-stream; RFC 8081 font;
 * PDF, archives, WebAssembly), an `+xml` or `+json` one (SVG) excepted.
 */
const BINARY_TYPE =
  /^(?:(?:image|audio|video|font)\/(?![^;]*\+(?:xml|json)\b)|application\/(?:octet-stream|pdf|zip|gzip|x-gzip|x-tar|wasm)\b)/i;

/**
 * Whether a body of media type `type` with schema `s` (resolved;
 * undefined when none is given) is a file to send: its schema says bytes,
 * or it is a binary media type whose schema says nothing of its shape
 * (OpenAPI 3.1 §4.8.14.3: `image/png: {}` is a PNG image's bytes).
 */
export function isBinaryBody(type: string, s: unknown): boolean {
  if (isBinarySchema(s)) return true;
  if (!BINARY_TYPE.test(type.trim())) return false;
  return s === undefined ||
    (isObject(s) &&
      Object.keys(s).every((k) => ANNOTATIONS.has(k) || k.startsWith("x-")));
}
