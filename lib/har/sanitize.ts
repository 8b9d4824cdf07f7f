/**
 * The sanitizer: a copy of a HAR with credentials redacted, safe to attach
 * to a bug report. Redacted: every cookie value (`cookies` arrays, `Cookie`
 * and `Set-Cookie` headers), `Authorization`/`Proxy-Authorization`, and
 * headers, query parameters, form fields and JSON fields whose name matches
 * the word list (see `redact.ts`), plus values that are credentials by shape
 * (JWTs, `Bearer x`). The input is never modified: changed objects are
 * shallow copies, untouched bodies are shared, so a 100 MB log is not
 * duplicated in memory.
 */
import { safeStringify, safeStringifyParts } from "./json_text.ts";
import { redactJsonText } from "./json_redact.ts";
import { redactMarkup } from "./markup_redact.ts";
import { type Obj, obj } from "./normalize.ts";
import { setOwn, str } from "../shared/value.ts";
import { base64Bytes, bytesBase64 } from "../shared/base64.ts";
import { charsetOf, isTextual } from "./body.ts";
import {
  ALWAYS_SECRET_HEADERS,
  CHALLENGE_HEADERS,
  cookieValue,
  decodeUserinfo,
  looksSecret,
  type NameMatcher,
  nameMatcher,
  redactCookieHeader,
  redactCredential,
  REDACTED,
  redactMultipart,
  redactQuery,
  redactSetCookie,
  redactSubprotocols,
  redactUrl,
  replaceJwts,
  urlCredential,
  valueText,
} from "./redact.ts";

/**
 * `holder` (a `content` or `postData`) with its text passed through `f`:
 * as it is, or, when the exporter wrote it as base64 (Chrome does for a
 * body it could not read as text) and its type is textual, decoded,
 * passed through `f` and encoded again. A JSON body recorded as base64
 * holds the same tokens as one recorded as text, in whatever charset it
 * was sent: a Latin-1 page's `{"password": …, "name": "Jürgen"}` as much
 * as a UTF-8 one's.
 */
function throughText(
  holder: Obj,
  mime: string,
  f: (text: string) => unknown,
): Obj {
  const t = holder.text;
  if (typeof t !== "string") return holder;
  if (holder.encoding !== "base64") {
    const out = f(t);
    return out === t ? holder : { ...holder, text: out };
  }
  // A multipart form is text around its files: read when it is UTF-8.
  if (!isTextual(mime) && !mime.startsWith("multipart/")) return holder;
  const bytes = base64Bytes(t);
  if (!bytes) return holder;
  const order = utf16Order(charsetOf(mime), bytes);
  let text: string;
  let read: "utf-8" | "bytes" | "utf-16" = "utf-8";
  if (order) {
    // Unit by unit, not through a strict decoder: a lone surrogate is
    // written back as it came, and its body still loses its secrets.
    if (bytes.length % 2) return holder;
    text = utf16Units(bytes, order === "utf-16be");
    read = "utf-16";
  } else {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      // Another charset (ISO-8859-1, windows-1252, Shift_JIS...; the
      // Encoding Standard's encoders write UTF-8 only), or a form with a
      // file of bytes: read a byte a character, so every byte but the
      // replaced values is written back as it was. The names, the quotes
      // and the marker are ASCII in every charset a server writes text in
      // but UTF-16 (read above).
      text = byteString(bytes);
      read = "bytes";
    }
  }
  const out = f(text);
  if (typeof out !== "string" || out === text) return holder;
  const written = read === "bytes"
    ? Uint8Array.from(out, (c) => c.charCodeAt(0) & 0xff)
    : read === "utf-8"
    ? new TextEncoder().encode(out)
    : utf16Bytes(out, order === "utf-16be");
  return { ...holder, text: bytesBase64(written) };
}

/**
 * The byte order of a body in UTF-16, or null for another charset: the
 * label as the Encoding Standard resolves it (§4.2: `utf-16`, `unicode`,
 * `csunicode`, `ucs-2`... are little-endian), then a byte order mark,
 * which decides over the label (RFC 2781 §4.3, the standard's decode).
 */
function utf16Order(
  charset: string,
  bytes: Uint8Array,
): "utf-16le" | "utf-16be" | null {
  let encoding = "";
  try {
    encoding = charset ? new TextDecoder(charset).encoding : "";
  } catch { /* an unknown label: not UTF-16 */ }
  if (encoding !== "utf-16le" && encoding !== "utf-16be") return null;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  return encoding;
}

/** `bytes` as UTF-16 code units, a character each, whatever they pair. */
function utf16Units(bytes: Uint8Array, bigEndian: boolean): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: string[] = [];
  const units: number[] = [];
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    units.push(view.getUint16(i, !bigEndian));
    if (units.length === 0x8000) {
      parts.push(String.fromCharCode(...units));
      units.length = 0;
    }
  }
  parts.push(String.fromCharCode(...units));
  return parts.join("");
}

/** `text`'s UTF-16 code units as bytes, in the order asked. */
function utf16Bytes(text: string, bigEndian: boolean): Uint8Array {
  const out = new Uint8Array(text.length * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < text.length; i++) {
    view.setUint16(i * 2, text.charCodeAt(i), !bigEndian);
  }
  return out;
}

/**
 * A WebSocket message's data passed through `f`: a text frame as it is, a
 * binary one (opcode 2, which Chrome and mitmproxy record as base64) when
 * its bytes are UTF-8 text, decoded and encoded again: `{"password": …}`
 * sent as bytes is as readable as sent as text.
 */
function messageData(m: Obj, f: (text: string) => string): string {
  const data = str(m.data);
  if (m.opcode !== 2) return f(data);
  const out = throughText({ text: data, encoding: "base64" }, "text/plain", f);
  return str(out.text);
}

/**
 * Bytes as a string of one character per byte (U+0000 to U+00FF). Not
 * TextDecoder's "latin1", which is windows-1252: it maps 0x80 to U+20AC.
 */
function byteString(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += 0x8000) {
    parts.push(String.fromCharCode(...bytes.subarray(i, i + 0x8000)));
  }
  return parts.join("");
}

/** Options of {@link sanitizeHar}. */
export interface SanitizeOptions {
  /** Secret names (see `redact.ts` for the syntax). */
  words: readonly string[];
  /** Also drop response bodies (HTML pages can embed tokens anywhere). */
  dropBodies?: boolean;
}

/** A sanitized copy and the number of values replaced. */
export interface SanitizeResult {
  /** The sanitized copy of the root object, ready for `JSON.stringify`. */
  har: Obj;
  /** How many values were replaced (bodies dropped with `dropBodies` are not counted). */
  redacted: number;
}

/**
 * A secret this short is not looked for elsewhere: `1`, `en` or `true`
 * would be "redacted" all over the file.
 */
const MIN_SPREAD_CHARS = 8;
/**
 * Nor one this long: a token or session id is short, and a 50 MB header
 * value would make a pattern too large to build.
 */
const MAX_SPREAD_CHARS = 1024;
/** Distinct secrets looked for elsewhere, at most. */
const MAX_SPREAD = 500;

/**
 * A Socket.IO packet over Engine.IO (`4` message, then the Socket.IO type
 * `2` event, `3` ack…): the digits, a binary count, a `/namespace,` and an
 * ack id, then its JSON payload.
 */
const SOCKET_IO = /^(\d{1,3}(?:\d+-)?(?:\/[^,\[{]*,)?\d*)([[{][\s\S]*)$/;
/** A STOMP frame's first line: its command (STOMP 1.2 §Frames). */
const STOMP =
  /^(?:CONNECT|STOMP|CONNECTED|SEND|SUBSCRIBE|UNSUBSCRIBE|ACK|NACK|BEGIN|COMMIT|ABORT|DISCONNECT|MESSAGE|RECEIPT|ERROR)\r?\n/;

/**
 * Words that name data more often than secrets when an XML element is
 * named by them exactly: an S3 listing's `<Key>`, an error's `<Code>`.
 */
const DATA_ELEMENTS = new Set(["=key", "=code"]);

/** A run of characters a URL in text may hold (quotes, spaces, brackets end it). */
const TEXT_RUN = /[^\s"'<>()\[\]{}\\`]+/g;
/**
 * Where the scheme before `://` at `slashes` starts in `run` (RFC 3986
 * §3.1: a letter, then letters, digits, `+`, `-`, `.`); -1 when none does.
 * A walk back from the `://`, so a long run costs one pass.
 */
function schemeStart(run: string, slashes: number): number {
  let i = slashes;
  while (i > 0 && /[a-z0-9+.-]/i.test(run[i - 1])) i--;
  while (i < slashes && !/[a-z]/i.test(run[i])) i++;
  return i < slashes ? i : -1;
}

/** How many colons `s` holds. */
function colonsIn(s: string): number {
  let n = 0;
  for (let i = s.indexOf(":"); i >= 0; i = s.indexOf(":", i + 1)) n++;
  return n;
}

/**
 * Whether valid JSON `text` writes no key twice in one object, given its
 * parse's `members` and the colons of the parse's keys and strings. Each
 * member of the text has one colon of its own, and every other colon is in
 * a key or a string, as itself or escaped (`\u003a`): so the text's colons
 * and escaped colons add up to the parse's exactly when no member was
 * dropped. An escape that only looks like one (`\\u003a`) makes the sum
 * larger too, which reads the text: never a member missed.
 */
function keysWrittenOnce(
  text: string,
  tally: { members: number; colons: number },
): boolean {
  let escaped = 0;
  if (text.includes("\\u003")) {
    escaped = text.match(/\\u003a/gi)?.length ?? 0;
  }
  return colonsIn(text) + escaped === tally.members + tally.colons;
}

/**
 * A whole body shaped as an urlencoded form (`name=value&…`, no white
 * space: a form writes a space as `+`).
 */
const FORM_BODY = /^[^=&\s{[<]+=[^&\s]*(?:&[^=&\s]+=[^&\s]*)*$/;

/** Text that may be JSON records, a line each (RFC 7464's RS may start one). */
// deno-lint-ignore no-control-regex -- RS (U+001E) is what it looks for
const RECORDS = /^[\x1e\s]*[{[]/;
/** One line of such text: what starts it, the record, a CR before the LF. */
// deno-lint-ignore no-control-regex -- RS (U+001E) is what it looks for
const RECORD = /^([\x1e \t]*)(.+?)(\r?)$/gm;

/** A JSONP answer: a callback's name, its JSON argument, the close. */
const JSONP =
  /^(\s*[A-Za-z_$][\w$.]{0,200}\s*\(\s*)([{[][\s\S]*[}\]])(\s*\)\s*;?\s*)$/;

/**
 * In a script: an identifier (or a quoted key), `=` or `:`, and a string
 * literal on one line (escapes kept), at most 4,096 characters.
 */
const SCRIPT_VALUE =
  /(?<![\w$])([A-Za-z_$][\w$]{0,100})(["']?[ \t]*[:=][ \t]*)(["'`])((?:[^"'`\\\n]|\\.){1,4096}?)\3/g;

/** Whether a string may hold JSON written into it (`{"token": …}`). */
function jsonLike(s: string): boolean {
  // White space around it is skipped without making a string: this runs
  // on every string of every JSON body.
  let a = 0, b = s.length - 1;
  while (a < b && s.charCodeAt(a) <= 32) a++;
  while (b > a && s.charCodeAt(b) <= 32) b--;
  const first = s[a], last = s[b];
  return b > a && (first === "{" || first === "[") &&
    (last === "}" || last === "]");
}

/**
 * What may precede a JSON body: a byte order mark, and the prefixes APIs
 * put before JSON so a `<script>` cannot run it (`)]}'`, `while(1);`,
 * `for(;;);`).
 */
const JSON_PREFIX =
  /^\uFEFF?\s*(?:\)\]\}'[ \t]*,?[ \t]*\r?\n?|while\s*\(1\);|for\s*\(;;\);)?/;

/** How many redaction markers `s` holds. */
function markers(s: string): number {
  let n = 0;
  for (let i = s.indexOf(REDACTED); i >= 0; i = s.indexOf(REDACTED, i + 1)) {
    n++;
  }
  return n;
}

/** A string that is an absolute URL with a query or fragment parameter. */
const ABSOLUTE_URL_WITH_QUERY = /^[a-z][a-z0-9+.-]*:\/\/[^\s?#]*[?#]\S*=/i;
/** A string that is a path with a query or fragment parameter (`/x?token=…`). */
const PATH_WITH_QUERY = /^\/[^\s?#]*[?#]\S*=/;

/** Whether string `v` may be a URL holding a credential (a cheap test). */
function urlToRedact(v: string): boolean {
  // The password as redact.ts reads it (to the authority's last `@`).
  return ABSOLUTE_URL_WITH_QUERY.test(v) || PATH_WITH_QUERY.test(v) ||
    urlCredential(v) !== "";
}

class Redactor {
  count = 0;
  /** Values redacted somewhere, to redact wherever else they appear. */
  readonly seen = new Set<string>();
  constructor(
    readonly isSecret: NameMatcher,
    /** The words for XML elements: all but `=key` and `=code`. */
    readonly isSecretElement: NameMatcher = isSecret,
  ) {}

  /** Notes a value that was redacted (see {@link spread}). */
  note(value: string): void {
    const v = value.trim();
    if (
      v.length >= MIN_SPREAD_CHARS && v.length <= MAX_SPREAD_CHARS &&
      !v.includes(REDACTED)
    ) {
      if (this.seen.size < MAX_SPREAD) this.seen.add(v);
      // Also as a URL's query carries it (`a+b/c=` as `a%2Bb%2Fc%3D`, in
      // capitals or not) and as JSON may write it (`a+b\/c=`).
      const encoded = encodeURIComponent(v);
      const forms = [
        encoded,
        // Escapes in small letters (`%2b`), and a form's spaces as `+`.
        encoded.replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase()),
        encoded.replaceAll("%20", "+"),
        v.replaceAll("/", "\\/"),
      ];
      for (const form of forms) {
        if (
          form !== v && form.length <= MAX_SPREAD_CHARS &&
          this.seen.size < MAX_SPREAD
        ) this.seen.add(form);
      }
    }
  }

  /** The value of each `name=value` of a Cookie or Set-Cookie header. */
  noteCookies(header: string, setCookie: boolean): void {
    for (const line of header.split(setCookie ? "\n" : ";")) {
      this.note(cookieValue(setCookie ? line.split(";", 1)[0] : line));
    }
  }

  url(u: unknown): unknown {
    if (typeof u !== "string") return u;
    this.#notePassword(u);
    const r = redactUrl(u, this.isSecret, this.#jsonValue);
    this.count += r.count;
    // A JWT in its path (`/verify/eyJ…`) too.
    return this.jwts(r.text);
  }

  /** A value that may be JSON (a query's `variables`), its secrets redacted. */
  #jsonValue = (v: string): string => jsonLike(v) ? this.jsonText(v) : v;

  /**
   * A Basic credential's `user:password` and its password, decoded, to
   * redact wherever else they are written (an echo of the request).
   */
  #noteBasic(value: string): void {
    const m = /^\s*basic\s+([A-Za-z0-9+/]+=*)\s*$/i.exec(value);
    const bytes = m ? base64Bytes(m[1]) : null;
    if (!bytes) return;
    const pair = new TextDecoder().decode(bytes);
    const colon = pair.indexOf(":");
    if (colon < 0) return;
    this.note(pair);
    this.note(pair.slice(colon + 1));
  }

  /** A URL's password, to redact wherever else it is written. */
  #notePassword(url: string): void {
    const password = urlCredential(url);
    if (!password) return;
    // As written, and decoded as userinfo is (`+` is a plus there).
    this.note(password);
    this.note(decodeUserinfo(password));
  }

  header(h: unknown): unknown {
    const o = obj(h);
    // An exporter's stray space (`"Cookie "`) names the same header.
    const name = str(o.name).trim().toLowerCase();
    const value = valueText(o.value);
    if (!value || value === REDACTED) return h;
    let out: string;
    if (name === "cookie" || name === "set-cookie") {
      this.noteCookies(value, name === "set-cookie");
      out = name === "cookie"
        ? redactCookieHeader(value)
        : redactSetCookie(value);
      if (out === value) return h; // redacted before
      // Each cookie's value is one value replaced, as in a `cookies` list.
      this.count += markers(out) - markers(value);
      return { ...o, value: out };
    } else if (CHALLENGE_HEADERS.has(name)) {
      return h;
    } else if (name === "sec-websocket-protocol") {
      const sub = redactSubprotocols(value, this.isSecret);
      if (!sub.count) return h;
      for (const f of sub.found) this.note(f);
      this.count += sub.count;
      return { ...o, value: sub.value };
    } else if (
      ALWAYS_SECRET_HEADERS.has(name) || this.isSecret(name) ||
      looksSecret(value)
    ) {
      out = redactCredential(value);
      if (out === value) return h; // redacted before
      // The credential itself (after a scheme such as `Bearer`).
      this.note(value.replace(/^[A-Za-z0-9-]+\s+(?=\S)/, ""));
      // Basic's `user:password` (RFC 7617 §2) as a server may echo it.
      this.#noteBasic(value);
    } else if (
      name === "location" || name === "referer" ||
      name === "content-location" ||
      // HTTP/2's request target, which Chrome records as a header: the
      // URL's path and query (RFC 9113 §8.3.1).
      name === ":path"
    ) {
      // As a request's URL is read: its password, query and JWTs.
      const url = this.url(value);
      return url === value ? h : { ...o, value: url };
    } else {
      // A JWT inside a longer value (`Forwarded: …;token=eyJ…`).
      out = this.jwts(value);
      return out === value ? h : { ...o, value: out };
    }
    this.count++;
    return { ...o, value: out };
  }

  /** A `{name, value}` pair (cookie, query parameter, form field). */
  pair(p: unknown, always: boolean): unknown {
    const o = obj(p);
    const value = valueText(o.value);
    if (!value || value === REDACTED) return p;
    if (!always && !this.isSecret(str(o.name)) && !looksSecret(value)) {
      // JSON written into the value (a GraphQL query's `variables`).
      const json = this.#jsonValue(value);
      return json === value ? p : { ...o, value: json };
    }
    this.note(value);
    this.count++;
    return { ...o, value: REDACTED };
  }

  list(v: unknown, f: (x: unknown) => unknown): unknown {
    return Array.isArray(v) ? v.map(f) : v;
  }

  /**
   * JSON text: fields with secret names and credential-shaped strings,
   * replaced in the text itself, every other byte kept (json_redact.ts).
   */
  jsonText(whole: string): string {
    // A byte order mark, or a prefix that keeps a script from running
    // the JSON (`)]}'`, `while(1);`), is kept and the rest read as JSON.
    const prefix = JSON_PREFIX.exec(whole)?.[0] ?? "";
    const text = prefix ? whole.slice(prefix.length) : whole;
    const t = text.trimStart();
    if (t[0] !== "{" && t[0] !== "[") return whole;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return whole;
    }
    if (value === null || typeof value !== "object") return whole;
    this.#wasJson = true;
    // Most bodies hold nothing to redact, which the parsed value shows,
    // unless a key is written twice: the parse keeps its last value, and
    // the first may be the secret. Then the text is read.
    const tally = { members: 0, colons: 0 };
    if (!this.#holdsSecret(value, tally) && keysWrittenOnce(text, tally)) {
      return whole;
    }
    return prefix + redactJsonText(text, {
      secretKey: (name) => this.isSecret(name),
      leaf: (v) => {
        if (looksSecret(v)) {
          this.note(v);
          this.count++;
          return REDACTED;
        }
        // A URL handed out in a body (a presigned upload URL, an OAuth
        // redirect) carries its credentials in its query, as a request URL
        // does: the same parameters go.
        if (urlToRedact(v)) return this.url(v) as string;
        // JSON written into a string (a payload, a GraphQL variable set,
        // a message queue's body): redacted as JSON is.
        if (jsonLike(v)) return this.jsonText(v);
        // A JWT inside a longer text (`"see eyJ… here"`).
        return this.jwts(v);
      },
      redacted: (raw) => {
        if (raw !== null) this.note(raw);
        this.count++;
      },
      tally: () => this.count,
      refund: (n) => (this.count -= n),
    }, REDACTED);
  }

  /**
   * A JSON value (not a body), its secrets redacted as in a JSON body; the
   * value itself when it holds none. A walk finds out first, without
   * copying: Chrome writes an initiator, often with a stack of many
   * frames, for every request, and few hold a secret.
   */
  jsonObject(v: object): unknown {
    if (!this.#holdsSecret(v)) return v;
    const t = safeStringify(v);
    const out = this.jsonText(t);
    return out === t ? v : JSON.parse(out);
  }

  /**
   * Whether `root`, a parsed value, has a member of a secret name, a
   * credential, a URL to redact or JSON written into a string (read as
   * text then). With `tally`, its members and the colons of its keys and
   * strings are counted into it (see {@link keysWrittenOnce}).
   */
  #holdsSecret(
    root: object,
    tally?: { members: number; colons: number },
  ): boolean {
    const stack: unknown[] = [root];
    while (stack.length) {
      const x = stack.pop();
      if (typeof x === "string") {
        if (tally) tally.colons += colonsIn(x);
        if (looksSecret(x) || jsonLike(x)) return true;
        // A JWT inside a longer text (`"see token=eyJ… here"`).
        if (x.includes(".eyJ") && replaceJwts(x, () => "") !== x) return true;
        // Most strings are no URL with a credential: a cheap look first.
        if (
          (x.includes("=") || x.includes("@")) && urlToRedact(x) &&
          redactUrl(x, this.isSecret).count
        ) return true;
      } else if (x !== null && typeof x === "object") {
        if (Array.isArray(x)) {
          for (const y of x) stack.push(y);
        } else {
          // `{"name": "password", "value": …}` (or .NET's `Name` and
          // `Value`, Postman's `key`): the value is a secret. Read in the
          // walk of its keys: a lookup of each spelling on every object
          // cost more than the walk.
          let name: unknown, valued = false;
          for (const k in x) {
            if (this.isSecret(k)) return true;
            const v = (x as Obj)[k];
            if (k === "name" || k === "Name" || k === "key" || k === "Key") {
              name = v;
            } else if (k === "value" || k === "Value") valued = true;
            if (tally) {
              tally.members++;
              tally.colons += colonsIn(k);
            }
            stack.push(v);
          }
          if (typeof name === "string" && valued && this.isSecret(name)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /**
   * A body in `mimeType`: JSON, urlencoded and multipart forms are
   * understood (Chrome records a multipart upload as its text only).
   */
  body(text: unknown, type: string): unknown {
    if (typeof text !== "string" || !text) return text;
    // Lower-cased to compare; a multipart boundary is read as written.
    const mime = type.toLowerCase();
    if (mime.includes("x-www-form-urlencoded")) return this.#form(text);
    if (mime.startsWith("multipart/")) {
      // A type recorded without its boundary: the body's first line says it.
      if (!/;\s*boundary\s*=/i.test(type)) {
        const first = /^--([^\s"]{1,200})\r?\n/.exec(text)?.[1];
        if (first) type += `; boundary="${first}"`;
      }
      const r = redactMultipart(text, type, (name, value) => {
        if (!this.isSecret(name) && !looksSecret(value.trim())) return false;
        this.note(value);
        return true;
      });
      this.count += r.count;
      return r.text;
    }
    if (mime.startsWith("text/event-stream")) {
      return this.text(this.events(text), mime);
    }
    // JSON is read as JSON only (its strings' URLs and JWTs included); a
    // body that is none is read as text.
    this.#wasJson = false;
    const json = this.jsonText(text);
    if (json !== text || this.#wasJson) return json;
    // A form sent as another type (`fetch(url, {body: "a=1&password=…"})`
    // records text/plain), or with none: a form is what the server reads.
    if (FORM_BODY.test(text)) return this.#form(text);
    // JSON Lines, NDJSON and JSON text sequences (RFC 7464's RS first):
    // each line as a JSON body.
    if (text.includes("\n") && RECORDS.test(text)) {
      const lines = text.replace(
        RECORD,
        (all, lead, line, cr) =>
          jsonLike(line) ? lead + this.jsonText(line) + cr : all,
      );
      if (lines !== text) return lines;
    }
    // JSONP: a callback called with JSON (`cb({"access_token": …})`).
    const jsonp = JSONP.exec(text);
    if (jsonp) {
      const inner = this.jsonText(jsonp[2]);
      if (inner !== jsonp[2]) return jsonp[1] + inner + jsonp[3];
    }
    return this.text(text, mime);
  }

  /** An urlencoded form, its secret fields and JSON in its values redacted. */
  #form(text: string): string {
    const r = redactQuery(text, this.isSecret, REDACTED, this.#jsonValue);
    this.count += r.count;
    return r.text;
  }

  /** The last {@link jsonText} read JSON (whether or not it changed it). */
  #wasJson = false;

  /**
   * A WebSocket text message: JSON; a Socket.IO packet (`42["auth",
   * {"token": …}]`: the packet's type, namespace and id, then JSON); a
   * STOMP frame (a command line, then `name:value` header lines, RFC-like
   * as HTTP's: `passcode`, `Authorization`); and the JWTs in any text.
   */
  frame(data: string): string {
    // SockJS wraps frames in a JSON array of strings (`a["CONNECT…"]`).
    if (data.startsWith("a[")) {
      const rest = data.slice(1);
      let list: unknown;
      try {
        list = JSON.parse(rest);
      } catch {
        list = null;
      }
      if (Array.isArray(list) && list.every((x) => typeof x === "string")) {
        const out = redactJsonText(rest, {
          secretKey: () => false,
          leaf: (v) => {
            const f = this.frame(v);
            return f === v ? null : f;
          },
          redacted: () => {},
        }, REDACTED);
        return out === rest ? data : "a" + out;
      }
    }
    // Heart-beats (line breaks) before a STOMP frame are kept.
    const beat = /^[\r\n]+/.exec(data)?.[0];
    if (beat && STOMP.test(data.slice(beat.length))) {
      const f = this.frame(data.slice(beat.length));
      return f === data.slice(beat.length) ? data : beat + f;
    }
    const json = this.jsonText(data);
    if (json !== data) return json;
    const io = SOCKET_IO.exec(data);
    if (io) {
      const rest = this.jsonText(io[2]);
      if (rest !== io[2]) return io[1] + rest;
    }
    // Several STOMP frames in one message, each ended by a NUL.
    const nul = data.indexOf("\0");
    if (
      STOMP.test(data) && nul >= 0 &&
      data.slice(nul + 1).replace(/[\r\n]/g, "").replaceAll("\0", "") !== ""
    ) {
      const frames = data.split("\0");
      const out = frames.map((f) => {
        const lead = /^[\r\n]*/.exec(f)![0];
        return STOMP.test(f.slice(lead.length))
          ? lead + this.frame(f.slice(lead.length))
          : f;
      }).join("\0");
      return out;
    }
    if (STOMP.test(data)) {
      const end = data.search(/\r?\n\r?\n/);
      const head = end < 0 ? data : data.slice(0, end);
      const lines = head.split("\n");
      let changed = false;
      for (let i = 1; i < lines.length; i++) {
        const colon = lines[i].indexOf(":");
        if (colon <= 0) continue;
        const h = this.header({
          name: lines[i].slice(0, colon),
          value: lines[i].slice(colon + 1).replace(/\r$/, ""),
        }) as Obj;
        const line = `${h.name}:${h.value}${
          lines[i].endsWith("\r") ? "\r" : ""
        }`;
        if (line !== lines[i]) {
          lines[i] = line;
          changed = true;
        }
      }
      if (changed) data = lines.join("\n") + (end < 0 ? "" : data.slice(end));
      // Its body, after the blank line and up to the NUL that ends it.
      if (end >= 0) {
        const start = data.search(/\r?\n\r?\n/);
        const from = start + (data.startsWith("\r\n\r\n", start) ? 4 : 2);
        const nul = data.indexOf("\0", from);
        const body = data.slice(from, nul < 0 ? data.length : nul);
        const json = this.jsonText(body);
        if (json !== body) {
          data = data.slice(0, from) + json +
            data.slice(nul < 0 ? data.length : nul);
        }
      }
    }
    return this.text(data, "");
  }

  /**
   * A server-sent event stream (HTML §9.2): the JSON of each `data:`
   * line, as JSON bodies are read.
   */
  events(text: string): string {
    return text.replace(/^(data:[ ]?)(.*)$/gm, (line, head, value) => {
      // A parse that fails costs a thrown error: only what may be JSON.
      if (!jsonLike(value)) return line;
      const json = this.jsonText(value);
      return json === value ? line : head + json;
    });
  }

  /**
   * Text of any other kind (HTML, a script, XML, plain text): in XML and
   * HTML, the fields and elements of secret names (markup_redact.ts); in
   * all, the JWTs, which are credentials wherever they are written (a page
   * that embeds its session token in a script).
   */
  text(text: string, mime: string): string {
    if (mime.includes("xml") || mime.includes("html")) {
      text = redactMarkup(
        text,
        {
          secretName: (name) => this.isSecret(name),
          secretElement: (name) => this.isSecretElement(name),
          redacted: (raw) => {
            this.note(raw);
            this.count++;
          },
        },
        REDACTED,
        mime.includes("xml") && !mime.includes("html"),
      );
    }
    if (mime.includes("script") || mime.includes("html")) {
      text = this.#scriptValues(text);
    }
    return this.jwts(this.urlsIn(text));
  }

  /**
   * A script's string literals assigned to or named by a secret name
   * (`window.__TOKEN__ = "…"`, `apiKey: '…'`): a page that hands its
   * session to its code writes it so.
   */
  #scriptValues(text: string): string {
    if (!text.includes("=") && !text.includes(":")) return text;
    return text.replace(SCRIPT_VALUE, (all, name, op, quote, value) => {
      if (!value || value === REDACTED || !this.isSecret(name)) return all;
      this.note(value);
      this.count++;
      return `${name}${op}${quote}${REDACTED}${quote}`;
    });
  }

  /**
   * The URLs written in free text (a link in a page or an e-mail body, a
   * URL in a log line: `/reset?token=…`), read as a request's URL is:
   * their password, secret parameters and JWTs. Runs of characters that
   * no URL in text holds are looked at once each.
   */
  urlsIn(text: string): string {
    if (!text.includes("=")) return text;
    return text.replace(TEXT_RUN, (run) => {
      if (
        run.indexOf("=") < 0 ||
        (run.indexOf("?") < 0 && run.indexOf("#") < 0 && run.indexOf("@") < 0)
      ) {
        return run;
      }
      // Where the URL starts: at a scheme (`https://`), or a path at the
      // run's start or after an attribute's `=` (`href=/x?…`).
      const slashes = run.indexOf("://");
      const at = slashes > 0
        ? schemeStart(run, slashes)
        : run[0] === "/"
        ? 0
        : run.indexOf("=/") >= 0
        ? run.indexOf("=/") + 1
        : -1;
      if (at < 0) return run;
      const url = this.url(run.slice(at)) as string;
      return run.slice(0, at) + url;
    });
  }

  /** The JWTs anywhere in `text`, redacted. */
  jwts(text: string): string {
    return replaceJwts(text, (jwt) => {
      this.note(jwt);
      this.count++;
      return REDACTED;
    });
  }
}

/** A request's `Content-Type` header: a body's type when none is recorded. */
function contentType(headers: unknown): string {
  if (!Array.isArray(headers)) return "";
  for (const h of headers) {
    const o = obj(h);
    if (str(o.name).trim().toLowerCase() === "content-type") {
      return str(o.value);
    }
  }
  return "";
}

function sanitizeEntry(e: Obj, r: Redactor, dropBodies: boolean): Obj {
  const req = obj(e.request);
  const res = obj(e.response);
  const out: Obj = { ...e };
  const post = obj(req.postData);
  out.request = {
    ...req,
    url: r.url(req.url),
    headers: r.list(req.headers, (h) => r.header(h)),
    cookies: r.list(req.cookies, (c) => r.pair(c, true)),
    queryString: r.list(req.queryString, (q) => r.pair(q, false)),
    ...(req.postData
      ? {
        postData: {
          ...throughText(
            post,
            str(post.mimeType).toLowerCase(),
            (t) => r.body(t, str(post.mimeType) || contentType(req.headers)),
          ),
          params: r.list(post.params, (p) => r.pair(p, false)),
        },
      }
      : {}),
  };
  if (e.response) {
    const content = obj(res.content);
    const mime = str(content.mimeType).toLowerCase();
    out.response = {
      ...res,
      headers: r.list(res.headers, (h) => r.header(h)),
      cookies: r.list(res.cookies, (c) => r.pair(c, true)),
      redirectURL: r.url(res.redirectURL),
      ...(res.content
        ? {
          content: dropBodies
            ? { ...content, text: undefined, encoding: undefined }
            : throughText(
              content,
              mime,
              (t) => r.body(t, str(content.mimeType)),
            ),
        }
        : {}),
    };
  }
  // Chrome's initiator: the URLs of the page, the script and each stack
  // frame that started the request, each with its query.
  if (e._initiator !== null && typeof e._initiator === "object") {
    out._initiator = r.jsonObject(e._initiator);
  }
  if (Array.isArray(e._webSocketMessages)) {
    out._webSocketMessages = e._webSocketMessages.map((m) => {
      const o = obj(m);
      if (typeof o.data !== "string") return m;
      const data = messageData(o, (t) => r.frame(t));
      return data === o.data ? m : { ...o, data };
    });
  }
  return out;
}

/**
 * The copy with every value redacted somewhere also redacted wherever else
 * it appears: a session id that a cookie carries also shows in a URL (ASP.NET
 * puts it in the path), a Location or a body, where no name says it is
 * secret. Only the fields that hold free text are looked at, and only
 * strings holding one of the values are copied.
 */
function spread(har: Obj, r: Redactor): void {
  if (!r.seen.size) return;
  // Longest first, so a value that contains another goes whole.
  const values = [...r.seen].sort((a, b) => b.length - a.length);
  const re = new RegExp(
    values.map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"),
    "g",
  );
  const text = (v: unknown): unknown => {
    if (typeof v !== "string" || !v) return v;
    re.lastIndex = 0;
    if (!re.test(v)) return v;
    re.lastIndex = 0;
    return v.replace(re, () => {
      r.count++;
      return REDACTED;
    });
  };
  /** `o[k]` as text, written back only when it changed. */
  const at = (o: Obj, k: string) => {
    const v = text(o[k]);
    if (v !== o[k]) o[k] = v;
  };
  const pairs = (o: Obj, k: string) => {
    if (!Array.isArray(o[k])) return;
    o[k] = (o[k] as unknown[]).map((p) => {
      const x = obj(p);
      const v = text(x.value);
      return v === x.value ? p : { ...x, value: v };
    });
  };
  const log = obj(har.log);
  for (const e of Array.isArray(log.entries) ? log.entries : []) {
    const entry = e as Obj;
    // The request and response were copied by sanitizeEntry: own objects.
    const req = obj(entry.request);
    at(req, "url");
    pairs(req, "headers");
    pairs(req, "queryString");
    if (req.postData) {
      const post = obj(req.postData);
      const mime = str(post.mimeType).toLowerCase();
      const next = { ...throughText(post, mime, text) };
      pairs(next, "params");
      req.postData = next;
    }
    const res = obj(entry.response);
    pairs(res, "headers");
    at(res, "redirectURL");
    // Exporters' own text fields (`_full_url`, `_url` in WebPageTest's),
    // and HAR 1.2's `comment`s, a person's notes (Fiddler, Charles and HTTP
    // Toolkit write them).
    for (const o of entry.response ? [entry, req, res] : [entry, req]) {
      for (const k of Object.keys(o)) {
        if (
          (k.startsWith("_") || k === "comment") && typeof o[k] === "string"
        ) at(o, k);
      }
    }
    if (res.content) {
      const content = obj(res.content);
      const mime = str(content.mimeType).toLowerCase();
      const next = throughText(content, mime, text);
      if (next !== content) res.content = next;
    }
    if (Array.isArray(entry._webSocketMessages)) {
      entry._webSocketMessages = entry._webSocketMessages.map((m) => {
        const o = obj(m);
        if (typeof o.data !== "string") return m;
        const d = messageData(o, (t) => str(text(t)));
        return d === o.data ? m : { ...o, data: d };
      });
    }
    // Chrome's initiator: the URLs of the page and the scripts.
    if (entry._initiator !== null && typeof entry._initiator === "object") {
      entry._initiator = deepText(entry._initiator, text);
    }
  }
  // Page titles, which are often the page's URL; the pages' and the log's
  // comments.
  if (Array.isArray(log.pages)) {
    log.pages = log.pages.map((p) => {
      const o = obj(p);
      const t = text(o.title), c = text(o.comment);
      return t === o.title && c === o.comment
        ? p
        : { ...o, title: t, ...(c === o.comment ? {} : { comment: c }) };
    });
  }
  at(log, "comment");
}

/** Levels of a JSON value {@link deepText} walks, at most. */
const MAX_DEEP_TEXT = 200;

/**
 * `v` with every string in it passed through `f`; objects and arrays are
 * copied only where a string in them changed. Past {@link MAX_DEEP_TEXT}
 * levels a value is left as it is.
 */
function deepText(
  v: unknown,
  f: (s: unknown) => unknown,
  depth = 0,
): unknown {
  if (typeof v === "string") return f(v);
  if (v === null || typeof v !== "object" || depth >= MAX_DEEP_TEXT) return v;
  if (Array.isArray(v)) {
    let out: unknown[] | null = null;
    v.forEach((x, i) => {
      const y = deepText(x, f, depth + 1);
      if (y !== x) (out ??= v.slice())[i] = y;
    });
    return out ?? v;
  }
  let out: Obj | null = null;
  for (const k of Object.keys(v)) {
    const x = (v as Obj)[k];
    const y = deepText(x, f, depth + 1);
    // setOwn: a JSON key `__proto__` is a key, not the prototype.
    if (y !== x) setOwn(out ??= { ...(v as Obj) }, k, y);
  }
  return out ?? v;
}

/**
 * Returns a sanitized copy of a parsed HAR (the root object with `log`),
 * leaving the input untouched.
 */
export function sanitizeHar(
  root: unknown,
  opts: SanitizeOptions,
): SanitizeResult {
  const r = new Redactor(
    nameMatcher(opts.words),
    nameMatcher(
      opts.words.filter((w) => !DATA_ELEMENTS.has(w.trim().toLowerCase())),
    ),
  );
  const rootObj = obj(root);
  const log = obj(rootObj.log);
  const entries = Array.isArray(log.entries) ? log.entries : [];
  const pages = Array.isArray(log.pages)
    ? log.pages.map((p) => {
      const o = obj(p);
      // Page titles are often the page URL, query string included.
      return typeof o.title === "string" ? { ...o, title: r.url(o.title) } : p;
    })
    : log.pages;
  const har = {
    ...rootObj,
    log: {
      ...log,
      ...(pages ? { pages } : {}),
      entries: entries.map((e) => sanitizeEntry(obj(e), r, !!opts.dropBodies)),
    },
  };
  spread(har, r);
  return { har, redacted: r.count };
}

/**
 * The sanitized copy as JSON text in parts (for a Blob): pretty-printed like
 * `JSON.stringify(har, null, 2)`, and still written when the file nests
 * too deep for that or is too large for one string.
 */
export function sanitizedJsonParts(
  root: unknown,
  opts: SanitizeOptions,
): { parts: string[]; redacted: number } {
  const { har, redacted } = sanitizeHar(root, opts);
  return { parts: safeStringifyParts(har, 2), redacted };
}
