/**
 * "Copy as fetch": a request as a `fetch` call that Node.js (18 and later)
 * and Deno run as they are, as DevTools' "Copy as fetch (Node.js)" writes
 * it: the method, the URL, the headers and the body (a recorded request's
 * replay in the HAR viewer, an operation's in the spec viewer, as their
 * cURL commands send them). Every string is a JSON string literal, valid
 * JavaScript (ECMA-262 §12.9.4, U+2028 included since ES2019), so a value
 * cannot end the literal and run as code; and what `fetch` itself would
 * throw on (Fetch §5.4 Request constructor, §5.2 Headers) is left out with
 * a comment, or refused, so the call runs. A redirect is not followed
 * (`redirect: "manual"`: Node.js and Deno answer with the 3xx itself), as
 * curl without `-L` follows none; a browser answers an opaque response
 * there, which the call's comment says. Fields fetch adds that curl does
 * not send (its Accept-Encoding and Accept-Language, a bodiless POST's
 * Content-Length: 0, and Node.js's of a bodiless PATCH, Node.js's Pragma on
 * a conditional request) are said too, and so are the headers a browser's
 * fetch drops (Cookie, Origin, `Sec-` ones…) where Node.js and Deno send
 * them.
 */
import { bytesBase64 } from "./base64.ts";
import { isToken } from "./http_token.ts";
import {
  curlFileType,
  curlFormPart,
  type FormField,
  type HeaderPair,
} from "./curl.ts";

/** What a call is written for. */
export interface FetchRequest {
  method: string;
  /** Absolute URL (fetch in Node.js and Deno takes no other). */
  url: string;
  /** In the order they are sent; repeated names are joined. */
  headers: readonly HeaderPair[];
  /**
   * Text (sent as UTF-8), bytes, or the path of a file whose bytes are
   * the body (a binary upload, read when the call runs); null for none.
   */
  body: { text?: string; bytes?: Uint8Array; file?: string } | null;
  /**
   * Multipart fields, instead of a body: a `FormData`, whose boundary
   * fetch writes into the Content-Type itself (a Content-Type given is
   * left out); the parts curl sends, a file field as the bytes of the file
   * at its path (read when the call runs), named and typed as curl's
   * `-F name=@path` sends it.
   */
  form?: readonly FormField[];
  /**
   * The cURL command asks for the codings curl decodes (`--compressed`),
   * so a client's own Accept-Encoding stands for the one recorded.
   */
  compressed?: boolean;
}

/** How {@link fetchCode} words its call. */
export interface FetchOptions {
  /** The caller left a body out of the request (too large to copy): said. */
  bodyLeftOut?: boolean;
  /** The request was recorded (a HAR entry): its notes say so. */
  recorded?: boolean;
  /** Lines said as comments first in the call's options (no line breaks). */
  comments?: readonly string[];
}

/**
 * Headers `fetch` writes itself or refuses: hop-by-hop ones (RFC 9110
 * §7.6.1), which undici rejects, Host, which it takes from the URL (a
 * Host naming another authority, kept by curl, cannot be sent by fetch:
 * it is named left out), and Content-Length, the body's it frames (RFC
 * 9110 §8.6): Deno sends the body's own length whatever is given, and
 * Node.js's undici, given another, never ends the request.
 */
const FETCH_OWNS = new Set([
  "host",
  "content-length",
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
  "expect",
]);

/**
 * Those of {@link FETCH_OWNS} that ask the server for something (a 100
 * Continue, a protocol switch, trailers, a closed connection): fetch
 * drops them, so a call that had them is said to leave them out.
 * `Connection: keep-alive` asks for what fetch does anyway: not said.
 */
function asksFor(name: string, value: string): boolean {
  return name === "expect" || name === "upgrade" || name === "te" ||
    name === "trailer" ||
    (name === "connection" && value.trim().toLowerCase() !== "keep-alive");
}

/**
 * Forbidden request-headers (Fetch §2.2.2) but those {@link FETCH_OWNS}
 * leaves out anyway: a browser's fetch drops them without a word (the
 * Headers guard "request"), where Node.js's and Deno's send them as given
 * (read by the debug API's /anything, tests/http/fetch_adds_test.ts).
 */
const BROWSER_DROPS = new Set([
  "accept-charset",
  "accept-encoding",
  "access-control-request-headers",
  "access-control-request-method",
  "cookie",
  "cookie2",
  "date",
  "dnt",
  "origin",
  "referer",
  "set-cookie",
  "via",
]);

/** Fields that name a method to use instead (Fetch §2.2.2). */
const METHOD_OVERRIDES = new Set([
  "x-http-method",
  "x-http-method-override",
  "x-method-override",
]);

/**
 * Whether a browser's fetch drops the field (Fetch §2.2.2 forbidden
 * request-header): one of {@link BROWSER_DROPS}, a `Proxy-` or `Sec-`
 * one, or a method override naming a forbidden method.
 */
function browserDrops(n: string, value: string): boolean {
  if (BROWSER_DROPS.has(n) || /^(?:proxy|sec)-/.test(n)) return true;
  return METHOD_OVERRIDES.has(n) &&
    value.split(",").some((m) => FORBIDDEN_METHODS.has(m.trim().toUpperCase()));
}

/** Fields that make a request conditional (RFC 9110 §13.1). */
const CONDITIONAL = new Set([
  "if-match",
  "if-none-match",
  "if-modified-since",
  "if-unmodified-since",
  "if-range",
]);

/**
 * The line that gives a call `readFile`, for a file it sends: Node.js and
 * Deno both have node:fs, and a dynamic import runs where no static one
 * can (inside a function, a REPL line). A browser has no node:fs and
 * fails on the import, so a comment before it says what goes there
 * instead: a File (a Blob, which `body` and `new Blob([…])` both take).
 */
export const READS = "// node:fs is Node.js's and Deno's: in a browser, " +
  'put a File (an <input type="file">\'s files[0]) where ' +
  "await readFile(…) is.\n" +
  'const { readFile } = await import("node:fs/promises");\n';

/** Methods the Request constructor throws on (Fetch §2.2.1 forbidden method). */
const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

/**
 * Methods besides POST and PUT that Node.js's fetch (undici) frames with
 * Content-Length: 0 when they have no body, as methods that expect one
 * (Deno's does not); compared in this case only, as undici does.
 */
const NODE_EMPTY_LENGTH = new Set(["PATCH", "QUERY", "PROPFIND", "PROPPATCH"]);

/** Methods fetch writes in upper case whatever their case (Fetch §2.2.1 normalize). */
const NORMALIZED = new Set(["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT"]);

/** A fetch call, or "" and why; `note` also names what the call leaves out. */
export interface FetchCall {
  code: string;
  note: string;
}

/**
 * Whether `Headers` takes the field: a token name, and a value of bytes
 * (code points up to U+00FF) without NUL, CR or LF (Fetch §2.2 header
 * value; WebIDL ByteString).
 */
function fetchable(name: string, value: string): boolean {
  // Headers takes any byte but NUL, CR and LF, yet the sending layer
  // (Deno's, undici's) refuses other controls too, as RFC 9110 §5.5 does:
  // only what a field value may hold is kept. A name past 8 KiB is no
  // real header, and Deno refuses one past 64 KiB.
  return isToken(name, 8192) && !/[^\t\x20-\x7e\x80-\xff]/.test(value);
}

/**
 * A URL's user name or password as Basic credentials carry it (RFC 7617
 * §2): percent-decoded, or as written when its escapes are no UTF-8. The
 * fetch and Python writers both send a URL's credentials so.
 */
export function userinfoPart(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The URL without user name and password, which the Request constructor
 * refuses (Fetch §5.4), and the Basic credentials they stood for (curl
 * sends them so, RFC 7617 §2); the URL as given when it has none.
 */
function withoutCredentials(url: string): { url: string; basic: string } {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { url, basic: "" };
  }
  if (!u.username && !u.password) return { url, basic: "" };
  const pair = `${userinfoPart(u.username)}:${userinfoPart(u.password)}`;
  u.username = "";
  u.password = "";
  const bytes = new TextEncoder().encode(pair);
  return { url: u.href, basic: `Basic ${bytesBase64(bytes)}` };
}

/**
 * `r` as a `fetch` call; its headers as given, repeats joined. A body the
 * caller left out (`bodyLeftOut`) is said in the call, where whoever runs
 * it reads it.
 */
export function fetchCode(r: FetchRequest, o: FetchOptions = {}): FetchCall {
  const recorded = o.recorded ? "recorded " : "";
  const asked = r.method || "GET";
  if (!isToken(asked)) {
    return { code: "", note: "The method is not an HTTP method name." };
  }
  const upper = asked.toUpperCase();
  if (FORBIDDEN_METHODS.has(upper)) {
    return {
      code: "",
      note: `fetch refuses the method ${asked} (a forbidden method): ` +
        "Copy as cURL sends it.",
    };
  }
  const method = NORMALIZED.has(upper) ? upper : asked;
  if (!URL.canParse(r.url)) {
    return {
      code: "",
      note: `The ${recorded}URL is not one fetch can request (not absolute, ` +
        "or a bad host or port).",
    };
  }
  const bodiless = method === "GET" || method === "HEAD";
  // A form's Content-Type is fetch's to write: it holds the boundary.
  const form = !bodiless && !o.bodyLeftOut && r.form?.length ? r.form : null;
  // An empty body is none, as curl sends none for it: fetch would send
  // `""` with a text/plain Content-Type (Fetch §5.4 "extract a body").
  const text = r.body?.text || undefined;
  const bytes = text === undefined && r.body?.bytes?.length
    ? r.body.bytes
    : undefined;
  const file = text === undefined && !bytes && r.body?.file
    ? r.body.file
    : undefined;
  const target = withoutCredentials(r.url);
  const headers = new Map<string, string>();
  const names = new Map<string, string>();
  const left: string[] = [];
  const add = (name: string, value: string) => {
    const n = name.toLowerCase();
    const had = headers.get(n);
    // Repeated fields join with ", " (RFC 9110 §5.3); Cookie with "; "
    // (RFC 6265 §5.4), as a browser sends one.
    headers.set(
      n,
      had === undefined
        ? value
        : `${had}${n === "cookie" ? "; " : ", "}${value}`,
    );
    if (!names.has(n)) names.set(n, name);
  };
  const authority = new URL(r.url).host;
  for (const [name, value] of r.headers) {
    const n = name.toLowerCase();
    if (n === "host" && value.trim().toLowerCase() !== authority) {
      // A Host naming another authority than the URL's (a virtual host),
      // which curl sends: fetch sends the URL's, so it is said left out.
      left.push(name);
      continue;
    }
    if (FETCH_OWNS.has(n) && asksFor(n, value)) {
      left.push(name);
      continue;
    }
    if (FETCH_OWNS.has(n) || (form && n === "content-type")) continue;
    if (fetchable(name, value)) add(name, value);
    else left.push(name);
  }
  if (target.basic && !headers.has("authorization")) {
    add("Authorization", target.basic);
  }
  if (
    !bodiless && !o.bodyLeftOut && !form &&
    (text !== undefined || bytes || file) && !headers.has("content-type")
  ) {
    // curl's `--data-raw` and `--data-binary` send this type when none is
    // given; fetch would send text/plain (a string, Fetch §5.4 "extract a
    // body") or none (bytes), which a server reads as another body.
    add("Content-Type", "application/x-www-form-urlencoded");
  }
  const lines = (o.comments ?? []).map((c) => `  // ${commentText(c)}`);
  lines.push(`  method: ${JSON.stringify(method)},`);
  if (headers.size) {
    lines.push("  headers: {");
    for (const [n, value] of headers) {
      lines.push(
        `    ${JSON.stringify(names.get(n))}: ${JSON.stringify(value)},`,
      );
    }
    lines.push("  },");
  }
  if ([...headers.keys()].some((n) => CONDITIONAL.has(n))) {
    // Fetch §4.5 "HTTP-network-or-cache fetch": a conditional request's
    // cache mode becomes no-store, which adds both fields; Node.js's
    // undici does so, Deno does not.
    lines.push(
      "  // Node.js's fetch adds Pragma and Cache-Control: no-cache to a conditional request; Copy as cURL sends neither.",
    );
  }
  // Fetch §4.5 "HTTP-network-or-cache fetch": the user agent appends an
  // Accept-Encoding (and decodes the answer) and an Accept-Language the
  // request does not hold. The values are what each sends, as read by the
  // debug API's /anything (tests/http/fetch_adds_test.ts).
  if (!r.compressed && !headers.has("accept-encoding")) {
    lines.push(
      "  // fetch adds Accept-Encoding (Deno: gzip,br; Node.js 20: gzip, deflate; a browser its own, Chromium: gzip, deflate, br, zstd) and decodes the answer; Copy as cURL sends none.",
    );
  }
  if (!headers.has("accept-language")) {
    lines.push(
      "  // fetch adds Accept-Language (Deno and Node.js: *; a browser its languages); Copy as cURL sends none.",
    );
  }
  const dropped = [...headers].filter(([n, v]) => browserDrops(n, v))
    .map(([n]) => commentText(JSON.stringify(names.get(n))));
  if (dropped.length) {
    // Sent by Node.js and Deno, so kept; a call pasted into a page's
    // console would send the request without them, unsaid.
    lines.push(
      `  // A browser's fetch drops these without a word (forbidden request headers; Node.js and Deno send them): ${
        dropped.join(", ")
      }.${
        headers.has("cookie")
          ? ' A page sends its own cookies of the URL\'s site instead, with credentials: "include".'
          : ""
      }`,
    );
  }
  if (headers.has("sec-fetch-mode")) {
    lines.push(
      "  // Node.js's fetch sends its own Sec-Fetch-Mode: cors in place of this one.",
    );
  }
  if (left.length) {
    lines.push(
      `  // Left out, fetch cannot send them: ${
        left.map((n) => commentText(JSON.stringify(n))).join(", ")
      }.`,
    );
  }
  if (o.bodyLeftOut) {
    lines.push(
      `  // The ${recorded}body is left out: it is too large to copy.`,
    );
  } else if (
    (text !== undefined || bytes || file || r.form?.length) && bodiless
  ) {
    // Fetch §5.4 (Request constructor): a GET or HEAD with a body throws.
    lines.push(
      `  // The ${recorded}${method} body is left out: fetch sends none with ${method}.`,
    );
  } else if (form) {
    lines.push("  body: form,");
  } else if (text !== undefined) {
    lines.push(`  body: ${JSON.stringify(text)},`);
  } else if (bytes) {
    lines.push(
      `  body: Uint8Array.from(atob(${
        JSON.stringify(bytesBase64(bytes))
      }), (c) => c.charCodeAt(0)),`,
    );
  } else if (file) {
    lines.push(`  body: await readFile(${JSON.stringify(file)}),`);
  } else if (method === "POST" || method === "PUT") {
    // Fetch §4.5 "HTTP-network-or-cache fetch": a null body of a POST or
    // PUT is framed with Content-Length: 0.
    lines.push(
      `  // fetch sends Content-Length: 0 with a ${method} without a body; Copy as cURL sends none.`,
    );
  } else if (!bodiless && !o.bodyLeftOut && NODE_EMPTY_LENGTH.has(method)) {
    lines.push(
      `  // Node.js's fetch sends Content-Length: 0 with a ${method} without a body; Copy as cURL sends none.`,
    );
  }
  lines.push(
    "  // The 3xx itself, as Copy as cURL (no -L) shows it; a browser's is opaque.",
    '  redirect: "manual",',
  );
  const call = `await fetch(${JSON.stringify(target.url)}, {\n${
    lines.join("\n")
  }\n});\n`;
  const reads = file && !bodiless && !o.bodyLeftOut ? READS : "";
  return {
    code: form ? formCode(form) + call : reads + call,
    note: left.length
      ? `${left.length} ${recorded}header${
        left.length === 1 ? "" : "s"
      } fetch cannot send ${
        left.length === 1 ? "is" : "are"
      } left out (named in the code).`
      : "",
  };
}

/**
 * `text` for a line comment: U+2028 and U+2029 escaped, which end a line
 * in JavaScript (ECMA-262 §12.3) and so would end the comment and run the
 * rest as code, as CR and LF would.
 */
function commentText(text: string): string {
  return text.replace(
    /[\r\n\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * The `FormData` a call sends, field by field, the parts curl sends
 * ({@link curlFormPart}; one curl cannot send is left out, said): a value
 * as a string, a typed one as a `Blob` of its type, a file as a `Blob` of
 * the bytes read from its path when the call runs, named and typed as
 * curl's `@file` sends it.
 */
function formCode(form: readonly FormField[]): string {
  const lines = ["const form = new FormData();"];
  const dropped: string[] = [];
  const typed: string[] = [];
  let lineBreaks = false;
  let reads = false;
  for (const f of form) {
    const part = curlFormPart(f);
    if (!part) {
      dropped.push(f.name);
      continue;
    }
    // HTML's multipart/form-data encoding, which FormData follows, writes
    // a lone CR or LF of a name or a text value as CR LF.
    lineBreaks ||= BARE_LINE_BREAK.test(f.name) ||
      (part.kind === "text" && BARE_LINE_BREAK.test(f.value));
    const name = JSON.stringify(f.name);
    if (part.kind === "file") {
      // curl names the part after the file's last path segment.
      const file = f.value.replace(/^.*\//, "");
      reads = true;
      lines.push(
        `form.append(${name}, new Blob([await readFile(${
          JSON.stringify(f.value)
        })], { type: ${JSON.stringify(curlFileType(file, part.type))} }), ${
          JSON.stringify(file)
        });`,
      );
    } else if (part.kind === "typed") {
      typed.push(f.name);
      lines.push(
        `form.append(${name}, new Blob([${JSON.stringify(f.value)}], { type: ${
          JSON.stringify(part.type)
        } }));`,
      );
    } else lines.push(`form.append(${name}, ${JSON.stringify(f.value)});`);
  }
  if (lineBreaks) {
    lines.push(
      "// FormData sends a line break of a field's name or text as CR LF; Copy as cURL sends it as written.",
    );
  }
  if (typed.length) {
    // XHR §4 (FormData, "create an entry"): a Blob appended without a
    // file name is a File named "blob", which FormData sends as a file
    // part; curl's `-F name=value;type=` sends a typed field with none,
    // and there is no FormData entry for that.
    lines.push(
      `// FormData sends these as files named "blob"; Copy as cURL sends them as fields of their type, without a file name: ${
        typed.map((n) => commentText(JSON.stringify(n))).join(", ")
      }.`,
    );
  }
  if (dropped.length) {
    lines.push(
      `// Left out, as Copy as cURL leaves them out: ${
        dropped.map((n) => commentText(JSON.stringify(n))).join(", ")
      }.`,
    );
  }
  // A file part's bytes are read as the call runs, as a binary body's are.
  return (reads ? READS : "") + lines.join("\n") + "\n";
}

/** A CR or LF not part of a CR LF pair. */
const BARE_LINE_BREAK = /\r(?!\n)|(?<!\r)\n/;
