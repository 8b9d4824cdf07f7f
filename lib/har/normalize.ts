/**
 * One raw `log.entries[i]` into the columns. Each counting rule and the
 * tolerance for what real exporters write (HAR 1.1, missing `timings`, `-1`
 * phases, numbers as strings) is explained where it is applied.
 */
import { servedFromIndex } from "./served.ts";
import { hostRange, resourceTypeName } from "./classify.ts";
import { statusClass } from "../shared/status.ts";
import {
  type ColumnBuilder,
  SSL_APART,
  SSL_INSIDE,
  SSL_TWICE,
  type SslPlace,
} from "./columns.ts";
import { parseInstantInto } from "./iso_date.ts";
import { PHASES, STATUS_CLASSES, TYPE_CATEGORIES } from "./types.ts";
import { str } from "../shared/value.ts";

/** A raw JSON object as exporters write it. */
export type Obj = Record<string, unknown>;

/** The object at `v`, or an empty one (missing sections are tolerated). */
export function obj(v: unknown): Obj {
  return v !== null && typeof v === "object" && !Array.isArray(v)
    ? v as Obj
    : {};
}

/**
 * A number no larger in magnitude than 2^53 (a byte count or millisecond
 * time beyond that is a corrupt field, and sums of such would overflow to
 * Infinity), or `fallback`. Numbers written as strings are read when they
 * are JSON numbers: `Number()` alone would also take "0x1F4" or "0b1".
 */
export function num(v: unknown, fallback: number): number {
  let n = fallback;
  if (typeof v === "number") n = v;
  else if (typeof v === "string" && v.length < 400 && NUMERIC.test(v)) {
    n = Number(v);
  }
  return n >= -Number.MAX_SAFE_INTEGER && n <= Number.MAX_SAFE_INTEGER
    ? n
    : fallback;
}

const NUMERIC = /^\s*-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?\s*$/;

/**
 * Writes the timing phases of HAR 1.2 4.2.16 (ms, -1 when a phase does not
 * apply) at `phases[at..]`, then a {@link SslPlace} (where `ssl` is
 * counted), and returns the duration: `time` (HAR 1.2 §4.2: the sum of the
 * phases, as the exporter measured it), or when it is missing or negative
 * the sum of the phases >= 0, `ssl` excluded. HAR 1.2 counts `ssl` inside
 * `connect`; Firefox and mitmproxy report it apart, and when `time` is
 * known, whichever reading adds up to it wins. `tlsInConnect` says the
 * exporter's `connect` holds TLS whatever `time` says (Playwright's does,
 * and adds `ssl` to `time` again): a `time` with `ssl` added then counts it
 * twice rather than apart.
 */
function writeTimings(
  raw: unknown,
  time: unknown,
  phases: Float64Array,
  at: number,
  tlsInConnect: boolean,
): number {
  const t = obj(raw);
  // Named reads, not t[PHASES[k]]: a keyed load with seven different keys
  // is megamorphic and several times slower over 50,000 entries.
  const blocked = num(t.blocked, -1), dns = num(t.dns, -1);
  const connect = num(t.connect, -1), ssl = num(t.ssl, -1);
  const send = num(t.send, -1), wait = num(t.wait, -1);
  const receive = num(t.receive, -1);
  phases[at] = blocked;
  phases[at + 1] = dns;
  phases[at + 2] = connect;
  phases[at + 3] = ssl;
  phases[at + 4] = send;
  phases[at + 5] = wait;
  phases[at + 6] = receive;
  const sum = pos(blocked) + pos(dns) + pos(connect) + pos(send) + pos(wait) +
    pos(receive);
  const given = typeof time === "number" && time >= 0 &&
      time <= Number.MAX_SAFE_INTEGER
    ? time
    : -1;
  let place: SslPlace = SSL_INSIDE;
  if (ssl > 0) {
    if (connect < ssl) place = SSL_APART;
    else if (
      given >= 0 && Math.abs(given - sum) > Math.abs(given - sum - ssl)
    ) place = tlsInConnect ? SSL_TWICE : SSL_APART;
  }
  phases[at + PHASES.length] = place;
  return given >= 0 ? given : sum;
}

function pos(v: number): number {
  return v > 0 ? v : 0;
}
const TYPE_INDEX = new Map(TYPE_CATEGORIES.map((t, i) => [t, i]));

/**
 * Marks each page's first request a document when nothing else named its
 * type (a 304 of the page records no media type, and would read "other"):
 * DevTools' importer takes a page's first request for its document.
 * `b.page` and the offsets `start` must be written.
 */
export function markPageDocuments(b: ColumnBuilder, start: Float64Array): void {
  const other = TYPE_INDEX.get("other")!, doc = TYPE_INDEX.get("document")!;
  const first = new Map<number, number>();
  for (let i = 0; i < b.n; i++) {
    const k = b.page[i];
    if (k < 0 || !b.validStart[i]) continue;
    const f = first.get(k);
    if (f === undefined || start[i] < start[f]) first.set(k, i);
  }
  for (const i of first.values()) {
    if (b.type[i] === other && !b.mimes.list[b.mimeIdx[i]]) b.type[i] = doc;
  }
}
const CLASS_INDEX = new Map(STATUS_CLASSES.map((c, i) => [c, i]));

/**
 * Bytes on the wire: Chrome's `_transferSize` when >= 0 (measured, with
 * compression and framing), else headersSize + bodySize (HAR 1.2 §4.2.4,
 * each up to 2^53, see {@link num}).
 */
function transferSizeOf(entry: Obj, response: Obj): number {
  const ts = response._transferSize ?? entry._transferSize;
  if (typeof ts === "number" && ts >= 0 && ts <= Number.MAX_SAFE_INTEGER) {
    return ts;
  }
  return Math.max(num(response.headersSize, 0), 0) +
    Math.max(num(response.bodySize, 0), 0);
}

/**
 * Why an entry failed, as its exporter wrote it, or "": Chrome and Safari
 * write `_error` (`net::ERR_INTERNET_DISCONNECTED`), Playwright
 * `_failureText`, on the response or the entry.
 */
export function failureText(
  raw: Obj,
  response: Obj = obj(raw.response),
): string {
  return str(response._error) || str(raw._error) ||
    str(response._failureText) || str(raw._failureText);
}

/**
 * Normalises `log.entries[i]` (already checked to be an object) into the
 * builder's columns. Returns its `pageref` ("" when none).
 */
export function writeEntry(b: ColumnBuilder, raw: Obj, i: number): string {
  const request = obj(raw.request);
  const response = obj(raw.response);
  const content = obj(response.content);
  const url = str(request.url);
  const range = b.range;
  hostRange(url, range);
  // The status column is an Int32Array: a larger value would wrap there
  // and disagree with its class. HTTP codes have three digits (RFC 9110 15).
  let status = Math.trunc(num(response.status, 0));
  if (status < -0x80000000 || status > 0x7fffffff) status = 0;
  // Kept as written (parameters and case included) for display and search;
  // classification uses the bare type. `x-unknown` is the exporters' word
  // for none (Chrome, Playwright and Safari write it), as DevTools' importer
  // reads it: the header or the data: URL may still say one.
  const written = typeof content.mimeType === "string"
    ? content.mimeType.trim()
    : "";
  const mimeRaw = written && written.toLowerCase() !== "x-unknown"
    ? written
    : findHeader(response.headers, "content-type").trim() || dataUrlType(url);
  const mime = b.classify.baseMime(mimeRaw);
  const method = str(request.method);
  b.urls[i] = url;
  b.pathAt[i] = range[2];
  b.methodIdx[i] = b.methods.id(method);
  b.hostIdx[i] = b.hosts.idAt(url, range[0], range[1]);
  b.mimeIdx[i] = b.mimes.id(mimeRaw);
  b.status[i] = status;
  b.statusClass[i] = CLASS_INDEX.get(statusClass(status))!;
  b.type[i] = TYPE_INDEX.get(
    b.classify.typeCategory(
      raw._resourceType,
      mime,
      url,
      status,
      Array.isArray(raw._webSocketMessages),
    ),
  )!;
  b.typeNameIdx[i] = b.typeNames.id(resourceTypeName(raw._resourceType));
  b.duration[i] = writeTimings(
    raw.timings,
    raw.time,
    b.phases,
    i * (PHASES.length + 1),
    b.tlsInConnect,
  );
  b.size[i] = transferSizeOf(raw, response);
  const size = num(content.size, -1);
  b.content[i] = size >= 0 ? size : -1;
  b.served[i] = servedFromIndex(raw);
  b.fail(i, failureText(raw, response));
  const instant = b.instant;
  if (parseInstantInto(raw.startedDateTime, instant)) {
    b.validStart[i] = 1;
    b.startMs[i] = instant[0];
    b.startFrac[i] = instant[1];
  }
  return str(raw.pageref);
}

/** The media type a `data:` URL declares (RFC 2397), "" for other URLs. */
function dataUrlType(url: string): string {
  if (!url.startsWith("data:")) return "";
  const end = url.slice(5, 200).search(/[;,]/);
  return end > 0 ? url.slice(5, 5 + end).trim() : "";
}

/** Value of the first header named `name` (case-insensitive), or "". */
function findHeader(headers: unknown, name: string): string {
  if (!Array.isArray(headers)) return "";
  for (const h of headers) {
    const o = obj(h);
    if (str(o.name).toLowerCase() === name) return str(o.value);
  }
  return "";
}
