/**
 * The runner's headers editor (one `Name: value` per line) and body checks,
 * refusing up front what a browser would silently drop or throw on, so the
 * request shown (and its cURL) is the request sent. Pure and DOM-free.
 */
import { isToken } from "../../lib/shared/http_token.ts";
import { GET_METHODS } from "../../lib/debug/core/catalog.ts";

/** One request header as typed. */
export interface HeaderLine {
  name: string;
  value: string;
}

// RFC 9110 §5.5: field values are visible ASCII, obs-text, SP and HTAB.
// deno-lint-ignore no-control-regex
const BAD_VALUE = /[\x00-\x08\x0a-\x1f\x7f]/;

/**
 * Headers a page's script may not set (Fetch standard §2.2.2, "forbidden
 * request-header"): the browser owns them and drops them without a word,
 * so the runner says so instead.
 */
const FORBIDDEN = new Set([
  "accept-charset",
  "accept-encoding",
  "access-control-request-headers",
  "access-control-request-method",
  "connection",
  "content-length",
  "cookie",
  "cookie2",
  "date",
  "dnt",
  "expect",
  "host",
  "keep-alive",
  "origin",
  "referer",
  "set-cookie",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "via",
]);
const METHOD_OVERRIDES = new Set([
  "x-http-method",
  "x-http-method-override",
  "x-method-override",
]);
// Fetch §2.2.1 "forbidden method".
const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

/** Longest method name the runner sends. */
export const MAX_METHOD_CHARS = 32;

/**
 * Why the runner cannot send `method` (a name of one's own, for an
 * endpoint that answers any method), or null when it can: a token (RFC
 * 9110 §9.1) a browser sends (Fetch §2.2.1: not CONNECT, TRACE or TRACK).
 */
export function methodError(method: string): string | null {
  if (!isToken(method, MAX_METHOD_CHARS)) {
    return `A method is a name of letters, digits and !#$%&'*+-.^_\`|~ (RFC 9110 §9.1), at most ${MAX_METHOD_CHARS} characters.`;
  }
  if (FORBIDDEN_METHODS.has(method.toUpperCase())) {
    return `Browsers refuse to send ${method.toUpperCase()} (Fetch standard §2.2.1); curl can.`;
  }
  return null;
}

/** Why a browser will not send this header, or null when it will. */
function forbiddenReason(name: string, value: string): string | null {
  const n = name.toLowerCase();
  if (FORBIDDEN.has(n) || n.startsWith("proxy-") || n.startsWith("sec-")) {
    return `browsers do not let a page set ${name} (a forbidden request header, Fetch standard §2.2.2); use the cURL command for it.`;
  }
  if (n === "user-agent") {
    // The Fetch standard no longer lists User-Agent as a forbidden request
    // header (§2.2.2), so a page may set it; Chromium still drops it from
    // fetch() without an error (observed: the request goes out with the
    // browser's own User-Agent). Refuse rather than show a request not sent.
    return "Chromium ignores a User-Agent set by a page; use the cURL command for it.";
  }
  if (
    METHOD_OVERRIDES.has(n) &&
    value.split(",").some((m) => FORBIDDEN_METHODS.has(m.trim().toUpperCase()))
  ) {
    return `browsers refuse ${name} naming CONNECT, TRACE or TRACK (Fetch standard §2.2.2).`;
  }
  return null;
}

/**
 * Parses the editor's text; the first problem becomes `error`. Every line
 * is read, whatever comes before it: `headers` holds each one curl can
 * send, so the cURL command carries all the user typed, including those a
 * browser will not send (a forbidden header, a value outside Latin-1),
 * while `error` keeps the browser from sending a request without them.
 */
export function parseHeaders(
  text: string,
): { headers: HeaderLine[]; error: string | null } {
  const headers: HeaderLine[] = [];
  let error: string | null = null;
  const problem = (msg: string) => {
    error ??= msg;
  };
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === "") continue;
    const at = `Line ${i + 1}: `;
    if (/^[ \t]/.test(line)) {
      problem(
        `${at}starts with a space; folded header lines are obsolete (RFC 9112 §5.2). Write one Name: value per line.`,
      );
      continue;
    }
    const colon = line.indexOf(":");
    if (colon < 0) {
      problem(`${at}expected Name: value, got ${quote(line)}.`);
      continue;
    }
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (!isToken(name)) {
      problem(
        `${at}${
          quote(name)
        } is not a valid header name (letters, digits and !#$%&'*+.^_\`|~- only, RFC 9110 §5.6.2).`,
      );
      continue;
    }
    if (BAD_VALUE.test(value)) {
      problem(`${at}the value of ${name} has control characters.`);
      continue;
    }
    // Sendable by curl from here on: kept for the command even when the
    // browser cannot send it.
    headers.push({ name, value });
    // deno-lint-ignore no-control-regex
    if (/[^\x00-\xff]/.test(value)) {
      problem(
        `${at}the value of ${name} has characters outside Latin-1; header values are bytes (RFC 9110 §5.5), so percent-encode them.`,
      );
    }
    const why = forbiddenReason(name, value);
    if (why) problem(`${at}${why}`);
  }
  return { headers, error };
}

function quote(s: string): string {
  return JSON.stringify(s.length > 40 ? s.slice(0, 40) + "…" : s);
}

/**
 * Why `body` cannot be sent with `method`, or null. The size message is the
 * server's 413 detail (lib/debug/core/body.ts) for a declared Content-Length,
 * which is what a browser sends for a string body.
 */
export function bodyError(
  method: string,
  body: string,
  maxBytes: number,
): string | null {
  if (body === "") return null;
  if (GET_METHODS.includes(method)) {
    return `A ${method} request cannot carry a body from a browser (Fetch standard); pick another method or clear the body.`;
  }
  const n = new TextEncoder().encode(body).byteLength;
  if (n > maxBytes) {
    return `The request body is larger than ${maxBytes} bytes (Content-Length: ${n}); see DEBUG_MAX_BODY_BYTES.`;
  }
  return null;
}
