/**
 * The body of a `data:` URL (RFC 2397, read as Fetch's data: URL processor
 * reads it), for an entry whose file recorded no `response.content.text`:
 * the browser answered it from the URL itself, so the URL is the body.
 * Bounded as the recorded bodies' previews are: only the first
 * {@link DECODE_CHARS} characters are decoded (an image's up to
 * {@link IMAGE_LIMIT}), so a 50 MB URL costs a scan, not a decode.
 */
import {
  type BodyPreview,
  charsetOf,
  DECODE_CHARS,
  decoderFor,
  IMAGE_LIMIT,
  isTextual,
  previewBody,
} from "./body.ts";
import { baseMime } from "./classify.ts";
import { base64Bytes } from "../shared/base64.ts";

/** RFC 2397's default media type. */
const DEFAULT_TYPE = "text/plain;charset=US-ASCII";

/**
 * The preview of the body `url` carries, or null when it is no `data:`
 * URL (or has no comma, so no body).
 */
export function dataUrlBody(url: string): BodyPreview | null {
  const h = dataUrlHead(url);
  if (!h) return null;
  const { type, from } = h, b64 = h.base64;
  const mime = baseMime(type);
  const charset = charsetOf(type);
  const length = url.length - from;
  if (b64) {
    const svg = mime === "image/svg+xml";
    const image = mime.startsWith("image/") && !svg;
    const size = base64Size(url, from);
    if (image && length > IMAGE_LIMIT) {
      return { kind: "binary", mime, size, note: "too large to preview" };
    }
    // An SVG is drawn from all of its base64 as a recorded one is, up to
    // IMAGE_LIMIT; past it, its text is shown (never an image of a part).
    const drawn = image || (svg && length <= IMAGE_LIMIT);
    // Past DECODE_CHARS + 4096, previewBody decodes the first
    // DECODE_CHARS and says the text stops early.
    const max = drawn ? IMAGE_LIMIT : DECODE_CHARS + 8192;
    const text = new TextDecoder("windows-1252").decode(
      percentDecoded(url, from, max),
    );
    // A text preview carries no media type: read as XML, which it is.
    const as = svg && !drawn ? "text/xml" : mime;
    return previewBody(text, "base64", as, size, charset);
  }
  const size = percentSize(url, from);
  if (!isTextual(mime)) return { kind: "binary", mime, size };
  const partial = length > DECODE_CHARS;
  let text: string;
  try {
    text = decoderFor(charset).decode(
      percentDecoded(url, from, DECODE_CHARS),
      { stream: partial },
    );
  } catch {
    return {
      kind: "binary",
      mime,
      size,
      note: `its bytes are not ${charset || "UTF-8"} text`,
    };
  }
  const body = previewBody(text, undefined, mime, size, charset);
  // The preview counts what it decoded; the URL holds `size` bytes.
  return body.kind === "text" || body.kind === "json"
    ? { ...body, truncated: body.truncated || partial, size }
    : body;
}

/** What precedes a `data:` URL's body: its media type, base64 or not. */
interface DataUrlHead {
  type: string;
  base64: boolean;
  /** Where the body starts (after the comma). */
  from: number;
}

/** The head of `url`, or null when it is no `data:` URL with a body. */
function dataUrlHead(url: string): DataUrlHead | null {
  if (url.slice(0, 5).toLowerCase() !== "data:") return null;
  const comma = url.indexOf(",", 5);
  if (comma < 0) return null;
  let header = url.slice(5, comma);
  const b64 = /;\s*base64\s*$/i.exec(header);
  if (b64) header = header.slice(0, b64.index);
  header = header.trim();
  const type = header === ""
    ? DEFAULT_TYPE
    : header.startsWith(";")
    ? `text/plain${header}`
    : header;
  return { type, base64: b64 !== null, from: comma + 1 };
}

/**
 * The whole body `url` carries, decoded (for "Save response body", as the
 * preview shows its first part), with its base media type; null when it
 * is no `data:` URL or its base64 is not base64.
 */
export function dataUrlBytes(
  url: string,
): { data: Uint8Array; type: string } | null {
  const h = dataUrlHead(url);
  if (!h) return null;
  const bytes = percentDecoded(url, h.from, url.length - h.from);
  const type = baseMime(h.type);
  if (!h.base64) return { data: bytes, type };
  const data = base64Bytes(
    new TextDecoder("windows-1252").decode(bytes).replace(/\s+/g, ""),
  );
  return data && { data, type };
}

/** A hex digit's value, -1 for another byte. */
function hex(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const l = c | 32;
  return l >= 97 && l <= 102 ? l - 87 : -1;
}

/**
 * The bytes of `s[from..from + max)` percent-decoded (URL Standard): its
 * UTF-8, each `%XX` one byte.
 */
function percentDecoded(s: string, from: number, max: number): Uint8Array {
  const b = new TextEncoder().encode(s.slice(from, from + max));
  let w = 0;
  for (let r = 0; r < b.length; r++) {
    const c = b[r];
    if (c === 37 && r + 2 < b.length) {
      const h = hex(b[r + 1]), l = hex(b[r + 2]);
      if (h >= 0 && l >= 0) {
        b[w++] = h * 16 + l;
        r += 2;
        continue;
      }
    }
    b[w++] = c;
  }
  return b.subarray(0, w);
}

/** Bytes of `s[from..]` percent-decoded, counted without decoding. */
function percentSize(s: string, from: number): number {
  let n = 0;
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (
      c === 37 && i + 2 < s.length && hex(s.charCodeAt(i + 1)) >= 0 &&
      hex(s.charCodeAt(i + 2)) >= 0
    ) {
      n++;
      i += 2;
    } else if (c < 0x80) n++;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
      n += d >= 0xdc00 && d <= 0xdfff ? 4 : 3;
    } else n += 3;
  }
  return n;
}

/** Bytes the base64 in `s[from..]` stands for (its letters, counted). */
function base64Size(s: string, from: number): number {
  let n = 0;
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (
      (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) ||
      c === 43 || c === 47
    ) n++;
  }
  return Math.floor(n * 6 / 8);
}
