/**
 * Form bodies as the reflecting endpoints show them:
 * `application/x-www-form-urlencoded` (WHATWG URL §5) and
 * `multipart/form-data` (RFC 7578), parsed into fields and files.
 */
import { mediaType } from "../../shared/media_type.ts";
import { multipartParts } from "./multipart.ts";

/**
 * Name to value, or to an array of values when a name repeats. Built with
 * Object.fromEntries so a name like `__proto__` stays an ordinary key.
 */
export function multiMap(
  pairs: Iterable<[string, unknown]>,
): Record<string, unknown> {
  const map = new Map<string, unknown[]>();
  for (const [k, v] of pairs) {
    const list = map.get(k);
    if (list) list.push(v);
    else map.set(k, [v]);
  }
  const out: [string, unknown][] = [];
  for (const [k, list] of map) {
    out.push([k, list.length === 1 ? list[0] : list]);
  }
  return Object.fromEntries(out);
}

/** One uploaded file of a multipart body. */
export interface FormFile {
  /** The part's filename (`""` when none was given). */
  readonly filename: string;
  /** The part's Content-Type (`""` when none was given). */
  readonly type: string;
  readonly bytes: Uint8Array;
}

/** A parsed form: text fields and files, each in body order. */
export interface ParsedForm {
  readonly fields: readonly [string, string][];
  readonly files: readonly [string, FormFile][];
}

/** Whether a Content-Type names a form body (urlencoded or multipart). */
export function isFormType(contentType: string | null): boolean {
  const t = mediaType(contentType);
  return t === "application/x-www-form-urlencoded" ||
    t === "multipart/form-data";
}

/**
 * The form in `body`, or null when it is not a form (or a malformed
 * multipart body, or urlencoded bytes that are not UTF-8: a reflecting
 * endpoint shows what came, it does not judge it). `text` is the body as
 * UTF-8 when valid.
 */
export function readForm(
  contentType: string | null,
  body: Uint8Array,
  text: string | null,
): ParsedForm | null {
  const type = mediaType(contentType);
  if (type === "application/x-www-form-urlencoded") {
    return text === null
      ? null
      : { fields: [...new URLSearchParams(text)], files: [] };
  }
  if (type !== "multipart/form-data") return null;
  return readMultipart(contentType!, body);
}

function readMultipart(
  contentType: string,
  body: Uint8Array,
): ParsedForm | null {
  const parts = multipartParts(contentType, body);
  if (!parts) return null;
  const fields: [string, string][] = [];
  const files: [string, FormFile][] = [];
  const dec = new TextDecoder();
  for (const p of parts) {
    if (p.filename === null) fields.push([p.name, dec.decode(p.bytes)]);
    else {
      files.push([p.name, {
        filename: p.filename,
        type: p.type,
        bytes: p.bytes.slice(),
      }]);
    }
  }
  return { fields, files };
}
