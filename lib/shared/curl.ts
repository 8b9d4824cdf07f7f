/**
 * The one cURL command builder: a request as a command for a POSIX shell,
 * used by the debug runner, the HAR viewer's "Copy as cURL" and the spec
 * viewer.
 *
 * Quoting, so that a command does what it says when run and when pasted:
 * - Inside single quotes nothing is special to a POSIX shell (XCU §2.2.2),
 *   so a value is single-quoted and a `'` in it is written `'\''` (close,
 *   escaped quote, reopen). Words that cannot be misread (a plain method
 *   name) stay bare for readability.
 * - A value holding control characters (other than LF and CR) is
 *   written `$'…'` with `\ooo` escapes (XCU §2.2.4, dollar-single-quotes;
 *   bash, zsh and ksh read it; dash reads `$` and a plain quoted word, so a
 *   quote inside is `\047` and cannot end it): pasted raw into a terminal,
 *   a Ctrl-C or an escape sequence in a body would end the quoted text and
 *   run what follows as a command.
 * - A header value is sent by a browser as one byte per character (Fetch
 *   §2.2.1: a byte sequence); a character from U+0080 to U+00FF is written
 *   as that byte, so curl sends what the browser did.
 * - A body holding NUL bytes cannot be a shell argument: it is written with
 *   `printf` (its octal escapes) and piped in with `--data-binary @-`.
 *
 * Options:
 * - The URL first, then one option per line (` \` continuations). A URL
 *   that starts with `-` is given as `--url`, so a recorded `-K/etc/passwd`
 *   is a URL, never an option (curl's config file); spaces and
 *   control characters in it are percent-encoded (RFC 3986 §2.1), as a
 *   browser does; `--globoff` where it holds `[]{}`, which curl would
 *   otherwise expand into several requests.
 * - `-X METHOD` only when curl would not send that method anyway (unless
 *   asked to name it, as the spec viewer does: `curl -X METHOD 'URL'` on
 *   the first line reads as the operation it calls): curl
 *   sends GET, or POST when given a body. Leaving an inferable `-X` out also
 *   keeps `-L` honest: `-X` pins the method on every hop, while curl without
 *   it (like browsers, Fetch §4.4 "HTTP-redirect fetch") switches a POST to
 *   GET after 301/302/303. Another method with `-L` keeps its name on every
 *   hop, where a browser turns it into a GET after a 303: curl has no way
 *   to say that. HEAD is `--head`: with `-X HEAD` curl waits for a body
 *   that never comes.
 * - `-H 'Name: value'` per header, in order. An empty value is written
 *   `-H 'Name;'`: curl reads `Name:` as "remove this header", and `Name;`
 *   as "send it empty". A header whose name is not a token (RFC 9110
 *   §5.1; curl reads `-H @name` as a file of headers) or whose value holds
 *   CR, LF or NUL (§5.5) cannot be sent and is left out.
 * - `--data-raw` for the body: unlike `-d`, a leading `@` is not a file name.
 *   Multipart fields are `--form-string name=value`, not `-F`: a value
 *   starting with `@` or `<` must not make curl read a file; a file field
 *   is `-F 'name=@file'` (a file for the reader to pick). curl writes the
 *   multipart Content-Type itself.
 * - `--compressed` (decode what the server compresses), `-N` (no output
 *   buffering, for event streams), `-i` (print the status line and
 *   headers), `-L` (follow redirects), `--max-time N` (end a stream that
 *   never ends by itself) when asked; with `fetchEmptyBody`, a POST or PUT
 *   without a body gets `--data-raw ''` as fetch sends one.
 */
import { isToken } from "./http_token.ts";

/** A header as a name and a value. */
export type HeaderPair = readonly [name: string, value: string];

/** The request a command repeats. */
export interface CurlRequest {
  method: string;
  /** Absolute URL. */
  url: string;
  /** In the order they are sent; repeated names are repeated. */
  headers: readonly HeaderPair[];
  /** The body as text (sent as UTF-8); undefined or "" for none. */
  body?: string;
  /** The body as bytes (a binary upload), instead of `body`. */
  bodyBytes?: Uint8Array;
  /**
   * A file whose bytes are the body (`--data-binary @path`: sent as they
   * are, where `-d @path` would drop its line breaks), instead of `body`:
   * a placeholder path for a binary upload only the reader has.
   */
  bodyFile?: string;
  /** Multipart fields, instead of a body. */
  form?: readonly FormField[];
}

/** A multipart field: a value, or (`file`) the name of a file to send. */
export interface FormField {
  name: string;
  value: string;
  file?: boolean;
  /** The part's Content-Type (`application/json` for an object), if set. */
  type?: string;
}

/** How curl should behave beyond sending the request. */
export interface CurlOptions {
  /** Follow redirects (`-L`). */
  follow?: boolean;
  /** Ask for and decode a compressed response (`--compressed`). */
  compressed?: boolean;
  /** Print the response as it arrives (`-N`). */
  stream?: boolean;
  /** Print the status line and headers too (`-i`). */
  include?: boolean;
  /** Name the method first (`curl -X METHOD 'URL'`) even where curl infers it. */
  namedMethod?: boolean;
  /**
   * Send what a browser's `fetch` sends for a POST or PUT without a body:
   * an empty body with `Content-Length: 0` and no Content-Type (see
   * {@link curlCommand}).
   */
  fetchEmptyBody?: boolean;
  /** Give up after this many seconds (`--max-time`), for a stream that never ends. */
  maxTime?: number;
  /**
   * Answer a Digest challenge with these credentials (`--digest -u`): curl
   * sends the request, reads the 401's nonce and sends it again answered
   * (RFC 7616 §3.4).
   */
  digest?: { user: string; passwd: string };
}

/**
 * A word every POSIX shell and zsh reads as written: no `=` first (zsh
 * expands `=ls` to `/usr/bin/ls`, its EQUALS option, on by default).
 */
const SAFE = /^[A-Za-z0-9_./:@%+,-][A-Za-z0-9_./:=@%+,-]*$/;
/**
 * Characters a terminal or line editor acts on when pasted: C0 but LF and
 * CR (those change no more than the text: a CRLF multipart body stays
 * single-quoted, which every POSIX shell reads), DEL and C1. Tab is one:
 * pasted raw into a line editor without bracketed paste (bash 5.0 and
 * older, macOS's 3.2) it completes the quoted word, closing its quote, and
 * the rest of the line runs.
 */
// deno-lint-ignore no-control-regex
const CONTROL = /[\0-\x09\v\f\x0e-\x1f\x7f-\x9f]/;

/**
 * `\ooo` for a byte: three octal digits, which XCU §2.2.4 specifies
 * whatever follows (a `\xHH` followed by a hex digit is left unspecified).
 */
function octalByte(b: number): string {
  return `\\${b.toString(8).padStart(3, "0")}`;
}

/**
 * `s` as `$'…'`: backslash, quote and control characters escaped; with
 * `latin1`, characters U+0080 to U+00FF as their one byte, else as UTF-8.
 */
function dollarQuote(s: string, latin1: boolean): string {
  let out = "$'";
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    // A quote as `\047`, never `\'`: a shell without `$'…'` (dash) reads
    // `$` and then an ordinary single-quoted word, which a `'` inside
    // would end, running what follows.
    if (ch === "'") out += "\\047";
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (c < 0x20 || c === 0x7f) out += octalByte(c);
    else if (c >= 0x80 && c <= 0xff && (latin1 || c <= 0x9f)) {
      out += latin1 ? octalByte(c) : octalByte(0xc0 | c >> 6) +
        octalByte(0x80 | (c & 0x3f));
    } else out += ch;
  }
  return out + "'";
}

/**
 * Quotes one word for a shell (always quoted): single quotes, or `$'…'`
 * when it holds control characters.
 */
export function shellQuote(s: string): string {
  // A tab is the one control character a plain word can carry safely and
  // exactly in every POSIX shell: not raw (a line editor completes on it),
  // but as a printf of it between the quoted pieces.
  if (CONTROL.test(s.replaceAll("\t", ""))) return dollarQuote(s, false);
  const quoted = `'${s.replace(/'/g, `'\\''`)}'`;
  return s.includes("\t")
    ? quoted.replaceAll("\t", `'"$(printf '\\011')"'`)
    : quoted;
}

/** A word as is when a shell reads it unchanged, else quoted. */
export function shellWord(s: string): string {
  return SAFE.test(s) ? s : shellQuote(s);
}

/** A header line (`Name: value`, `Name;` when empty) quoted, bytes kept. */
function headerWord(name: string, value: string): string {
  const line = value === "" ? `${name};` : `${name}: ${value}`;
  // All of it one byte per character: the bytes a browser sent.
  return /[\x80-\xff]/.test(line) && !/[^\0-\xff]/.test(line)
    ? dollarQuote(line, true)
    : shellQuote(line);
}

/** Whether curl can send a header as given (see the module's notes). */
export function sendableHeader(name: string, value: string): boolean {
  return isToken(name) && !/[\0\r\n]/.test(value);
}

/**
 * `encodeURIComponent`, with a lone surrogate written as U+FFFD's bytes,
 * as a browser's URL parser writes one (`encodeURIComponent` would throw:
 * a recorded URL or a written example must never cost a command).
 */
export function encodePart(s: string): string {
  return encodeURIComponent(s.toWellFormed());
}

/** An absolute URL's scheme and authority, which stay as written. */
const AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/**
 * An authority's host in ASCII: an internationalised name as its
 * punycode A-label (`api.例え.jp` is `api.xn--r8jz45g.jp`, UTS #46, as
 * the URL parser writes it), which curl sends without libidn2 too; as
 * written when it is ASCII or no URL (a `{server}` template).
 */
function asciiHost(head: string): string {
  if (!head || !/[^\0-\x7f]/.test(head)) return head;
  try {
    const u = new URL(head);
    // The URL parser adds a `/` path: the authority alone is kept.
    return `${u.protocol}//${
      u.username ? `${u.username}${u.password ? `:${u.password}` : ""}@` : ""
    }${u.host}`;
  } catch {
    return head;
  }
}

/**
 * The URL as curl's words: quoted, never read as an option (`--url` when
 * it starts with `-`), written as {@link curlUrl} writes it.
 */
export function urlWords(url: string): string {
  const clean = curlUrl(url);
  return clean.startsWith("-")
    ? `--url ${shellQuote(clean)}`
    : shellQuote(clean);
}

/** `%XX` for each code unit 0-127 (only the controls and DEL used). */
const CONTROL_ESCAPES: readonly string[] = Array.from(
  { length: 128 },
  (_, c) => "%" + c.toString(16).toUpperCase().padStart(2, "0"),
);

/**
 * The URL a command sends (the "Copy as" writers of other languages send
 * the same): spaces and control characters percent-encoded, and past the
 * authority every other character outside ASCII as its UTF-8 bytes (a lone
 * surrogate as U+FFFD's), as a browser sends them (URL Standard,
 * percent-encode sets): curl would send the raw bytes.
 */
export function curlUrl(url: string): string {
  // Spaces by split and join, the rarer controls a run at a time by a
  // table: a replace's call per character took 8 s on a path of 50 million
  // spaces (the hostile tests' size), a replace by a string still 4 s.
  const controls = url.split(" ").join("%20").replace(
    // deno-lint-ignore no-control-regex
    /[\0-\x1f\x7f]+/g,
    (run) => {
      let out = "";
      for (let i = 0; i < run.length; i++) {
        out += CONTROL_ESCAPES[run.charCodeAt(i) & 0x7f];
      }
      return out;
    },
  );
  const head = AUTHORITY.exec(controls)?.[0] ?? "";
  // A path's placeholder (`{名前}`, §4.1's `{name}`) stays readable, to be
  // replaced by hand; every other character beyond ASCII is its bytes,
  // braces in the query or fragment too (`?q={"a":"ü"}` is data).
  const rest = controls.slice(head.length);
  const cut = rest.search(/[?#]/);
  const path = cut < 0 ? rest : rest.slice(0, cut);
  const tail = cut < 0 ? "" : rest.slice(cut);
  return asciiHost(head) + path.replace(
    /\{[^{}/?#]*\}|[^\0-\x7f]+/g,
    (m) => m.startsWith("{") ? m : encodePart(m),
  ) + tail.replace(/[^\0-\x7f]+/g, encodePart);
}

/** Whether curl would read part of `url` as a glob (`[1-3]`, `{a,b}`). */
export function needsGlobOff(url: string): boolean {
  return /[[\]{}]/.test(url);
}

/**
 * A method as fetch sends it (Fetch §2.2.1 "normalize": the six standard
 * methods in upper case, any other as given), GET when empty.
 */
export function normalMethod(method: string): string {
  const up = method.toUpperCase();
  return ["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT"].includes(up)
    ? up
    : method || "GET";
}

/** `printf` words writing `bytes` exactly (octal escapes, XCU printf). */
function printfWords(bytes: Uint8Array): string {
  let fmt = "";
  for (const b of bytes) {
    // A leading `-` would be read as an option of printf (a multipart
    // body starts with `--boundary`).
    if (b === 0x2d && fmt === "") fmt += "\\055";
    else if (b === 0x25) fmt += "%%";
    else if (b === 0x5c) fmt += "\\\\";
    else if (b >= 0x20 && b < 0x7f) fmt += String.fromCharCode(b);
    else fmt += "\\" + b.toString(8).padStart(3, "0");
  }
  return `printf ${shellQuote(fmt)}`;
}

/**
 * Longest body, in UTF-8 bytes, given to curl as an argument. Linux
 * refuses to start a program with one argument of 128 KiB or more
 * (MAX_ARG_STRLEN: "Argument list too long"); `printf` is built into the
 * shell, so a longer body goes through it.
 */
export const MAX_ARGUMENT_BODY = 100_000;

/**
 * How curl is given a body: `--data-raw '…'` (a leading `@` is no file
 * name), or for text with NUL bytes, for bytes and for a body past
 * {@link MAX_ARGUMENT_BODY}, `--data-binary @-` and the `printf` words to
 * pipe into it ("" when there is nothing to pipe).
 */
export function bodyArgs(
  body: string | Uint8Array,
): { option: string; pipe: string } {
  if (
    typeof body === "string" && !body.includes("\0") &&
    // Under the bound in UTF-16 units times 3, or counted: under it in bytes.
    (body.length * 3 <= MAX_ARGUMENT_BODY ||
      new TextEncoder().encode(body).length <= MAX_ARGUMENT_BODY)
  ) {
    return { option: `--data-raw ${shellQuote(body)}`, pipe: "" };
  }
  const bytes = typeof body === "string"
    ? new TextEncoder().encode(body)
    : body;
  return { option: "--data-binary @-", pipe: printfWords(bytes) };
}

/**
 * Whether `name` may stand before `-F`'s `=`: a token (RFC 9110 §5.6.2),
 * letters beyond ASCII allowed (RFC 7578 §5.1.1 sends a field name in
 * UTF-8: `ファイル=@file` uploads the file), nothing curl reads as syntax.
 */
function formName(name: string): boolean {
  if (!name || name.length > 200) return false;
  for (const ch of name) {
    if (
      ch.charCodeAt(0) > 0x7f
        ? !/^[\p{L}\p{N}\p{M}]$/u.test(ch)
        : !isToken(ch, 1)
    ) {
      return false;
    }
  }
  return true;
}

/**
 * The part curl sends for a multipart field, whatever writes it (the
 * command, or another language's copy of it): `text` (no type, no file
 * name), `typed` (a value with its part type), `file` (a file to read,
 * with its part type if given); null when curl cannot send the field as
 * itself.
 */
export function curlFormPart(
  f: FormField,
): { kind: "text" | "typed" | "file"; type: string } | null {
  // curl ends a name at its first `=`: such a field cannot be sent under
  // its name, and is left out rather than sent under another.
  if (f.name.includes("=")) return null;
  // No shell word holds a NUL: such a value cannot be sent as itself.
  if (f.value.includes("\0")) return null;
  // curl reads `;type=`'s text up to the next `;`, where `headers=@FILE`
  // would read a local file: only a token name (RFC 9110 §5.6.2) and a
  // bare `type/subtype` reach `-F`; anything else goes as text, which
  // never reads a file.
  if (!formName(f.name)) return { kind: "text", type: "" };
  const [t, sub, ...more] = (f.type ?? "").split("/");
  const type =
    f.type && !more.length && isToken(t, 100) && isToken(sub ?? "", 100)
      ? f.type
      : "";
  if (f.file) return { kind: "file", type };
  return { kind: type ? "typed" : "text", type };
}

/**
 * The types curl gives a file part from its name's extension, and
 * application/octet-stream for any other (curl 7.88's table).
 */
const FILE_TYPES: Record<string, string> = {
  gif: "image/gif",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  svg: "image/svg+xml",
  txt: "text/plain",
  htm: "text/html",
  html: "text/html",
  pdf: "application/pdf",
  xml: "application/xml",
};

/**
 * The Content-Type curl gives a file part: `type` when given, else by the
 * file name's extension (the table above), for the other languages'
 * copies to send the same.
 */
export function curlFileType(file: string, type = ""): string {
  if (type) return type;
  const ext = /\.([^.]+)$/.exec(file)?.[1].toLowerCase() ?? "";
  return Object.hasOwn(FILE_TYPES, ext)
    ? FILE_TYPES[ext]
    : "application/octet-stream";
}

/**
 * One multipart field as curl's option ({@link curlFormPart}):
 * `--form-string name=value` (a leading `@` or `<` stays text),
 * `-F 'name=@file'`; with a part type, the value double-quoted, which curl
 * reads literally, then `;type=`.
 */
function formWord(f: FormField): string {
  const part = curlFormPart(f);
  if (!part) return "";
  const type = part.type ? `;type=${part.type}` : "";
  if (part.kind === "file") {
    return `-F ${shellQuote(`${f.name}=@${f.value}${type}`)}`;
  }
  if (part.kind === "text") {
    return `--form-string ${shellQuote(`${f.name}=${f.value}`)}`;
  }
  const quoted = f.value.replace(/[\\"]/g, (c) => "\\" + c);
  return `-F ${shellQuote(`${f.name}="${quoted}"${type}`)}`;
}

/** The command for `req`: `curl 'URL'`, then one option per line. */
export function curlCommand(
  req: CurlRequest,
  options: CurlOptions = {},
): string {
  // CR or LF in a method would make curl write a second request: never.
  // deno-lint-ignore no-control-regex
  const method = normalMethod(req.method.replace(/[\0-\x1f\x7f]/g, ""));
  const parts = [
    options.namedMethod
      ? `curl -X ${shellWord(method)} ${urlWords(req.url)}`
      : `curl ${urlWords(req.url)}`,
  ];
  if (needsGlobOff(req.url)) parts.push("--globoff");
  // A URL of another scheme (`file:///etc/passwd#`, from a spec's server or
  // a recording) would make curl read a local file, and one without a
  // scheme lets curl guess one from the host (`ftp.…`): both are held to
  // http(s). A path (`/v1/pets`) or a placeholder names no host at all.
  if (!/^https?:\/\//i.test(req.url) && !/^[/{]/.test(req.url)) {
    parts.push("--proto '=http,https'");
  }
  // HEAD is always `--head`, and sends no body: with `-X HEAD` curl waits
  // for the body the headers announce, which never comes, and it refuses
  // `--head` beside a body, which a HEAD request cannot use anyway (RFC
  // 9110 §9.3.2; fetch refuses one).
  const head = method === "HEAD";
  const form = head ? [] : req.form ?? [];
  // Fields that cannot be sent as themselves are left out (see formWord).
  const fields = form.map(formWord).filter((w) => w !== "");
  const body = head || form.length ? "" : req.bodyBytes ?? req.body ?? "";
  const file = head || form.length ? "" : req.bodyFile ?? "";
  const hasBody = body.length > 0 || fields.length > 0 || file !== "";
  // A POST or PUT without a body goes out from fetch with Content-Length: 0
  // (Fetch §4.5 "HTTP-network-or-cache fetch": a null body with method POST
  // or PUT gets `0`; Chromium does the same, and no other method). curl
  // sends that for `--data-raw ''`, and without `-X POST` it also turns a
  // POST into a GET after 301, 302 and 303 as fetch does (Fetch §4.4
  // "HTTP-redirect fetch"), where `-X POST` would keep POST on every hop.
  // curl adds a form Content-Type to `--data-raw`; fetch sends none for a
  // null body, so it is removed (`-H 'Content-Type:'`) unless one is given.
  const emptyBody = !!options.fetchEmptyBody && !hasBody && !form.length &&
    (method === "POST" || method === "PUT");
  if (head) parts.push("--head");
  else if (
    !options.namedMethod &&
    method !== (hasBody || emptyBody ? "POST" : "GET")
  ) {
    parts.push(`-X ${shellWord(method)}`);
  }
  for (const [name, value] of req.headers) {
    if (sendableHeader(name, value)) {
      parts.push(`-H ${headerWord(name, value)}`);
    }
  }
  parts.push(...fields);
  const data = body.length ? bodyArgs(body) : { option: "", pipe: "" };
  if (data.option) parts.push(data.option);
  else if (file) parts.push(`--data-binary ${shellQuote(`@${file}`)}`);
  if (emptyBody) {
    parts.push("--data-raw ''");
    if (!req.headers.some(([n]) => n.toLowerCase() === "content-type")) {
      parts.push("-H 'Content-Type:'");
    }
  }
  if (options.compressed) parts.push("--compressed");
  if (options.stream) parts.push("-N");
  if (options.include) parts.push("-i");
  if (options.follow) {
    parts.push("-L");
    // curl sends data as a POST, and after a 301 or 302 turns a POST into
    // a GET, dropping the data, even under another `-X` method; fetch
    // keeps any method but POST, with its body (Fetch §4.4
    // "HTTP-redirect fetch"), so that method keeps its body here too.
    const sendsData = hasBody || emptyBody;
    if (sendsData && !head && method !== "POST") {
      parts.push("--post301 --post302");
    }
  }
  if (options.digest) {
    parts.push(
      `--digest -u ${
        shellQuote(`${options.digest.user}:${options.digest.passwd}`)
      }`,
    );
  }
  if (options.maxTime !== undefined) {
    parts.push(`--max-time ${shellWord(String(options.maxTime))}`);
  }
  const command = parts.join(" \\\n  ");
  return data.pipe ? `${data.pipe} |\n${command}` : command;
}
