/**
 * How the reflecting endpoints read a request's text, with one
 * {@link RequestText} per instance (on its context, never module state):
 * - bodies as strict UTF-8 through one decoder, since without `stream` a
 *   decode keeps nothing from one call to the next (Encoding §10.2.2), and
 *   a decoder made per request cost more than the decode of a 1 kB body;
 * - header names in httpbin's Title-Case ({@link canonicalHeader}),
 *   remembered for the few names clients send on every request. The memo is
 *   of a pure function of the name alone, never an answer to a request, and
 *   bounded: at most {@link NAME_MEMO_MAX} names of at most
 *   {@link NAME_MEMO_LENGTH} characters; others are computed every time.
 */

/** Most names {@link RequestText.headerName} remembers per instance. */
export const NAME_MEMO_MAX = 512;
/** Longest name remembered (real header names are far shorter). */
export const NAME_MEMO_LENGTH = 64;

/**
 * A header name in canonical Title-Case, as httpbin shows it: a letter
 * after anything but a letter is upper case, every other letter lower case
 * (`x-b3-traceid` becomes `X-B3-Traceid`, `dnt` becomes `Dnt`).
 */
export function canonicalHeader(name: string): string {
  let out = "";
  let prevLetter = false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c > 0x7f) return canonicalUnicode(name);
    const letter = (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
    // ASCII case is one bit: set it for lower case, clear it for upper.
    out += letter
      ? String.fromCharCode(prevLetter ? c | 0x20 : c & ~0x20)
      : name[i];
    prevLetter = letter;
  }
  return out;
}

/** {@link canonicalHeader} for any text (header names are ASCII tokens). */
function canonicalUnicode(name: string): string {
  let out = "";
  let prevLetter = false;
  for (const ch of name) {
    const lower = ch.toLowerCase();
    const upper = ch.toUpperCase();
    const letter = lower !== upper;
    out += letter ? (prevLetter ? lower : upper) : ch;
    prevLetter = letter;
  }
  return out;
}

/**
 * A header value as text: Fetch hands a value's bytes a character each (a
 * ByteString, Fetch §2.2); when they are UTF-8 (a browser's
 * `document.cookie = "n=ü"` sends ü's two bytes), the characters they
 * spell, else the value as it came.
 */
export function headerValueText(value: string): string {
  let wide = false;
  for (let i = 0; i < value.length && !wide; i++) {
    wide = value.charCodeAt(i) > 0x7f;
  }
  if (!wide) return value;
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(
      Uint8Array.from(value, (c) => c.charCodeAt(0)),
    );
  } catch {
    return value;
  }
}

/**
 * `text` as a header value's bytes, UTF-8, a character each (the
 * ByteString Fetch sends as it is): `ü` as the two bytes C3 BC a client
 * reading UTF-8 shows as `ü`, not the one byte FC only Latin-1 reads.
 */
export function utf8ByteString(text: string): string {
  let wide = false;
  for (let i = 0; i < text.length && !wide; i++) {
    wide = text.charCodeAt(i) > 0x7f;
  }
  if (!wide) return text;
  const bytes = new TextEncoder().encode(text);
  let out = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return out;
}

/** One instance's strict UTF-8 decoder and header-name memo. */
export class RequestText {
  // ignoreBOM: a byte-order mark is kept as U+FEFF rather than dropped,
  // since these endpoints show exactly the bytes that came.
  readonly #utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  readonly #names = new Map<string, string>();

  /** Bytes as strict UTF-8 text, or null when they are not UTF-8. */
  utf8(bytes: Uint8Array): string | null {
    try {
      return this.#utf8.decode(bytes);
    } catch {
      return null;
    }
  }

  /** {@link canonicalHeader} of `name`, remembered within the bounds. */
  headerName(name: string): string {
    let canon = this.#names.get(name);
    if (canon === undefined) {
      canon = canonicalHeader(name);
      if (
        this.#names.size < NAME_MEMO_MAX && name.length <= NAME_MEMO_LENGTH
      ) {
        this.#names.set(name, canon);
      }
    }
    return canon;
  }

  /** Names remembered now (tests check the bound). */
  get remembered(): number {
    return this.#names.size;
  }
}
