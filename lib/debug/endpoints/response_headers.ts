/**
 * `/response-headers?Name=value`: the named headers set on
 * the response and echoed as JSON, as httpbin does, except those that would
 * let a URL change what a browser does with this origin: cookies for other
 * hosts or outside the base path, refreshes, preloads, storage clearing, service worker scope,
 * security policies, CORS and cross-origin isolation, and any Content-Type
 * that could render (only one media type, text/plain, application/json or
 * application/octet-stream, is allowed), and Content-Disposition (a saved
 * .html attachment runs as a local page). Framing headers the server owns
 * (Content-Length, Transfer-Encoding, Connection...) and nosniff are not
 * settable either. Each refusal is a 400 naming the header.
 */
import { isToken, TCHAR } from "../../shared/http_token.ts";
import {
  MAX_OUTSIDE_COOKIE,
  MAX_RESPONSE_HEADER_VALUE,
  MAX_RESPONSE_HEADERS,
} from "../core/limits.ts";
import { PROBLEM_4XX, sleepParam } from "../core/catalog.ts";
import type { DebugContext } from "../core/context.ts";
import {
  defineEndpoint,
  type EndpointDef,
  type Route,
} from "../core/endpoint.ts";
import {
  BASE_HEADERS,
  JSON_TYPE,
  REFLECT_HEADERS,
  respond,
} from "../core/http.ts";
import { ParamError, queryPairs } from "../core/params.ts";
import { utf8ByteString } from "../core/request_text.ts";
import { multiMap } from "./form.ts";

// Field values: visible characters, spaces and tabs inside (RFC 9110 §5.5).
const FIELD_VALUE =
  /^[\x21-\x7e\x80-\xff](?:[\x20-\x7e\x80-\xff\t]*[\x21-\x7e\x80-\xff])?$|^$/;

/** Headers refused by exact (lower-case) name, with the reason. */
const REFUSED: Record<string, string> = {
  "refresh": "would redirect the browser",
  "link": "could preload or prefetch other resources",
  "clear-site-data": "would clear this origin's storage",
  "service-worker-allowed": "would widen a service worker's scope",
  "strict-transport-security": "would pin this host to HTTPS",
  // Policies a browser keeps for the whole origin, past this response: where
  // its network errors are reported (W3C Network Error Logging, Reporting),
  // and another endpoint to send its requests to (RFC 7838).
  "nel": "would send this origin's network errors to another host",
  "report-to": "would send this origin's reports to another host",
  "alt-svc": "would move this origin's requests to another endpoint",
  "x-content-type-options": "is always nosniff here",
  "content-length": "is set by the server from the body",
  "transfer-encoding": "is set by the server",
  "connection": "is a hop-by-hop header the server owns",
  "keep-alive": "is a hop-by-hop header the server owns",
  "upgrade": "is a hop-by-hop header the server owns",
  "te": "is a hop-by-hop header the server owns",
  // Connection-specific too (RFC 9113 §8.2.2): HTTP/2 drops it, so the two
  // protocols would answer differently.
  "proxy-connection": "is a hop-by-hop header the server owns",
  "trailer": "is set by the server",
  // An attachment named `x.html` saves attacker text as a local HTML file,
  // which runs script when opened (RFC 6266 §4.3, §7).
  "content-disposition":
    "could make the browser save attacker text as a file (an .html attachment runs as a local page)",
};

/** Header name prefixes refused, with the reason. */
const REFUSED_PREFIXES: [string, string][] = [
  ["content-security-policy", "would replace this response's security policy"],
  ["access-control-", "would change who may read this origin (CORS)"],
  ["cross-origin-", "would change this origin's isolation"],
];

/** The only Content-Types allowed: none of them renders as a document. */
const SAFE_TYPES = new Set([
  "text/plain",
  "application/json",
  "application/octet-stream",
]);

// One media type, RFC 9110 §8.3.1: type "/" subtype *( OWS ";" OWS
// parameter ), parameter = token "=" ( token / quoted-string ) (§5.6.2,
// §5.6.4, §5.6.6). Stricter than §5.6.6's `[ parameter ]`: an empty
// parameter (`text/plain;;`) is refused, no client needs one. Every
// alternative starts with a character the others cannot, so matching is
// linear (the value is at most MAX_RESPONSE_HEADER_VALUE characters).
const QUOTED =
  '"(?:[\\t \\x21\\x23-\\x5b\\x5d-\\x7e\\x80-\\xff]|\\\\[\\t \\x21-\\x7e\\x80-\\xff])*"';
const MEDIA_TYPE = new RegExp(
  `^(${TCHAR}+)/(${TCHAR}+)(?:[ \\t]*;[ \\t]*${TCHAR}+=(?:${TCHAR}+|${QUOTED}))*$`,
);

/**
 * Whether a Content-Type value is one allowed media type. The whole value
 * is parsed, not the text before the first `;`: `text/plain;,text/html` is
 * a list of two, and Chromium renders the last as HTML. A comma anywhere is
 * refused, even quoted: a client that splits the field as a list (RFC 9110
 * §5.3) without reading quotes would see a second type.
 */
function safeMediaType(value: string): boolean {
  if (value.includes(",")) return false;
  const m = MEDIA_TYPE.exec(value);
  return m !== null && SAFE_TYPES.has(`${m[1]}/${m[2]}`.toLowerCase());
}

/**
 * Why a Set-Cookie value may not be set, or null when it may. Read as a
 * browser reads it (RFC 6265 §5.2): attributes follow the first `;`, their
 * names are case-insensitive, spaces and tabs around names and values are
 * dropped. Refused:
 * - any Domain attribute: `Domain=example.com` on a custom domain sets a
 *   cookie for every sibling host (cookie tossing, §8.6);
 * - a cookie that may outlive the session (any lifetime but a plain
 *   deletion, read below) with a Path outside the base: `Path=/spec;
 *   Max-Age=31536000`
 *   puts up to 4 KB per cookie on the app's pages, and a few such cookies
 *   make every page answer 400 (header too large) to that browser for a
 *   year (a cookie bomb).
 * - a session cookie with a Path outside the base longer than
 *   MAX_OUTSIDE_COOKIE: a few at 4 KB make the pages answer 400 to that
 *   browser until the session ends, which a browser may never do (it can
 *   restore sessions).
 * Any Path is taken for a short session cookie or one being deleted: suites
 * send `Path=/` to set and expire cookies (Max-Age=0, a past Expires), and
 * a session's cookies go with the session. A cookie without Path, or with
 * one not starting with `/`, gets the default-path, the request's
 * directory (§5.1.4), which is under the base.
 */
function cookieRefusal(value: string, base: string): string | null {
  const attributes = value.split(";").slice(1);
  let outside = false;
  const maxAges: string[] = [];
  const expires: string[] = [];
  for (const av of attributes) {
    const eq = av.indexOf("=");
    const key = wspTrim(eq < 0 ? av : av.slice(0, eq)).toLowerCase();
    const v = eq < 0 ? "" : wspTrim(av.slice(eq + 1));
    if (key === "domain") {
      return "may not carry a Domain attribute (it would reach other hosts)";
    }
    if (
      key === "path" && v.startsWith("/") && base && v !== base &&
      !v.startsWith(base + "/")
    ) {
      outside = true;
    }
    if (key === "max-age") maxAges.push(v);
    if (key === "expires") expires.push(v);
  }
  if (!outside) return null;
  // Read so that no browser keeps it: browsers read lifetimes more loosely
  // than the RFC (a Max-Age past 16 digits or with a `+`, an Expires in a
  // date format Date.parse does not know, a two-digit year 50-69 that RFC
  // 6265 §5.1.1 puts in 2050-2069), so only the plain cases pass: no
  // lifetime at all (a session cookie), every Max-Age a plain number at
  // most 0 (§5.2.2; it wins over Expires, §5.3), or else every Expires a
  // date with a four-digit year that has passed.
  const session = maxAges.length === 0 && expires.length === 0;
  const deleted = maxAges.length > 0
    ? maxAges.every((v) => /^-?[0-9]{1,16}$/.test(v) && Number(v) <= 0)
    : expires.length > 0 && expires.every((v) => {
      const t = Date.parse(v);
      return (v.match(/\b[0-9]{4}\b/g) ?? []).length === 1 &&
        !/\b[0-9]{5,}\b/.test(v) && !Number.isNaN(t) && t < Date.now();
    });
  if (deleted || (session && value.length <= MAX_OUTSIDE_COOKIE)) return null;
  return `may only carry a Path outside ${base} when it is deleted (Max-Age at most 0, an Expires that has passed) or a session cookie of at most ${MAX_OUTSIDE_COOKIE} characters`;
}

/** `s` without leading and trailing spaces and tabs (RFC 6265 §5.2's WSP). */
function wspTrim(s: string): string {
  return s.replace(/^[ \t]+|[ \t]+$/g, "");
}

/**
 * Why `name: value` may not be set, or null when it may; `base` is the
 * API's base path (`""` at `/`), the only Path a cookie may name.
 */
export function refusal(
  name: string,
  value: string,
  base: string,
): string | null {
  const n = name.toLowerCase();
  if (!isToken(name, 256)) return "is not a valid header name (RFC 9110 §5.1)";
  const wire = utf8ByteString(value);
  if (wire.length > MAX_RESPONSE_HEADER_VALUE || !FIELD_VALUE.test(wire)) {
    return `has a value with control characters, outer spaces, or over ${MAX_RESPONSE_HEADER_VALUE} bytes (RFC 9110 §5.5)`;
  }
  if (REFUSED[n]) return REFUSED[n];
  for (const [prefix, why] of REFUSED_PREFIXES) {
    if (n.startsWith(prefix)) return why;
  }
  if (n === "set-cookie") return cookieRefusal(value, base);
  // Set as asked over a body that is not encoded: a client that decodes
  // fails, which is what suites ask it for (requests' ContentDecodingError).
  // Only codings' names: a list of tokens (RFC 9110 §8.4).
  if (
    n === "content-encoding" &&
    !value.split(",").every((c) => isToken(c.trim(), 64))
  ) {
    return "may only list content codings (RFC 9110 §8.4), e.g. gzip or br";
  }
  if (n === "content-type" && !safeMediaType(value)) {
    return "may only be one media type (RFC 9110 §8.3.1), text/plain, application/json or application/octet-stream, with parameters and no comma";
  }
  return null;
}

function pairsOf(query: string, base: string): [string, string][] {
  const pairs = queryPairs(query, MAX_RESPONSE_HEADERS, "headers");
  let typed = false;
  for (const [name, value] of pairs) {
    // A second Content-Type would be appended as a list (text/plain,
    // application/json): a response has one media type.
    const again = name.toLowerCase() === "content-type" && typed;
    typed ||= name.toLowerCase() === "content-type";
    const why = again ? "may be given only once" : refusal(name, value, base);
    if (why) {
      throw new ParamError(
        name.slice(0, 256),
        `The header ${JSON.stringify(name.slice(0, 60))} ${why}.`,
      );
    }
  }
  return pairs;
}

/** `GET|POST /response-headers?Name=value`. */
export function responseHeaders(ctx: DebugContext, route: Route): EndpointDef {
  const encoder = new TextEncoder();
  const defaults = {
    ...BASE_HEADERS,
    "content-type": JSON_TYPE,
    ...REFLECT_HEADERS,
  };
  return defineEndpoint({
    summary: "Set response headers from the query",
    description:
      `Each query parameter (\`sleep\` excepted) becomes a response header, and the JSON body lists them with Content-Type and Content-Length, as httpbin does. Set-Cookie and Location are allowed (this response is always a 200, so a Location redirects no client); a Set-Cookie with a Domain attribute, or with a Path outside ${
        ctx.base || "/"
      } unless it is deleted or a session cookie of at most ${MAX_OUTSIDE_COOKIE} characters, is refused (cookie tossing to other hosts, cookie bombs on the app's pages); without Path a cookie gets the request's directory, and Max-Age=0 or a past Expires deletes it as usual. Refused with 400 naming the header: Refresh, Link, Clear-Site-Data, Service-Worker-Allowed, Content-Security-Policy*, Strict-Transport-Security, NEL, Report-To, Alt-Svc (policies a browser keeps for the whole origin), Access-Control-*, Cross-Origin-*, X-Content-Type-Options, Content-Disposition, framing and hop-by-hop headers, and any Content-Type but one media type text/plain, application/json or application/octet-stream (parameters allowed, read whole as RFC 9110 §8.3.1 says; a comma, a list, or a second Content-Type is refused).`,
    params: [sleepParam(ctx.limits)],
    responses: [{
      status: "200",
      description: "The headers set.",
      contentType: "application/json",
      schema: {
        type: "object",
        description: "Header name to value, or to an array of values.",
        additionalProperties: {},
      },
    }, PROBLEM_4XX],
    examples: [{
      url: route.url({}, "X-Trace=abc&Cache-Control=max-age%3D60"),
      description: "Two headers",
    }],
    validate: (_params, req) => pairsOf(new URL(req.url).search, ctx.base),
    handle: (_req, { checked: pairs }) => {
      const typed = pairs.some(([name]) =>
        name.toLowerCase() === "content-type"
      );
      // The body lists itself: its length is found by iterating until it
      // no longer changes (it changes at most once per digit added).
      const shown = (length: number) =>
        JSON.stringify(multiMap([
          ...pairs,
          ...(typed ? [] : [["Content-Type", JSON_TYPE] as [string, string]]),
          ["Content-Length", String(length)],
        ]));
      const size = (text: string) => encoder.encode(text).length;
      let length = 0;
      let body = shown(length);
      for (let i = 0; i < 5 && size(body) !== length; i++) {
        length = size(body);
        body = shown(length);
      }
      // The defaults appended to the response's own list (respond()),
      // then the requested fields: a name given twice adds a second field
      // line; a name the server sets by default is replaced.
      const res = respond(body, 200, defaults);
      const headers = res.headers;
      const seen = new Set<string>();
      // Sent as the UTF-8 the query's percent-escapes spelled (`%C3%BC`
      // is C3 BC on the wire, as go-httpbin sends it), any character.
      for (const [name, value] of pairs) {
        const lower = name.toLowerCase();
        const wire = utf8ByteString(value);
        if (seen.has(lower)) headers.append(name, wire);
        else headers.set(name, wire);
        seen.add(lower);
      }
      return res;
    },
  });
}
