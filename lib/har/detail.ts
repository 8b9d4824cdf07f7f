/**
 * Everything the detail panel shows for one entry, built on demand in the
 * worker from the raw entry, with bodies cut to a preview so a 50 MB
 * response never crosses to the page. Bodies are classified for display;
 * HTML is text, never markup (the page must not render recorded content).
 */
import { SERVED_FROM, servedFromIndex } from "./served.ts";
import { type BodyPreview, charsetOf, previewBody } from "./body.ts";
import { baseMime } from "./classify.ts";
import { entryCommands } from "./commands.ts";
import { failureText, num, type Obj, obj } from "./normalize.ts";
import { str } from "../shared/value.ts";
import {
  type CookieRow,
  cookies,
  cookiesFromHeaders,
  countOf,
  type DetailList,
  formFields,
  LIST_ROWS,
  type NameValue,
  pairs,
  queryCount,
  queryFromUrl,
  rowsOf,
  shown,
  valueText,
} from "./pairs.ts";
import { type HarEntry, PHASES } from "./types.ts";
import { type WsMessage, wsMessages } from "./ws.ts";
import { dataUrlBody } from "./data_url.ts";
import { initiatorOf } from "./initiator.ts";
import type { Exporter } from "./exporter.ts";
import { priorityOf } from "./priority.ts";
import { securityRows } from "./security.ts";

export type { WsMessage } from "./ws.ts";

export { type BodyPreview, PREVIEW_CHARS, previewBody } from "./body.ts";
export {
  type CookieRow,
  type DetailList,
  LIST_ROWS,
  type NameValue,
  queryFromUrl,
  shown,
  VALUE_CHARS,
  valueText,
} from "./pairs.ts";

/** The detail of one entry. */
export interface HarDetail {
  /** The entry as the list has it, its `url` and `path` cut to {@link VALUE_CHARS}. */
  entry: HarEntry;
  /** The response's `httpVersion`, else the request's; "" when neither says. */
  httpVersion: string;
  /**
   * `serverIPAddress` as written, with the port when the exporter wrote it
   * (Safari's and Playwright's `_serverPort`, Firefox's `connection`):
   * `[::1]:443`; "port 443" with no address; "" when absent.
   */
  serverIP: string;
  /**
   * `connection` (the exporter's connection id) as text, "" when absent or
   * when it is Firefox's remote port (shown in {@link serverIP}).
   */
  connection: string;
  /**
   * The request's priority as DevTools' Priority column says it (Chrome's
   * `_priority` `VeryHigh` is Highest), "" when not recorded.
   */
  priority: string;
  /**
   * The type the browser gave the request (Chrome's and Playwright's
   * `_resourceType`: `fetch`, `ping`), as written; "" when absent.
   */
  resourceType: string;
  /**
   * The TLS facts recorded (Firefox's `_securityState`, the
   * `_securityDetails` object), as DevTools' Security panel names them.
   */
  security: NameValue[];
  /**
   * The entry's `comment` (HAR 1.2 §4.2.16: any object may carry one),
   * then its request's and its response's, named: Insomnia writes the
   * request's name there, Fiddler its session notes; "" when none.
   */
  comment: string;
  /** The response's `redirectURL`, "" when none. */
  redirectURL: string;
  /**
   * Why the request failed, as the exporter wrote it (Chrome's
   * `response._error`, `net::ERR_INTERNET_DISCONNECTED`; Playwright's
   * `_failureText`), else "".
   */
  error: string;
  /**
   * Where it was served from without the network, as DevTools' Size column
   * says it: `memory cache` or `disk cache` (Chrome's `_fromCache`,
   * Safari's `_fetchType`), `service worker` (`_fromServiceWorker`,
   * `_fetchedViaServiceWorker`); "" when from the network or not recorded.
   */
  servedFrom: string;
  /**
   * What started the request, as DevTools' Initiator column says it: its
   * type and the script or document and line (`_initiator` as Chrome
   * writes it, an object; as WebPageTest does, a URL with `_initiator_line`
   * and `_initiator_type`); "" when not recorded.
   */
  initiator: string;
  /** The request's headers in written order (the first {@link LIST_ROWS}). */
  requestHeaders: NameValue[];
  /** The response's headers in written order (the first {@link LIST_ROWS}). */
  responseHeaders: NameValue[];
  /** `request.queryString`, else the parameters of the URL's query. */
  query: NameValue[];
  /** `request.cookies`, else the pairs of the Cookie headers. */
  requestCookies: CookieRow[];
  /** `response.cookies`, else those of the Set-Cookie headers. */
  responseCookies: CookieRow[];
  /** Request body: MIME type, form params and a preview. */
  postMime: string;
  /** `postData.params`: form fields as the exporter listed them. */
  postParams: NameValue[];
  /** A preview of `postData.text`. */
  requestBody: BodyPreview;
  /** A preview of `response.content.text` (or why there is none to show). */
  responseBody: BodyPreview;
  /** Exporter-specific timing fields such as `_blocked_queueing`. */
  extraTimings: NameValue[];
  /**
   * Blocked split as Chrome DevTools shows it: Chrome's `_blocked_queueing`
   * is the queueing part of `blocked`, the rest is "Stalled"; null when the
   * file does not record it (or records it larger than `blocked`).
   */
  blockedSplit: { queueing: number; stalled: number } | null;
  /** "Copy as cURL": a command repeating the request; "" when over 1,000,000 characters. */
  curl: string;
  /**
   * "Copy as fetch": the same request as a `fetch` call for Node.js and
   * Deno, with the same body decision as `curl` ("" when `curl` is).
   */
  fetch: string;
  /** Why `fetch` is empty, or what it leaves out ("" when it is whole). */
  fetchNote: string;
  /**
   * "Copy as Python": the same request as a script for Python's requests,
   * with the same body decision as `curl` ("" when `curl` is).
   */
  python: string;
  /** Why `python` is empty, or what it leaves out ("" when it is whole). */
  pythonNote: string;
  /** Why `curl` is empty or leaves the body out ("" when it is whole). */
  curlNote: string;
  /** Items of each list beyond the {@link LIST_ROWS} sent. */
  more: Partial<Record<DetailList, number>>;
  /** How many WebSocket messages the entry records (Chrome's `_webSocketMessages`). */
  webSocketMessages: number;
  /** The first messages of a WebSocket (Chrome's `_webSocketMessages`). */
  wsMessages: WsMessage[];
}

/** Whether `content` (or `postData`) recorded a body's text. */
function hasText(content: Obj): boolean {
  return typeof content.text === "string" && content.text !== "";
}

/**
 * A body Playwright saved as a file of its own (`recordHar` with `content:
 * "attach"` beside the HAR, or in its ZIP archive, writes `content._file`
 * and no text) that did not come with what was opened: named, not "not
 * saved".
 */
function sideFile(content: Obj): BodyPreview | null {
  if (typeof content.text === "string" && content.text !== "") return null;
  if (typeof content._file !== "string" || !content._file) return null;
  return {
    kind: "none",
    reason: `The body was saved as a file of its own, ${
      shown(content._file)
    } (beside the HAR, or in its ZIP archive), which did not come with what was opened.`,
  };
}

/**
 * A response body the file leaves out without its size (Firefox writes
 * `content: {mimeType, comment}` for a response it kept nothing of,
 * Playwright's minimal mode no size), when the response had one: its
 * Content-Length, when written, sizes it. Null when the preview decides:
 * a body or a size is recorded, or no body came (RFC 9110 §6.4.1: none
 * to HEAD, none with 1xx, 204 or 304; §9.3.6: none with a 2xx to CONNECT;
 * none when the request failed).
 */
function unsizedBody(
  method: string,
  status: number,
  content: Obj,
  headers: readonly NameValue[],
): BodyPreview | null {
  if (hasText(content) || num(content.size, -1) >= 0) return null;
  const verb = method.toUpperCase();
  if (
    status < 200 || status === 204 || status === 304 || verb === "HEAD" ||
    (verb === "CONNECT" && status < 300)
  ) return null;
  const length = headers.find((h) => h.name.toLowerCase() === "content-length")
    ?.value.trim() ?? "";
  if (/^\d{1,15}$/.test(length)) {
    return previewBody("", undefined, "", Number(length));
  }
  return { kind: "none", reason: "The body was not saved in this HAR file." };
}

/** The comments of an entry, its request and its response, in that order. */
function commentsOf(raw: Obj, req: Obj, res: Obj): string {
  return [
    [raw.comment, ""],
    [req.comment, "request: "],
    [res.comment, "response: "],
  ].flatMap(([c, who]) =>
    typeof c === "string" && c.trim() ? [`${who}${c.trim()}`] : []
  ).join("; ");
}

/** A TCP or UDP port number (1-65535) written as a number or digits, else 0. */
function portNumber(v: unknown): number {
  const n = typeof v === "number"
    ? v
    : typeof v === "string" && /^\d{1,5}$/.test(v)
    ? Number(v)
    : 0;
  return Number.isInteger(n) && n > 0 && n <= 65535 ? n : 0;
}

/**
 * The remote port a file records: Safari's and Playwright's `_serverPort`,
 * or Firefox's `connection`, where Firefox writes the port the request went
 * to (443, 80) and Chrome the id of the connection it used; 0 when none.
 */
function remotePort(raw: Obj, exporter: Exporter): number {
  const port = portNumber(raw._serverPort);
  if (port || exporter !== "firefox") return port;
  return portNumber(raw.connection);
}

/**
 * `serverIPAddress` and the remote port as DevTools' Remote Address shows
 * them (`13.35.121.55:443`); "port 443" when the file has the port alone.
 */
function remoteAddress(raw: Obj, exporter: Exporter): string {
  const ip = str(raw.serverIPAddress);
  const port = remotePort(raw, exporter);
  if (!port) return ip;
  if (!ip) return `port ${port}`;
  // An IPv6 address is bracketed before its port (RFC 3986 §3.2.2).
  const host = ip.includes(":") && !ip.startsWith("[") ? `[${ip}]` : ip;
  return `${host}:${port}`;
}

/** The `timings` members HAR 1.2 §4.2.16 defines; others are listed apart. */
const PHASE_KEYS = new Set<string>([...PHASES, "comment"]);

/** See {@link HarDetail.blockedSplit}. */
function blockedSplit(
  timings: Obj,
): { queueing: number; stalled: number } | null {
  const blocked = timings.blocked, queueing = timings._blocked_queueing;
  if (typeof blocked !== "number" || typeof queueing !== "number") return null;
  if (!(queueing >= 0) || !(blocked >= queueing)) return null;
  return { queueing, stalled: blocked - queueing };
}

/**
 * Builds the detail of `raw` (normalised as `entry`); `exporter` is the
 * file's {@link Exporter}, which decides what some members mean.
 */
export function entryDetail(
  raw: Obj,
  entry: HarEntry,
  exporter: Exporter = "other",
): HarDetail {
  const req = obj(raw.request);
  const res = obj(raw.response);
  const content = obj(res.content);
  const post = obj(req.postData);
  const requestHeaders = pairs(req.headers);
  const responseHeaders = pairs(res.headers);
  const given = pairs(req.queryString);
  const query = given.length ? given : queryFromUrl(entry.url, LIST_ROWS + 1);
  const postText = typeof post.text === "string" ? post.text : "";
  const extra = Object.entries(obj(raw.timings))
    .filter(([k, v]) => !PHASE_KEYS.has(k) && typeof v === "number")
    .map(([k, v]) => ({ name: k, value: String(v) }));
  const more: HarDetail["more"] = {};
  const list = (name: DetailList, rows: NameValue[], total = rows.length) => {
    if (total > LIST_ROWS) more[name] = total - LIST_ROWS;
    return rowsOf(rows);
  };
  const cookieRows = (name: DetailList, v: unknown) => {
    if (countOf(v) > LIST_ROWS) more[name] = countOf(v) - LIST_ROWS;
    return cookies(v);
  };
  const commands = entryCommands(raw, entry.method, entry.url);
  return {
    // The page has the whole URL in its columns: a 50 MB one is not sent
    // again (twice, as URL and path) with every click.
    entry: { ...entry, url: shown(entry.url), path: shown(entry.path) },
    httpVersion: shown(str(res.httpVersion) || str(req.httpVersion)),
    serverIP: shown(remoteAddress(raw, exporter)),
    // Firefox's is the port, shown in the remote address: no connection id.
    connection: exporter === "firefox" && portNumber(raw.connection)
      ? ""
      : shown(valueText(raw.connection)),
    priority: shown(priorityOf(raw)),
    resourceType: typeof raw._resourceType === "string"
      ? shown(raw._resourceType.trim())
      : "",
    security: rowsOf(securityRows(raw)),
    comment: shown(commentsOf(raw, req, res)),
    redirectURL: shown(str(res.redirectURL)),
    error: shown(failureText(raw, res)),
    servedFrom: shown(SERVED_FROM[servedFromIndex(raw)]),
    initiator: shown(initiatorOf(raw)),
    requestHeaders: list("requestHeaders", requestHeaders),
    responseHeaders: list("responseHeaders", responseHeaders),
    query: list(
      "query",
      query,
      given.length ? given.length : queryCount(entry.url, query.length),
    ),
    requestCookies: cookieRows(
      "requestCookies",
      countOf(req.cookies)
        ? req.cookies
        : cookiesFromHeaders(requestHeaders, true),
    ),
    responseCookies: cookieRows(
      "responseCookies",
      countOf(res.cookies)
        ? res.cookies
        : cookiesFromHeaders(responseHeaders, false),
    ),
    postMime: shown(str(post.mimeType)),
    postParams: list("postParams", formFields(post.params)),
    requestBody: sideFile(post) ?? previewBody(
      postText,
      post.encoding,
      baseMime(post.mimeType),
      postText.length || num(req.bodySize, 0),
      charsetOf(post.mimeType),
    ),
    // A data: URL's body is the URL's own, when the file holds no text.
    responseBody: sideFile(content) ??
      (hasText(content) ? null : dataUrlBody(entry.url)) ??
      unsizedBody(entry.method, entry.status, content, responseHeaders) ??
      previewBody(
        content.text,
        content.encoding,
        baseMime(entry.mimeType),
        entry.contentSize,
        charsetOf(entry.mimeType),
      ),
    extraTimings: list("extraTimings", extra),
    blockedSplit: blockedSplit(obj(raw.timings)),
    ...commands,
    more,
    webSocketMessages: countOf(raw._webSocketMessages),
    wsMessages: wsMessages(raw._webSocketMessages, raw.startedDateTime),
  };
}
