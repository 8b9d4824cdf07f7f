/**
 * The runner's request model: what the form holds ({@link RunnerState}),
 * and the exact request it sends ({@link PreparedRequest}), validated with
 * the server's own parser (`lib/debug/core/params.ts`) so a request the runner
 * lets through is one the server accepts, and a refused one shows the
 * message the server would have answered with. Pure and DOM-free.
 */
import type { DebugLimits } from "../../lib/debug/core/limits.ts";
import {
  type EndpointSpec,
  endpointUrl,
  type ParamSpec,
  REDIRECT_STATUSES,
} from "../../lib/debug/core/catalog.ts";
import { checkParam } from "../../lib/debug/core/params.ts";
import { curlCommand, normalMethod } from "../../lib/shared/curl.ts";
import { bytesBase64 } from "../../lib/shared/base64.ts";
import {
  bodyError,
  type HeaderLine,
  methodError,
  parseHeaders,
} from "./headers.ts";

export type { HeaderLine };

/** What one runner's form holds, all as typed text. */
export interface RunnerState {
  /** Raw text per catalog parameter name ("" = absent / default). */
  values: Readonly<Record<string, string>>;
  method: string;
  /** One `Name: value` per line. */
  headers: string;
  body: string;
  /** Follow redirects (fetch's default) or stop at the first one. */
  follow: boolean;
  /** Extra query string, for endpoints that read any query ({@link takesQuery}). */
  query: string;
}

/** The request exactly as the runner sends it (and cURL repeats it). */
export interface PreparedRequest {
  /** Absolute URL: origin, path and query. */
  url: string;
  method: string;
  /** Headers in order, including the Content-Type a browser would add. */
  headers: HeaderLine[];
  /** The body, when there is one. */
  body?: string;
  /** cURL needs `-L`: redirects are followed and the response may be one. */
  follow: boolean;
  /**
   * The redirect statuses (301, 302, 303, 307, 308) the response may have
   * for these inputs; empty when it never redirects.
   */
  redirects?: readonly number[];
  /** Stop at a redirect (fetch `redirect: "manual"`) instead of following. */
  manual: boolean;
  /** The response sets cookies (Set-Cookie), which the page cannot see. */
  setsCookies?: boolean;
  /** Redirects in a row the chain endpoints will send (0: none asked). */
  hops?: number;
  /**
   * Digest auth's user and password: the page answers the server's
   * challenge with them, as the command's `--digest -u` does.
   */
  digest?: { user: string; passwd: string };
  /** The response is compressed whatever the request asks (`--compressed`). */
  compressed: boolean;
  /** A server-sent event stream, read with EventSource (cURL `-N`). */
  stream: boolean;
  /**
   * A WebSocket's handshake: cURL prints the 101's status line and headers
   * (`-i`), since the answer has no body to print.
   */
  include?: boolean;
}

/** The outcome of {@link prepare}: the request and any field errors. */
export interface Prepared {
  request: PreparedRequest;
  /** Error message per field (param name, `method`, `headers`, `body`, `query`). */
  errors: Record<string, string>;
  /**
   * The fields whose error keeps the request from being sent as typed: the
   * browser would change it (a dot segment), or refuse it (a method, a
   * header, a body). The others are the server's to refuse: a fetch
   * runner sends them, and shows its 400 (or 404).
   */
  blocking: ReadonlySet<string>;
  /** The Content-Type that was added because the body had none. */
  implicitType?: string;
}

/**
 * What browsers send as Content-Type for a string body when the script sets
 * none (Fetch standard, "extract a body"). The runner sends it explicitly,
 * so the cURL command carries the same header.
 */
export const TEXT_PLAIN = "text/plain;charset=UTF-8";

/**
 * The endpoint's responses can redirect: a documented 301, 302, 303, 307
 * or 308, a `3XX` class, or a Location header. A 304 is no redirect (fetch
 * follows only those five, Fetch §4.4 "redirect status"), so `/cache`,
 * `/etag` and `/range` get no Follow option and no `-L`.
 */
export function canRedirect(ep: EndpointSpec): boolean {
  return ep.responses.some((r) =>
    REDIRECT_STATUSES.includes(Number(r.status)) || r.status === "3XX" ||
    (r.headers ?? []).some((h) => h.name.toLowerCase() === "location")
  );
}

/** The endpoint always compresses its response (a Content-Encoding header). */
export function isCompressed(ep: EndpointSpec): boolean {
  return ep.responses.some((r) =>
    (r.headers ?? []).some((h) => h.name.toLowerCase() === "content-encoding")
  );
}

/**
 * Endpoints that read query names of the user's choosing, which no catalog
 * parameter can list, and what such a name means there: the one place
 * that says so (the others are found from their response schema, see
 * {@link takesQuery}).
 */
const FREE_QUERY: Readonly<Record<string, string>> = {
  "response-headers":
    "Each name=value becomes a response header (Set-Cookie and Location too).",
  "cookies-set":
    "Each name=value becomes a cookie (Set-Cookie), with the name and value fields empty: the /cookies/set/{name}/{value} form sets only its one.",
  "cookies-delete": "Each name is a cookie to expire: a&b.",
};

/**
 * The endpoint reads any query parameters: it reflects them (its 200
 * schema has echo's `query` or httpbin's `args`, and it answers itself
 * rather than redirecting to an endpoint that would not see them), or it
 * is in {@link FREE_QUERY}.
 */
export function takesQuery(ep: EndpointSpec): boolean {
  if (ep.id in FREE_QUERY) return true;
  return !canRedirect(ep) && ep.responses.some((r) => {
    const props = r.schema?.properties as Record<string, unknown> | undefined;
    return r.status === "200" && props !== undefined &&
      ("query" in props || "args" in props);
  });
}

/**
 * The Authorization line that answers `ep`'s challenge with the user and
 * password in its path (RFC 7617 §2: Basic, `user:password` in UTF-8,
 * base64), or a sample bearer token (RFC 6750 §2.1); null where the runner
 * cannot write one ahead (digest needs the server's nonce first: see
 * `digest_answer.ts`).
 */
export function credentialsHeader(
  ep: EndpointSpec,
  values: RunnerState["values"],
): HeaderLine | null {
  if (ep.id === "basic-auth" || ep.id === "hidden-basic-auth") {
    // A user-id holds no colon (RFC 7617 §2): the server would read the
    // part after it as the password, and nothing would authenticate.
    if ((values.user ?? "").includes(":")) return null;
    const pair = `${values.user ?? ""}:${values.passwd ?? ""}`;
    return {
      name: "Authorization",
      value: `Basic ${bytesBase64(new TextEncoder().encode(pair))}`,
    };
  }
  if (ep.id === "bearer") {
    return { name: "Authorization", value: "Bearer example-token" };
  }
  return null;
}

/**
 * `headers` (the text box's lines) with its Authorization lines replaced
 * by `line`.
 */
export function withCredentials(headers: string, line: HeaderLine): string {
  const kept = headers.split("\n").filter((l) =>
    l.trim() !== "" && !/^\s*authorization\s*[:;]/i.test(l)
  );
  return [...kept, `${line.name}: ${line.value}`].join("\n");
}

/**
 * Whether the response to `state` sets cookies: the endpoint documents a
 * Set-Cookie header, or `/response-headers` is asked for one.
 */
export function setsCookies(ep: EndpointSpec, state: RunnerState): boolean {
  const named = (n: string) => n.toLowerCase() === "set-cookie";
  return ep.responses.some((r) =>
    (r.headers ?? []).some((h) => named(h.name))
  ) ||
    (ep.id === "response-headers" &&
      [...new URLSearchParams(extraQuery(state.query)).keys()].some(named));
}

/** Whether `ep`'s optional path parameters are all given, some, or none. */
function pathForm(
  ep: EndpointSpec,
  state: RunnerState,
): "both" | "part" | "none" {
  const path = ep.params.filter((p) => p.in === "path");
  const given = path.filter((p) => (state.values[p.name] ?? "") !== "").length;
  return given === 0 ? "none" : given === path.length ? "both" : "part";
}

/** What the extra query field shows empty, for `ep`. */
export function queryPlaceholder(ep: EndpointSpec): string {
  return QUERY_PLACEHOLDERS[ep.id] ?? "a=1&a=2&b=x";
}

const QUERY_PLACEHOLDERS: Readonly<Record<string, string>> = {
  "response-headers": "Content-Type=text/plain&X-Trace=1",
  "cookies-set": "flavour=oat&size=large",
  "cookies-delete": "flavour&size",
};

/** The extra query field's hint for `ep`. */
export function queryHint(ep: EndpointSpec): string {
  return FREE_QUERY[ep.id] ??
    "Any name=value pairs to reflect; repeated names become arrays.";
}

/**
 * How the runner talks to the endpoint: `fetch`, an EventSource for an
 * event stream, or a WebSocket for an endpoint that upgrades (101).
 */
export type RunnerKind = "fetch" | "events" | "socket";

/** The {@link RunnerKind} of `ep`, from its documented responses. */
export function runnerKind(ep: EndpointSpec): RunnerKind {
  if (ep.responses.some((r) => r.status === "101")) return "socket";
  if (ep.responses.some((r) => r.contentType === "text/event-stream")) {
    return "events";
  }
  return "fetch";
}

/** Methods the runner offers: EventSource and WebSocket can only GET. */
export function runnerMethods(ep: EndpointSpec): readonly string[] {
  return runnerKind(ep) === "fetch" ? ep.methods : ["GET"];
}

/** Whether `ep` takes a method name of one's own (it answers any method). */
export function takesAnyMethod(ep: EndpointSpec): boolean {
  return ep.anyMethod === true && runnerKind(ep) === "fetch";
}

/**
 * The method a link or an example names, as the runner holds it: one it
 * lists (any case), or for an endpoint that answers any method a name of
 * one's own the browser sends, as written; else `fallback`.
 */
export function methodFor(
  ep: EndpointSpec,
  asked: string,
  fallback: string,
): string {
  const up = asked.toUpperCase();
  if (runnerMethods(ep).includes(up)) return up;
  return takesAnyMethod(ep) && asked && !methodError(asked) ? asked : fallback;
}

/** A fresh form: path parameters at their examples, the rest empty. */
export function initialState(ep: EndpointSpec): RunnerState {
  const values: Record<string, string> = {};
  for (const p of ep.params) values[p.name] = p.in === "path" ? p.example : "";
  return {
    values,
    method: runnerMethods(ep)[0],
    headers: "",
    body: "",
    follow: true,
    query: "",
  };
}

/**
 * The error for text a number field cannot hold (`+5`, `1e`): the browser
 * reports it as "" with `validity.badInput`, so the raw text is unknown.
 */
export function unreadableNumber(p: ParamSpec): string {
  return `${p.name} must be a decimal integer between ${
    p.min ?? 0
  } and ${p.max}.`;
}

/**
 * Why a path parameter's value cannot be sent as typed: a segment `.` or
 * `..` is removed (with the one before it) by the browser's URL parser and
 * by curl before the request leaves (RFC 3986 §5.2.4 "Remove Dot
 * Segments"; the URL Standard's path state), so the request would go to
 * another path, even out of the API. Percent-encoding cannot keep it: the
 * URL Standard reads `%2e` as a dot there too. So it is refused.
 */
export function dotSegmentError(p: ParamSpec, value: string): string | null {
  if (p.in !== "path") return null;
  const segments = p.rest ? value.split("/") : [value];
  if (!segments.some((s) => s === "." || s === "..")) return null;
  return `${p.name} cannot have a "." or ".." segment: browsers and curl remove it, with the segment before it, before sending, so the request would go to another path.`;
}

/**
 * Whether two prepared requests send the same thing: method, URL, headers,
 * body and whether redirects are followed (what a result depends on).
 */
export function sameRequest(a: PreparedRequest, b: PreparedRequest): boolean {
  return a.method === b.method && a.url === b.url &&
    (a.body ?? "") === (b.body ?? "") && a.manual === b.manual &&
    a.headers.length === b.headers.length &&
    a.headers.every((h, i) =>
      h.name === b.headers[i].name && h.value === b.headers[i].value
    );
}

/**
 * An extra query string (`?a=1&b` or `a=1&b`) as it is sent: as typed, so
 * `%E9` stays that byte, `+` and `;` stay, and a name without `=` stays
 * one; only what a URL's query cannot hold as itself is percent-encoded
 * (UTF-8), so the page's request and its cURL command carry the same bytes
 * (RFC 3986 §3.4: pchar / "/" / "?"; a `%` without two hex digits is %25;
 * `'` too, which a browser encodes in an http query, WHATWG URL's special
 * query set).
 */
export function extraQuery(raw: string): string {
  return raw.trim().replace(/^\?/, "").toWellFormed().replace(
    /%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~!$&()*+,;=:@/?%]/gu,
    // encodeURIComponent leaves `'` as it is.
    (c) => c === "'" ? "%27" : encodeURIComponent(c),
  );
}

/**
 * The redirect statuses the response can have for `values` (so whether
 * `-L` matters, and which method change fetch makes): `/status` answers
 * the codes asked for (a list or weighted list too), `/links/{n}` redirects
 * only without an offset, and a documented `3XX` is the status its
 * parameter picks (the one whose default is a redirect status:
 * `/redirect`'s `status`, `/redirect-to`'s `status_code`).
 */
export function redirectStatuses(
  ep: EndpointSpec,
  values: RunnerState["values"],
): number[] {
  if (!canRedirect(ep)) return [];
  const redirect = (n: number) => REDIRECT_STATUSES.includes(n);
  if (ep.id === "status") {
    const codes = (values.code ?? "").split(",").map((c) =>
      Number(c.split(":")[0].trim())
    );
    return [...new Set(codes.filter(redirect))];
  }
  if (ep.id === "links" && values.offset) return [];
  const out = new Set<number>();
  for (const r of ep.responses) {
    if (redirect(Number(r.status))) out.add(Number(r.status));
    if (r.status !== "3XX") continue;
    const pick = ep.params.find((p) => redirect(Number(p.default)));
    if (!pick) REDIRECT_STATUSES.forEach((n) => out.add(n));
    else {
      const n = Number(values[pick.name] || pick.default);
      if (redirect(n)) out.add(n);
    }
  }
  return [...out];
}

/**
 * Notes to show beside the cURL command where it cannot do what the
 * browser does: with redirects followed, fetch turns any method but HEAD
 * into GET after a 303 (and POST after 301 and 302; Fetch §4.4
 * "HTTP-redirect fetch"), while `curl -X METHOD -L` keeps the method on
 * every hop. A POST is written without `-X` (see `lib/shared/curl.ts`),
 * so curl switches as fetch does; GET and HEAD never change.
 */
export function curlNotes(r: PreparedRequest): string[] {
  const notes: string[] = [];
  if (r.digest) {
    notes.push(
      "Digest credentials answer the server's challenge (its nonce, RFC 7616 §3.4): the first request gets the 401 and the challenge, the second carries the answer. The page sends both, as curl --digest does.",
    );
  }
  if (r.follow && (r.hops ?? 0) > MAX_BROWSER_REDIRECTS) {
    notes.push(
      `Browsers follow at most ${MAX_BROWSER_REDIRECTS} redirects (Fetch §4.4, HTTP-redirect fetch): the page's request fails at the ${
        MAX_BROWSER_REDIRECTS + 1
      }st, while curl -L follows up to 50. Turn Follow redirects off to see one hop here.`,
    );
  }
  if (
    r.follow && !["GET", "HEAD", "POST"].includes(r.method) &&
    (r.redirects ?? []).includes(303)
  ) {
    notes.push(
      `After a 303 the browser follows with GET, but curl -X ${r.method} -L keeps ${r.method} on every hop: the command cannot repeat that hop.`,
    );
  }
  // A POST turned into a GET in both; another method after a 303 has the
  // note above (curl keeps that method).
  const toGet = r.method === "POST" &&
    (r.redirects ?? []).some((s) => s === 301 || s === 302 || s === 303);
  if (
    r.follow && toGet &&
    r.headers.some((h) => h.name.toLowerCase() === "content-type")
  ) {
    notes.push(
      "When a redirect turns the request into a GET, the browser drops the Content-Type with the body (Fetch §4.4), while curl's GET still sends it.",
    );
  }
  return notes;
}

/**
 * Builds the request for `state` and validates every field as the server
 * will. The request is built even when there are errors (the URL and cURL
 * stay visible while the user fixes them); `blocking` ones keep it from
 * being sent.
 */
export function prepare(
  ep: EndpointSpec,
  state: RunnerState,
  origin: string,
  limits: Pick<DebugLimits, "maxBodyBytes">,
): Prepared {
  const errors: Record<string, string> = {};
  const blocking = new Set<string>();
  for (const p of ep.params) {
    const dots = dotSegmentError(p, state.values[p.name] ?? "");
    const msg = dots ?? checkParam(p, state.values[p.name] ?? "");
    if (dots) blocking.add(p.name);
    if (msg) errors[p.name] = msg;
  }
  if (ep.id === "cookies-set" && pathForm(ep, state) === "part") {
    // `/cookies/set/{name}` alone is no route (404): both or neither.
    for (const p of ep.params) {
      if (p.in === "path" && !(state.values[p.name] ?? "")) {
        errors[p.name] ??=
          "Give a name and a value, or neither (then the extra query names the cookies).";
      }
    }
  }
  let path = endpointUrl(ep, state.values);
  if (takesQuery(ep) && state.query.trim()) {
    const extra = extraQuery(state.query);
    if (extra) path += (path.includes("?") ? "&" : "?") + extra;
    // A name that is one of the endpoint's own parameters would be given
    // twice, which the server refuses (one value per parameter).
    const own = new Set(
      ep.params.filter((p) => p.in === "query").map((p) => p.name),
    );
    const twice = [...new URLSearchParams(extra).keys()].find((k) =>
      own.has(k)
    );
    if (twice) {
      errors.query =
        `${twice} has its own field above; set it there, not in the extra query.`;
    } else if (ep.id === "cookies-set" && pathForm(ep, state) === "both") {
      errors.query =
        "With a name and value above, /cookies/set/{name}/{value} sets only that cookie: clear them to set these.";
    }
  }
  const methods = runnerMethods(ep);
  let method = methods.includes(state.method) ? state.method : methods[0];
  if (takesAnyMethod(ep) && !methods.includes(state.method)) {
    // A name of one's own (WebDAV's PROPFIND, a custom verb), sent as
    // fetch sends it: `get` is GET (Fetch §2.2.1 "normalize"), so the
    // body and redirect rules below read the method the server gets.
    method = state.method === "" ? "" : normalMethod(state.method);
    const msg = methodError(method);
    if (msg) errors.method = msg;
    if (msg) blocking.add("method");
  }
  const kind = runnerKind(ep);
  const parsed = kind !== "fetch"
    ? { headers: [], error: null }
    : parseHeaders(state.headers);
  if (parsed.error) {
    errors.headers = parsed.error;
    blocking.add("headers");
  }
  const headers = parsed.headers;
  let body: string | undefined;
  let implicitType: string | undefined;
  if (ep.acceptsBody && state.body !== "") {
    body = state.body;
    // A text box keeps its lines with LF alone (HTML's textarea value), but
    // a multipart body's lines end in CRLF (RFC 2046 §5.1.1): typed or
    // pasted, they are sent as the type says, by the page and the command.
    const type = headers.find((h) => h.name.toLowerCase() === "content-type");
    if (type && /^\s*multipart\//i.test(type.value)) {
      body = body.replace(/\r?\n/g, "\r\n");
    }
    // Checked as sent: CRLF makes a multipart body longer than typed.
    const msg = bodyError(method, body, limits.maxBodyBytes);
    if (msg) {
      errors.body = msg;
      blocking.add("body");
    }
    if (!headers.some((h) => h.name.toLowerCase() === "content-type")) {
      implicitType = TEXT_PLAIN;
      headers.push({ name: "Content-Type", value: TEXT_PLAIN });
    }
  }
  if (kind === "events") {
    // What EventSource sends (HTML §9.2.3), so cURL asks the same way.
    headers.push({ name: "Accept", value: "text/event-stream" });
  }
  const redirects = redirectStatuses(ep, state.values);
  const chain = CHAINS[ep.id];
  const hops = chain ? Number(state.values[chain]) || 0 : 0;
  return {
    request: {
      hops,
      digest: ep.id === "digest-auth"
        ? { user: state.values.user ?? "", passwd: state.values.passwd ?? "" }
        : undefined,
      url: origin + path,
      method,
      headers,
      body,
      follow: state.follow && redirects.length > 0,
      redirects,
      manual: !state.follow && canRedirect(ep),
      setsCookies: setsCookies(ep, state),
      compressed: isCompressed(ep),
      stream: kind === "events",
      include: kind === "socket",
    },
    errors,
    blocking,
    implicitType,
  };
}

/** Redirects a browser follows before it fails the fetch (Fetch §4.4). */
export const MAX_BROWSER_REDIRECTS = 20;

/** The chain endpoints, and the parameter that says how many hops. */
const CHAINS: Readonly<Record<string, string>> = {
  "redirect": "count",
  "relative-redirect": "n",
  "absolute-redirect": "n",
};

/**
 * The cURL command repeating `r` as the browser sends it: `-L` where the
 * runner follows redirects, `--compressed` where the server compresses
 * whatever is asked, `-N` for event streams, and the empty body fetch
 * sends with a POST or PUT that has none.
 */
export function runnerCurl(
  r: PreparedRequest,
  extra: { maxTime?: number } = {},
): string {
  return curlCommand(
    { ...r, headers: r.headers.map((h) => [h.name, h.value]) },
    { ...r, fetchEmptyBody: true, ...extra },
  );
}

/**
 * Seconds a WebSocket runner's command waits: curl shows the 101 and its
 * headers, then holds the upgraded connection (it speaks no WebSocket
 * frames), so the command ends itself.
 */
export const SOCKET_CURL_SECONDS = 5;
