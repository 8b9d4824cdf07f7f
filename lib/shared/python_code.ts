/**
 * "Copy as Python (requests)": a request as a script for the `requests`
 * library, sending what its cURL command sends (a recorded request's
 * replay in the HAR viewer, an operation's in the spec viewer), from the
 * request model the fetch writer takes (lib/shared/fetch_code.ts).
 *
 * What the script sends, and why it is written so:
 * - The URL is the one the cURL command has (`curlUrl`), in the string,
 *   never split into `params=` (which would encode it again). Where
 *   requests (its urllib3) writes the URL otherwise, a comment says what
 *   it changes.
 * - Every string is a Python literal in which a quote, a backslash, a line
 *   break, NUL, a control, a format or bidirectional character (which can
 *   make code read otherwise than it runs) is an escape; a lone surrogate
 *   is U+FFFD, as curl and fetch send one in UTF-8 (it cannot be encoded).
 * - Headers are a dict: requests sends one field per name, so repeated
 *   fields are joined as a recipient may join them (RFC 9110 §5.3: `, `;
 *   Cookie with `; `, RFC 6265 §5.4), but Set-Cookie, which cannot be
 *   joined (RFC 9110 §5.3), sends its first value and names the others.
 *   A value is the bytes curl sends (`b"…"` where not printable ASCII):
 *   requests would encode a str as Latin-1 only.
 * - A body is bytes, the text encoded as UTF-8 (`data=`, the exact text:
 *   `json=` would serialise it again), with curl's form Content-Type where
 *   none is given, as `--data-raw` sends it; a multipart body is `files=`
 *   with the parts curl sends (a file is opened from the path curl reads).
 * - A request without a body is sent with `Content-Length: 0` by requests
 *   unless it is a GET or HEAD, where curl sends none: said.
 * - Redirects are not followed (`allow_redirects=False`), as curl without
 *   `-L` follows none; the Accept-Encoding requests adds, which curl
 *   without `--compressed` does not send, is said in a comment (requests
 *   cannot leave the field out: http.client would send `identity`).
 */
import { bytesBase64 } from "./base64.ts";
import { isToken } from "./http_token.ts";
import {
  curlFileType,
  curlFormPart,
  curlUrl,
  type FormField,
  normalMethod,
  sendableHeader,
} from "./curl.ts";
import {
  type FetchCall,
  type FetchOptions,
  type FetchRequest,
  userinfoPart,
} from "./fetch_code.ts";

/** A script and its note, as {@link FetchCall}: "" and why when none. */
export type PythonCall = FetchCall;

/** Methods requests has a function of its own for. */
const SHORT = new Set([
  "GET",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "HEAD",
  "OPTIONS",
]);

/**
 * Characters written as escapes in a literal or a comment: controls (C0,
 * DEL, C1), format characters (bidirectional overrides, zero-width ones,
 * the BOM), line and paragraph separators, spaces other than U+0020,
 * private-use, unassigned and surrogate code points. Anything else, a
 * letter of any script, stays as written, for the reader.
 */
const HIDDEN =
  // deno-lint-ignore no-control-regex
  /[\0-\x1f\x7f-\x9f\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Cs}]|(?! )\p{Zs}/gu;
/** What a literal quoted with `"` or `'` escapes: {@link HIDDEN}, its quote, a backslash. */
const ESCAPED = {
  '"': new RegExp(`${HIDDEN.source}|[\\\\"]`, "gu"),
  "'": new RegExp(`${HIDDEN.source}|[\\\\']`, "gu"),
};
/** The short escapes Python reads in a literal. */
const SHORT_ESCAPES: Record<string, string> = {
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\\": "\\\\",
};

/** `\xHH`, `\uHHHH` or `\UHHHHHHHH` for a character. */
function escape(ch: string): string {
  const c = ch.codePointAt(0)!;
  const hex = c.toString(16);
  return c <= 0xff
    ? `\\x${hex.padStart(2, "0")}`
    : c <= 0xffff
    ? `\\u${hex.padStart(4, "0")}`
    : `\\U${hex.padStart(8, "0")}`;
}

/**
 * `s` as a Python str literal: quoted with `'` when it holds `"` and no
 * `'` (JSON reads as written), else with `"`; see the module's notes.
 */
export function pyStr(s: string): string {
  const q = s.includes('"') && !s.includes("'") ? "'" : '"';
  // A whole-string replace, not a loop: a body of a million characters
  // is written in milliseconds.
  return q + s.toWellFormed().replace(
    ESCAPED[q],
    (ch) => ch === q ? "\\" + ch : SHORT_ESCAPES[ch] ?? escape(ch),
  ) + q;
}

/** Each byte as a bytes literal writes it: printable ASCII as is, else an escape. */
const BYTE_TEXT = Array.from({ length: 256 }, (_, b) => {
  const ch = String.fromCharCode(b);
  if (ch === '"' || ch === "\\") return "\\" + ch;
  if (SHORT_ESCAPES[ch]) return SHORT_ESCAPES[ch];
  return b >= 0x20 && b < 0x7f ? ch : escape(ch);
});

/** `bytes` as a Python bytes literal, written with {@link BYTE_TEXT}. */
export function pyBytes(bytes: Uint8Array): string {
  let out = 'b"';
  for (const b of bytes) out += BYTE_TEXT[b];
  return out + '"';
}

/**
 * Text as an expression of its UTF-8 bytes: a literal, or for several
 * lines one literal a line in parentheses (Python joins adjacent
 * literals), so a pretty-printed body reads as it is.
 */
function textBytes(text: string): string {
  const lines = text.match(/[^\n]*\n|[^\n]+$/g) ?? [text];
  if (lines.length < 2) return `${pyStr(text)}.encode()`;
  return `(\n${lines.map((l) => `    ${pyStr(l)}`).join("\n")}\n).encode()`;
}

/**
 * `text` for a `#` comment: what would end the line, or hide what
 * follows, escaped.
 */
function commentText(text: string): string {
  return text.toWellFormed().replace(HIDDEN, escape);
}

/**
 * The bytes curl sends for a header's value: one byte a character where
 * every character of its line is up to U+00FF and some are beyond ASCII
 * (the bytes a browser recorded), else UTF-8 (see lib/shared/curl.ts).
 */
function valueBytes(name: string, value: string): Uint8Array {
  const line = `${name}: ${value}`;
  if (/[\x80-\xff]/.test(line) && !/[^\0-\xff]/.test(line)) {
    return Uint8Array.from(value, (c) => c.charCodeAt(0));
  }
  return new TextEncoder().encode(value);
}

/** A header value as a literal: a str when printable ASCII, else bytes. */
function valueLiteral(bytes: Uint8Array): string {
  return bytes.every((b) => b === 9 || (b >= 0x20 && b < 0x7f))
    ? pyStr(new TextDecoder().decode(bytes))
    : pyBytes(bytes);
}

/**
 * The URL without its user name and password, and the Basic credentials
 * curl sends for them (RFC 7617 §2); cut from the text, so the rest of
 * the URL stays as the command has it.
 */
function withoutCredentials(url: string): { url: string; basic: string } {
  const authority = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)/i.exec(url);
  const at = authority?.[2].lastIndexOf("@") ?? -1;
  if (!authority || at < 0) return { url, basic: "" };
  const info = authority[2].slice(0, at);
  const rest = authority[1] + authority[2].slice(at + 1) +
    url.slice(authority[0].length);
  // `https://@host/` names no user: nothing to send.
  if (!info) return { url: rest, basic: "" };
  const colon = info.indexOf(":");
  const pair = colon < 0
    ? `${userinfoPart(info)}:`
    : `${userinfoPart(info.slice(0, colon))}:${
      userinfoPart(info.slice(colon + 1))
    }`;
  return {
    url: rest,
    basic: `Basic ${bytesBase64(new TextEncoder().encode(pair))}`,
  };
}

/** Characters urllib3 sends in a path or query as written (RFC 3986 §3.3, §3.4). */
const KEPT = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?]/;
/** Characters RFC 3986 §2.3 calls unreserved. */
const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * How requests writes `url`'s path and query otherwise than it is given,
 * in words ("" when it sends it as written): it percent-encodes what a URI
 * may not hold raw, decodes the escapes of unreserved characters and
 * writes the others' hex in upper case (RFC 3986 §6.2.2, equivalent for a
 * server that decodes the URL, not for one that signs its bytes), and
 * escapes every `%` when one starts no escape. `{name}` placeholders,
 * replaced by the reader, are not counted.
 */
function requoted(url: string, placeholders: boolean): string {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? "";
  let rest = url.slice(authority.length).replace(/#.*$/s, "");
  if (placeholders) rest = rest.replace(/\{[^{}/?#&=]*\}/g, "");
  if (/%(?![0-9A-Fa-f]{2})/.test(rest)) {
    return "every % as %25 (one of them starts no escape)";
  }
  const said: string[] = [];
  for (const m of rest.matchAll(/%[0-9A-Fa-f]{2}|[^]/g)) {
    const s = m[0];
    let w = "";
    if (s.length === 3) {
      const c = String.fromCharCode(parseInt(s.slice(1), 16));
      if (UNRESERVED.test(c)) w = `${s} as ${c}`;
      else if (s !== s.toUpperCase()) w = `${s} as ${s.toUpperCase()}`;
    } else if (!KEPT.test(s)) {
      w = `${s} as %${
        s.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")
      }`;
    }
    if (w && !said.includes(w)) said.push(w);
  }
  return said.length > 8
    ? `${said.slice(0, 8).join(", ")} and ${said.length - 8} more`
    : said.join(", ");
}

/** A multipart field as an item of `files=`, or "" when curl sends none. */
function filePart(f: FormField): string {
  const part = curlFormPart(f);
  if (!part) return "";
  let value: string;
  if (part.kind === "file") {
    // curl names the part after the file's last path segment, and types
    // it by its extension when no type is given.
    const name = f.value.replace(/^.*\//, "");
    const type = curlFileType(name, part.type);
    value = `(${pyStr(name)}, open(${pyStr(f.value)}, "rb"), ${pyStr(type)})`;
  } else if (part.kind === "typed") {
    value = `(None, ${pyStr(f.value)}, ${pyStr(part.type)})`;
  } else value = `(None, ${pyStr(f.value)})`;
  // A None file name sends a field, not a file (RFC 7578 §4.2).
  return `    (${pyStr(f.name)}, ${value}),`;
}

/** Headers requests frames the body with itself. */
const FRAMING = new Set(["content-length", "transfer-encoding"]);

/**
 * `r` as a script for requests, sending what its cURL command sends (see
 * the module's notes); "" and why when there is none: a method that is no
 * token, a URL that is no absolute http(s) one.
 */
export function pythonCode(
  r: FetchRequest,
  o: FetchOptions = {},
): PythonCall {
  const recorded = o.recorded ? "recorded " : "";
  const asked = r.method || "GET";
  if (!isToken(asked)) {
    return { code: "", note: "The method is not an HTTP method name." };
  }
  if (!/^https?:\/\//i.test(r.url) || !URL.canParse(r.url)) {
    return {
      code: "",
      note: `The ${recorded}URL is not one requests can send (not an ` +
        "absolute http(s) URL).",
    };
  }
  const method = normalMethod(asked);
  const head = method === "HEAD";
  const form = !head && !o.bodyLeftOut && r.form?.length ? r.form : null;
  const target = withoutCredentials(curlUrl(r.url));
  const comments = (o.comments ?? []).map((c) => `# ${commentText(c)}`);
  const values = new Map<string, { name: string; bytes: Uint8Array }>();
  const left: string[] = [];
  const unjoined: string[] = [];
  const framed: string[] = [];
  const add = (name: string, value: string) => {
    const n = name.toLowerCase();
    const bytes = valueBytes(name, value);
    const had = values.get(n);
    if (!had) return void values.set(n, { name, bytes });
    if (n === "set-cookie") return void unjoined.push(name);
    const sep = new TextEncoder().encode(n === "cookie" ? "; " : ", ");
    const all = new Uint8Array(had.bytes.length + sep.length + bytes.length);
    all.set(had.bytes);
    all.set(sep, had.bytes.length);
    all.set(bytes, had.bytes.length + sep.length);
    values.set(n, { name: had.name, bytes: all });
  };
  for (const [name, given] of r.headers) {
    const n = name.toLowerCase();
    if (form && n === "content-type") continue;
    if (FRAMING.has(n)) {
      framed.push(name);
      continue;
    }
    // requests refuses a value that starts with white space; a recipient
    // reads it without (RFC 9110 §5.5), so it goes without.
    const value = given.replace(/^[ \t]+/, "");
    if (sendableHeader(name, value) && !/^[\v\f]/.test(value)) {
      add(name, value);
    } else left.push(name);
  }
  if (target.basic && !values.has("authorization")) {
    add("Authorization", target.basic);
  }
  const text = r.body?.text !== undefined && r.body.text !== ""
    ? r.body.text
    : undefined;
  const bytes = text === undefined && r.body?.bytes?.length
    ? r.body.bytes
    : undefined;
  const file = text === undefined && !bytes && r.body?.file
    ? r.body.file
    : undefined;
  const hasBody = !head && !o.bodyLeftOut && !form &&
    (text !== undefined || bytes !== undefined || file !== undefined);
  if (hasBody && !values.has("content-type")) {
    // curl's `--data-raw` sends this type when none is given.
    add("Content-Type", "application/x-www-form-urlencoded");
  }
  const lines = ["import requests", "", ...comments];
  const changed = requoted(target.url, !o.recorded);
  if (changed) {
    lines.push(
      `# requests sends this URL with ${
        commentText(changed)
      } (Copy as cURL sends it as written).`,
    );
  }
  if (method !== method.toUpperCase()) {
    lines.push(
      `# requests sends the method in upper case, ${method.toUpperCase()} (Copy as cURL sends ${method}; RFC 9110 §9.1: methods are case-sensitive).`,
    );
  }
  lines.push(`url = ${pyStr(target.url)}`);
  if (values.size) {
    lines.push("headers = {");
    for (const { name, bytes } of values.values()) {
      lines.push(`    ${pyStr(name)}: ${valueLiteral(bytes)},`);
    }
    lines.push("}");
  }
  if (unjoined.length) {
    lines.push(
      `# Sent once: requests sends one field a name, and ${
        commentText(unjoined[0])
      } values cannot be joined (RFC 9110 §5.3).`,
    );
  }
  if (left.length) {
    lines.push(
      `# Left out, requests cannot send them: ${
        left.map((n) => commentText(JSON.stringify(n))).join(", ")
      }.`,
    );
  }
  if (framed.length) {
    lines.push(
      `# Left out: requests writes ${
        [...new Set(framed.map(commentText))].join(" and ")
      } itself, for the body it sends.`,
    );
  }
  const args = ["url"];
  if (values.size) args.push("headers=headers");
  if (o.bodyLeftOut) {
    lines.push(`# The ${recorded}body is left out: it is too large to copy.`);
  } else if (head && (text !== undefined || bytes || file || r.form?.length)) {
    // curl sends none with --head (RFC 9110 §9.3.2: a HEAD body means nothing).
    lines.push(
      `# The ${recorded}HEAD body is left out: Copy as cURL sends none with HEAD.`,
    );
  } else if (form) {
    const parts = form.map(filePart);
    const dropped = form.filter((_, i) => !parts[i]).map((f) => f.name);
    lines.push("files = [", ...parts.filter(Boolean), "]");
    if (dropped.length) {
      lines.push(
        `# Left out, as Copy as cURL leaves them out: ${
          dropped.map((n) => commentText(JSON.stringify(n))).join(", ")
        }.`,
      );
    }
    args.push("files=files");
  } else if (text !== undefined) {
    lines.push(`data = ${textBytes(text)}`);
    args.push("data=data");
  } else if (bytes) {
    lines.push(`data = ${pyBytes(bytes)}`);
    args.push("data=data");
  } else if (file) {
    // requests sends an open file's bytes as they are, framed with its
    // size (Content-Length), as curl's --data-binary @file is.
    lines.push(`data = open(${pyStr(file)}, "rb")`);
    args.push("data=data");
  }
  if (!r.compressed && !values.has("accept-encoding")) {
    lines.push(
      "# requests adds Accept-Encoding: gzip, deflate (and decodes the answer), which Copy as cURL does not send.",
    );
  }
  if (method !== "GET" && !head && !hasBody && !form && !o.bodyLeftOut) {
    // requests frames every request but a GET or HEAD, where curl sends
    // no Content-Length without a body (RFC 9110 §8.6: a user agent
    // should not, where the method anticipates none).
    lines.push(
      `# requests sends Content-Length: 0 with this ${
        commentText(method)
      }, which Copy as cURL sends without one.`,
    );
  }
  // curl follows no redirect without -L: the 3xx is the answer, printed.
  // requests follows them by default (RFC 9110 §15.4 leaves it to the
  // client), which would print another response than the command's.
  args.push("allow_redirects=False");
  const call = SHORT.has(method)
    ? `requests.${method.toLowerCase()}(${args.join(", ")})`
    : `requests.request(${pyStr(method)}, ${args.join(", ")})`;
  lines.push(
    "",
    `response = ${call}`,
    "print(response.status_code, response.reason)",
    "print(response.text)",
    "",
  );
  const out = left.length + unjoined.length;
  return {
    code: lines.join("\n"),
    note: out
      ? `${out} ${recorded}header${out === 1 ? "" : "s"} requests cannot ` +
        `send ${out === 1 ? "is" : "are"} left out (named in the code).`
      : "",
  };
}
