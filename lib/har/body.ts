/**
 * Body previews for the detail panel: classified for display and cut, so a
 * 50 MB response never crosses to the page and never stalls the worker
 * (base64 is decoded only as far as the preview goes, and only JSON small
 * enough is pretty-printed). HTML is text, never markup: the page must not
 * render recorded content.
 */
import { prettyJson, type Token, tokensText } from "../shared/json_pretty.ts";
import { base64Bytes } from "../shared/base64.ts";
import { formatBytes } from "../shared/format.ts";
import { utf8Length } from "../shared/utf8_length.ts";

/** A body prepared for display. */
export type BodyPreview =
  | { kind: "none"; reason: string }
  | {
    kind: "text" | "json";
    text: string;
    truncated: boolean;
    /**
     * The body's size in bytes: the bytes base64 decodes to (the recorded
     * size when only the first ~2 MB were decoded), else the text's UTF-8
     * bytes.
     */
    size: number;
    /**
     * When `truncated`: the bytes of the body that `text` shows, counted as
     * `size` is (for pretty-printed JSON, the part of the body as recorded
     * that its lines come from), so the two compare.
     */
    shown?: number;
  }
  | { kind: "image"; mime: string; base64?: string; svg?: string }
  | {
    kind: "binary";
    mime: string;
    size: number;
    /** Why textual content is shown as bytes (bad base64, bad charset). */
    note?: string;
  };

/** Base64 text, whitespace removed (RFC 4648 §4; `atob` also takes it unpadded). */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Longest body text sent to the page (characters). */
export const PREVIEW_CHARS = 200_000;
/** Largest JSON body that is pretty-printed. */
const PRETTY_LIMIT = 2_000_000;
/**
 * Characters of each header, body or failure text the search's "headers
 * and bodies too" looks at (base64: that many characters' worth of bytes).
 */
export const DEEP_SEARCH_CHARS = 10_000_000;
/** Largest base64 image that is previewed. */
export const IMAGE_LIMIT = 8_000_000;
/** Largest SVG source shown as an image (larger ones are shown as text). */
const SVG_LIMIT = 2_000_000;
/** Base64 characters decoded at most for a text preview (~2 MB of bytes). */
export const DECODE_CHARS = 4 * Math.ceil(PRETTY_LIMIT / 3);

/** Whether a body of type `mime` (lower case) is text, not bytes. */
export function isTextual(mime: string): boolean {
  return mime.startsWith("text/") || mime.includes("json") ||
    mime.includes("xml") || mime.includes("javascript") ||
    mime.includes("ecmascript") || mime.includes("x-www-form-urlencoded") ||
    mime === "image/svg+xml" || mime === "";
}

/**
 * The text of base64 data in its declared charset (UTF-8 when none, or one
 * the Encoding Standard does not know), or null when it is not base64 or
 * not valid in that charset (then it is binary). Decodes at most the first ~2 MB: `partial` says the
 * text stops early (an incomplete character at the cut is held back, not
 * reported as invalid).
 */
function decodeBase64(
  b64: string,
  charset: string,
): { text: string; partial: boolean; bytes: Uint8Array } | { error: string } {
  let clean = b64.slice(0, DECODE_CHARS + 4096).replace(/\s+/g, "");
  const partial = clean.length > DECODE_CHARS ||
    (b64.length > DECODE_CHARS + 4096);
  if (partial) clean = clean.slice(0, DECODE_CHARS);
  const bytes = base64Bytes(clean);
  if (!bytes) return { error: "the recorded base64 is not valid" };
  try {
    const text = decoderFor(charset).decode(bytes, {
      stream: partial,
    });
    return { text, partial, bytes };
  } catch {
    return { error: `its bytes are not ${charset || "UTF-8"} text` };
  }
}

/**
 * A strict decoder for a `charset` parameter's label (Encoding Standard
 * §4.2 names `iso-8859-1`, `latin1`, `windows-1252`, `shift_jis`...).
 */
export function decoderFor(charset: string): TextDecoder {
  try {
    if (charset) return new TextDecoder(charset, { fatal: true });
  } catch {
    // An unknown label: read as UTF-8, as with none.
  }
  return new TextDecoder("utf-8", { fatal: true });
}

/** The `charset` parameter of a media type (RFC 9110 §8.3.2), or "". */
export function charsetOf(mimeType: unknown): string {
  if (typeof mimeType !== "string") return "";
  const m = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(mimeType);
  return m ? m[1] : "";
}

/** Levels of a JSON preview that are indented. */
const PREVIEW_LEVELS = 64;

/**
 * JSON is re-indented token by token (the shared printer), at most about a
 * preview long, whatever its nesting: numbers as the server wrote them
 * (`12345678901234567890` is not rounded, `1.10` keeps its zero) and
 * repeated keys kept, as DevTools' Response tab shows them.
 */

/** The reason of a body that had no bytes (not one left out of the file). */
export const NO_BODY = "No body.";

/** Classifies and trims a body for display. */
export function previewBody(
  text: unknown,
  encoding: unknown,
  mime: string,
  size: number,
  charset = "",
): BodyPreview {
  if (typeof text !== "string" || text === "") {
    return {
      kind: "none",
      reason: size > 0
        ? `The body (${formatBytes(size)}) was not saved in this HAR file.`
        : NO_BODY,
    };
  }
  const base64 = encoding === "base64";
  const bytes = size > 0 ? size : Math.floor(text.length * 3 / 4);
  if (mime.startsWith("image/")) {
    if (mime === "image/svg+xml" && text.length <= SVG_LIMIT) {
      // SVG is text: drawn, and its source shown beside (as DevTools'
      // Preview and Response tabs).
      const svg = base64 ? decodeBase64(text, charset) : { text };
      if (!("error" in svg) && !("partial" in svg && svg.partial)) {
        return { kind: "image", mime, svg: svg.text };
      }
      // Not UTF-8 text (a Latin-1 prolog, UTF-16): the browser reads the
      // bytes as it reads any SVG file, drawn without a source view.
    }
    if (base64 && text.length <= IMAGE_LIMIT) {
      const b64 = text.replace(/\s+/g, "");
      return BASE64.test(b64) && b64.length % 4 !== 1
        ? { kind: "image", mime, base64: b64 }
        : {
          kind: "binary",
          mime,
          size: bytes,
          note: "the recorded base64 is not valid",
        };
    }
  }
  let body = text, partial = false;
  // The bytes of the body the first `chars` characters of `body` come
  // from, and of the whole: counted only for a preview that is cut.
  let measure: Measure = {
    whole: () => utf8Length(text),
    prefix: (chars) => utf8Length(text.slice(0, chars)),
  };
  if (base64) {
    if (!isTextual(mime)) return { kind: "binary", mime, size: bytes };
    const decoded = decodeBase64(text, charset);
    if ("error" in decoded) {
      return { kind: "binary", mime, size: bytes, note: decoded.error };
    }
    body = decoded.text;
    partial = decoded.partial;
    const raw = decoded.bytes;
    measure = {
      whole: () => partial ? bytes : raw.length,
      prefix: (chars) => bytesBefore(raw, charset, chars),
    };
  }
  if (
    !partial && body.length <= PRETTY_LIMIT &&
    (mime.includes("json") || /^\s*[[{]/.test(body.slice(0, 64)))
  ) {
    const tokens = prettyJson(body, {
      maxChars: PREVIEW_CHARS,
      indentLevels: PREVIEW_LEVELS,
    });
    if (tokens !== null) {
      return cut("json", tokensText(tokens), {
        whole: measure.whole,
        // The pretty lines shown come from the body up to this character.
        prefix: (chars) => measure.prefix(sourceChars(tokens, chars)),
      });
    }
  }
  return cut("text", body, measure);
}

/** How a cut preview's sizes are counted, in bytes (see {@link cut}). */
interface Measure {
  /** The whole body's bytes. */
  whole(): number;
  /** The bytes the first `chars` characters of the previewed text come from. */
  prefix(chars: number): number;
}

function cut(kind: "text" | "json", text: string, m: Measure): BodyPreview {
  const truncated = text.length > PREVIEW_CHARS;
  if (!truncated) return { kind, text, truncated, size: m.whole() };
  const shown = cutText(text, PREVIEW_CHARS);
  return {
    kind,
    text: shown,
    truncated,
    size: m.whole(),
    shown: m.prefix(shown.length),
  };
}

/**
 * The characters of the source that the first `chars` characters of
 * pretty-printed `tokens` come from: a token copied from the source counts
 * as far as it is shown; indentation the printer added counts none.
 */
function sourceChars(tokens: readonly Token[], chars: number): number {
  let out = 0, source = 0;
  for (const t of tokens) {
    if (out >= chars) break;
    const part = Math.min(t.text.length, chars - out);
    if (t.at !== undefined) source = t.at + part;
    out += part;
  }
  return source;
}

/**
 * The fewest bytes that decode (in `charset`, as {@link decodeBase64}
 * read them) to the first `chars` characters: found by halving, as a
 * character's bytes differ by charset (one in Latin-1, two to four in
 * UTF-8, a BOM's none of its own).
 */
function bytesBefore(
  bytes: Uint8Array,
  charset: string,
  chars: number,
): number {
  // Characters the first `n` bytes decode to, an incomplete last one held
  // back; a decoder of its own each time, as a stream goes on.
  const decoded = (n: number) =>
    decoderFor(charset).decode(bytes.subarray(0, n), { stream: true }).length;
  let lo = 0, hi = bytes.length;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (decoded(mid) >= chars) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The first `max` UTF-16 units of `s`, one fewer when the cut would split a
 * surrogate pair (a lone half shows as a replacement character).
 */
export function cutText(s: string, max: number): string {
  if (s.length <= max) return s;
  const hi = s.charCodeAt(max - 1), lo = s.charCodeAt(max);
  const pair = hi >= 0xd800 && hi <= 0xdbff && lo >= 0xdc00 && lo <= 0xdfff;
  return s.slice(0, pair ? max - 1 : max);
}

/**
 * The extensions a saved body of each base MIME type may have, its own
 * first (what a name without one gets); a type not listed gets `.bin`.
 */
const SAVE_EXTENSIONS: Record<string, readonly string[]> = {
  "application/json": ["json"],
  "application/x-ndjson": ["ndjson", "jsonl"],
  "application/jsonl": ["jsonl", "ndjson"],
  "text/html": ["html", "htm"],
  "application/xhtml+xml": ["xhtml", "xht", "html"],
  "text/plain": ["txt", "text", "log"],
  "text/css": ["css"],
  "text/csv": ["csv"],
  "text/markdown": ["md"],
  "text/javascript": ["js", "mjs"],
  "application/javascript": ["js", "mjs"],
  "application/xml": ["xml"],
  "text/xml": ["xml"],
  "image/png": ["png"],
  "image/jpeg": ["jpg", "jpeg"],
  "image/gif": ["gif"],
  "image/webp": ["webp"],
  "image/avif": ["avif"],
  "image/x-icon": ["ico"],
  "image/vnd.microsoft.icon": ["ico"],
  "image/svg+xml": ["svg"],
  "font/woff2": ["woff2"],
  "font/woff": ["woff"],
  "application/wasm": ["wasm"],
  "application/pdf": ["pdf"],
  "application/zip": ["zip"],
  "application/gzip": ["gz", "tgz"],
  "font/ttf": ["ttf"],
  "font/otf": ["otf"],
  "video/mp4": ["mp4", "m4v"],
  "video/webm": ["webm"],
  "audio/mpeg": ["mp3"],
  "audio/ogg": ["ogg", "oga"],
  "audio/wav": ["wav"],
};

/**
 * Extensions an unknown type keeps: data, media, fonts and archives, which
 * neither a browser opens as a page nor the desktop runs or mounts. Any
 * other (`.chm`, `.xll`, a macro document, a disk image that mounts
 * without the download's mark) gets `.bin`: a list of what is harmless
 * stays right as new kinds of program appear.
 */
const INERT_EXTENSION =
  /^(bin|dat|raw|txt|log|csv|tsv|json|ndjson|map|md|pdf|png|apng|jpe?g|gif|webp|avif|bmp|ico|tiff?|heic|heif|mp3|mp4|m4a|m4v|aac|ogg|oga|ogv|opus|wav|flac|weba|webm|mov|mkv|avi|mpe?g|ts|woff2?|ttf|otf|eot|zip|gz|tgz|bz2|xz|zst|br|7z|tar|wasm|proto|pb|avro|parquet|arrow|cbor|msgpack)$/;

/** The extensions `type` (a base MIME type, lower case) may keep. */
function extensionsOf(type: string): readonly string[] {
  // An own-property lookup: a type named "constructor" finds nothing.
  if (Object.hasOwn(SAVE_EXTENSIONS, type)) return SAVE_EXTENSIONS[type];
  // RFC 6839 §3.1, §4.1: structured syntax suffixes.
  if (type.endsWith("+json")) return ["json"];
  if (type.endsWith("+xml")) return ["xml"];
  return [];
}

/** A recorded body whole, for saving as a file. */
export interface WholeBody {
  /** Bytes when it was recorded as base64, else its text. */
  data: Uint8Array | string;
  /** Base MIME type, "" when none. */
  type: string;
  /** A file name: the URL's last segment (safe characters only), or `body`. */
  name: string;
}

/**
 * The whole recorded body of `which` side of an entry (HAR 1.2 §4.2.4
 * postData, §4.2.8 content), base64 decoded to its bytes, or null when the
 * file holds none. The preview shows at most {@link PREVIEW_CHARS}; this
 * is what "Save body" writes, as DevTools' "Save" does.
 */
export function wholeBody(
  url: string,
  holder: Record<string, unknown>,
  mimeType: string,
): WholeBody | null {
  const text = holder.text;
  if (typeof text !== "string" || text === "") return null;
  let data: Uint8Array | string = text;
  if (holder.encoding === "base64") {
    // Not base64 after all: saved as written.
    data = base64Bytes(text) ?? text;
  }
  const semi = mimeType.indexOf(";");
  const type = (semi < 0 ? mimeType : mimeType.slice(0, semi)).trim()
    .toLowerCase();
  return { data, type, name: bodyFileName(url, type) };
}

/**
 * The file name a saved body gets: `url`'s last segment (safe characters
 * only), or `body`, with an extension its `type` opens as.
 */
export function bodyFileName(url: string, type: string): string {
  const path = url.split(/[?#]/)[0];
  let name = path.slice(path.lastIndexOf("/") + 1).replace(
    /[^A-Za-z0-9._-]/g,
    "_",
  ).replace(/^\.+/, "").slice(0, 100) || "body";
  // A known type keeps only its own extensions: `x.html` recorded as
  // image/png, or `run.bat` as text/html, is saved `x.html.png`,
  // `run.bat.html`, so opening the file shows what was recorded and runs
  // nothing. Another type (octet-stream, a video not listed) keeps a
  // name's extension when it is data or media (INERT_EXTENSION); else
  // `.bin`.
  name = name.replace(/\.+$/, "") || "body";
  const own = extensionsOf(type);
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1].toLowerCase();
  const keep = ext !== undefined &&
    (own.length ? own.includes(ext) : INERT_EXTENSION.test(ext));
  if (!keep) name += `.${own[0] ?? "bin"}`;
  return name;
}
