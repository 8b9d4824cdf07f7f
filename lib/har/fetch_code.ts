/**
 * "Copy as fetch": a recorded request as a `fetch` call that Node.js (18
 * and later) and Deno run as they are, as DevTools' "Copy as fetch
 * (Node.js)" writes it: the method, the URL, the headers a replay sends
 * ({@link replayOf}) and the body. Every string is a JSON string literal,
 * valid JavaScript (ECMA-262 §12.9.4, U+2028 included since ES2019), so a
 * recorded value cannot end the literal and run as code; and what `fetch`
 * itself would throw on (Fetch §5.4 Request constructor, §5.2 Headers) is
 * left out with a comment, or refused, so the call runs.
 */
import type { Replay } from "./curl.ts";
import { bytesBase64 } from "../shared/base64.ts";
import { isToken } from "../shared/http_token.ts";

/**
 * Headers `fetch` writes itself or refuses: hop-by-hop ones (RFC 9110
 * §7.6.1), which undici rejects, and Host, which it takes from the URL (a
 * Host naming another authority, kept by curl, cannot be sent by fetch).
 */
const FETCH_OWNS = new Set([
  "host",
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
  "expect",
]);

/** Methods the Request constructor throws on (Fetch §2.2.1 forbidden method). */
const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

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

/** `s` percent-decoded, or as written when its escapes are no UTF-8. */
function decoded(s: string): string {
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
  const pair = `${decoded(u.username)}:${decoded(u.password)}`;
  u.username = "";
  u.password = "";
  const bytes = new TextEncoder().encode(pair);
  return { url: u.href, basic: `Basic ${bytesBase64(bytes)}` };
}

/**
 * `r` as a `fetch` call; its headers as recorded, repeats joined.
 * `bodyLeftOut`, when the caller left a body out of `r` (too large to
 * copy), is said in the call, where whoever runs it reads it.
 */
export function fetchCode(r: Replay, bodyLeftOut = false): FetchCall {
  const recorded = r.method || "GET";
  if (!isToken(recorded)) {
    return { code: "", note: "The method is not an HTTP method name." };
  }
  const upper = recorded.toUpperCase();
  if (FORBIDDEN_METHODS.has(upper)) {
    return {
      code: "",
      note: `fetch refuses the method ${recorded} (a forbidden method): ` +
        "Copy as cURL sends it.",
    };
  }
  const method = NORMALIZED.has(upper) ? upper : recorded;
  if (!URL.canParse(r.url)) {
    return {
      code: "",
      note: "The recorded URL is not one fetch can request (not absolute, " +
        "or a bad host or port).",
    };
  }
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
  for (const [name, value] of r.headers) {
    if (FETCH_OWNS.has(name.toLowerCase())) continue;
    if (fetchable(name, value)) add(name, value);
    else left.push(name);
  }
  if (target.basic && !headers.has("authorization")) {
    add("Authorization", target.basic);
  }
  const lines = [`  method: ${JSON.stringify(method)},`];
  if (headers.size) {
    lines.push("  headers: {");
    for (const [n, value] of headers) {
      lines.push(
        `    ${JSON.stringify(names.get(n))}: ${JSON.stringify(value)},`,
      );
    }
    lines.push("  },");
  }
  if (left.length) {
    // A name is written as JSON text with U+2028 and U+2029 escaped too:
    // JSON leaves them raw, and in a comment they end the line
    // (ECMA-262 §12.3), so the rest would run as code.
    lines.push(
      `  // Left out, fetch cannot send them: ${
        left.map((n) =>
          JSON.stringify(n).replace(
            /[\u2028\u2029]/g,
            (c) => `\\u${c.charCodeAt(0).toString(16)}`,
          )
        ).join(", ")
      }.`,
    );
  }
  const bodiless = method === "GET" || method === "HEAD";
  if (bodyLeftOut) {
    lines.push(
      "  // The recorded body is left out: it is too large to copy.",
    );
  } else if (r.body && bodiless) {
    // Fetch §5.4 (Request constructor): a GET or HEAD with a body throws.
    lines.push(
      `  // The recorded ${method} body is left out: fetch sends none with ${method}.`,
    );
  } else if (r.body?.text !== undefined) {
    lines.push(`  body: ${JSON.stringify(r.body.text)},`);
  } else if (r.body?.bytes) {
    lines.push(
      `  body: Uint8Array.from(atob(${
        JSON.stringify(bytesBase64(r.body.bytes))
      }), (c) => c.charCodeAt(0)),`,
    );
  }
  return {
    code: `await fetch(${JSON.stringify(target.url)}, {\n${
      lines.join("\n")
    }\n});\n`,
    note: left.length
      ? `${left.length} recorded header${
        left.length === 1 ? "" : "s"
      } fetch cannot send ${
        left.length === 1 ? "is" : "are"
      } left out (named in the code).`
      : "",
  };
}
