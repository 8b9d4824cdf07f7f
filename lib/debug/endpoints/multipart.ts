/**
 * A `multipart/form-data` body (RFC 7578) split into its parts by its
 * boundary (RFC 2046 §5.1.1), each part's field name and file name read
 * from its Content-Disposition with quoted-strings honoured (RFC 9110
 * §5.6.4): a name written `"a;b"` or `"a=b"` is that name, as curl,
 * requests and a browser's FormData send it. (The runtime's own
 * `Response.formData()` split the header at every `;` and `=`, so such a
 * field came back named `"a`.)
 */
import { extValue } from "../core/ext_value.ts";

/** One part of a multipart body. */
export interface MultipartPart {
  readonly name: string;
  /** The file name; null for a field (no `filename` parameter). */
  readonly filename: string | null;
  /** The part's Content-Type: `""` for a field, octet-stream for a file, when none was given. */
  readonly type: string;
  readonly bytes: Uint8Array;
}

const CRLF = [0x0d, 0x0a];
const LF = [0x0a];

/** The boundary a multipart Content-Type names (RFC 2046 §5.1.1), or null. */
export function boundaryOf(contentType: string): string | null {
  const m = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^";\s]+))/i.exec(contentType);
  const b = m ? m[1] ?? m[2] : "";
  return b.length >= 1 && b.length <= 70 ? b : null;
}

/** Where `needle` next occurs in `hay` at or after `from`, else -1. */
function indexOfBytes(hay: Uint8Array, needle: Uint8Array, from: number) {
  for (
    let i = hay.indexOf(needle[0], from);
    i >= 0;
    i = hay.indexOf(needle[0], i + 1)
  ) {
    if (i + needle.length > hay.length) return -1;
    let k = 1;
    while (k < needle.length && hay[i + k] === needle[k]) k++;
    if (k === needle.length) return i;
  }
  return -1;
}

/**
 * A header's parameters (`form-data; name="a;b"; filename=x.txt`), names
 * lower-cased, or null when it is not `form-data` or a quote is left
 * open. In a quoted-string a backslash escapes only `"` and `\`
 * (RFC 9110 §5.6.4's quoted-pair): a browser sends a file's Windows path
 * with its backslashes as they are.
 */
export function dispositionParams(
  value: string,
): Map<string, string> | null {
  const semi = value.indexOf(";");
  const kind = (semi < 0 ? value : value.slice(0, semi)).trim();
  if (kind.toLowerCase() !== "form-data") return null;
  const params = new Map<string, string>();
  let i = semi < 0 ? value.length : semi;
  const spaces = () => {
    while (value[i] === " " || value[i] === "\t") i++;
  };
  while (i < value.length) {
    spaces();
    if (value[i] !== ";") return params.size ? params : null;
    i++;
    spaces();
    const start = i;
    while (i < value.length && !"=; \t".includes(value[i])) i++;
    const key = value.slice(start, i).toLowerCase();
    spaces();
    if (value[i] !== "=") continue;
    i++;
    spaces();
    let v = "";
    if (value[i] === '"') {
      for (i++;; i++) {
        if (i >= value.length) return null;
        const c = value[i];
        if (c === '"') break;
        if (c === "\\" && (value[i + 1] === '"' || value[i + 1] === "\\")) {
          v += value[++i];
        } else v += c;
      }
      i++;
    } else {
      const at = i;
      while (i < value.length && !"; \t".includes(value[i])) i++;
      v = value.slice(at, i);
    }
    // The first of a repeated parameter counts, as for a header field.
    if (key && !params.has(key)) params.set(key, v);
  }
  return params;
}

/**
 * The named parts of multipart `body` whose Content-Type is
 * `contentType`, in order, or null when it is no such body (no boundary,
 * no delimiter, a boundary line or part headers not ended by a line
 * break). A preamble before the first delimiter and an epilogue after the
 * close one are ignored (RFC 2046 §5.1.1). Line breaks are CRLF, or bare
 * LF throughout when the first boundary line ends so.
 */
export function multipartParts(
  contentType: string,
  body: Uint8Array,
): MultipartPart[] | null {
  const boundary = boundaryOf(contentType);
  if (!boundary) return null;
  const enc = new TextEncoder();
  const dec = new TextDecoder();
  // A delimiter is a boundary line: "--" boundary at the very start of
  // the body (no preamble) or after a line break.
  const open = enc.encode(`--${boundary}`);
  let at = 0;
  if (!startsWith(body, open, 0)) {
    at = indexOfBytes(body, enc.encode(`\n--${boundary}`), 0) + 1;
    if (at === 0) return null;
  }
  // The body's line break is the first boundary line's: CRLF as RFC 2046
  // §5.1.1 says, or a bare LF, which go-httpbin's and httpbin's readers
  // take too (a body written by hand or in a script often has them).
  let pad = at + open.length;
  while (body[pad] === 0x20 || body[pad] === 0x09) pad++;
  const nl = body[pad] === 0x0a ? LF : CRLF;
  const delimiter = new Uint8Array([...nl, ...open]);
  const blankLine = new Uint8Array([...nl, ...nl]);
  const lineBreak = nl === LF ? "\n" : "\r\n";
  const parts: MultipartPart[] = [];
  for (;;) {
    at += open.length;
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return parts; // close
    // Transport padding (spaces and tabs) may follow a boundary line.
    while (body[at] === 0x20 || body[at] === 0x09) at++;
    if (!startsWith(body, nl, at)) return null;
    at += nl.length;
    // A part cut short (no delimiter after it) is left out, as the
    // runtime's own reader left it.
    const end = indexOfBytes(body, delimiter, at);
    if (end < 0) return parts;
    const blank = startsWith(body, nl, at)
      ? at
      : indexOfBytes(body, blankLine, at) + nl.length;
    if (blank < at || blank > end) return null;
    const headers = new Map<string, string>();
    let last = "";
    for (const line of dec.decode(body.subarray(at, blank)).split(lineBreak)) {
      // A line that starts with a space or tab goes on the one before
      // (obsolete line folding, RFC 5322 §3.2.2), as the peers read it.
      if ((line[0] === " " || line[0] === "\t") && last) {
        headers.set(last, `${headers.get(last)} ${line.trim()}`);
        continue;
      }
      last = "";
      const colon = line.indexOf(":");
      if (colon <= 0) continue;
      const name = line.slice(0, colon).trim().toLowerCase();
      if (!headers.has(name)) {
        headers.set(name, line.slice(colon + 1).trim());
        last = name;
      }
    }
    at = end + nl.length;
    const params = dispositionParams(headers.get("content-disposition") ?? "");
    const name = params?.get("name");
    // A part with no field name is no field (RFC 7578 §4.2): skipped,
    // as the runtime's own reader skipped it.
    if (!name) continue;
    // filename* (an RFC 8187 value) names the file when it decodes, as
    // go-httpbin's and httpbin's readers take it, though RFC 7578 §4.2
    // asks senders not to write it.
    const filename = extValue(params!.get("filename*")) ??
      params!.get("filename") ?? null;
    parts.push({
      name,
      filename,
      // A file's type unsaid is octet-stream (RFC 7578 §4.4).
      type: headers.get("content-type") ??
        (filename === null ? "" : "application/octet-stream"),
      bytes: body.subarray(blank + nl.length, end),
    });
  }
}

/** Whether `b` holds `prefix` at `at`. */
function startsWith(b: Uint8Array, prefix: ArrayLike<number>, at: number) {
  if (at + prefix.length > b.length) return false;
  for (let k = 0; k < prefix.length; k++) {
    if (b[at + k] !== prefix[k]) return false;
  }
  return true;
}
