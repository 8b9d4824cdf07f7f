/**
 * One raw `log.entries[i]` to a {@link HarEntry}. The counting rules are
 * CONTRACT section 5; tolerance for what real exporters write (HAR 1.1,
 * missing `timings`, `-1` phases, numbers as strings) is documented inline.
 */
import { baseMime, splitUrl, statusClass, typeCategory } from "./classify.ts";
import { type Instant, parseInstant } from "./iso_date.ts";
import { type HarEntry, PHASES, type Timings } from "./types.ts";

/** A raw JSON object as exporters write it. */
export type Obj = Record<string, unknown>;

/** The object at `v`, or an empty one (missing sections are tolerated). */
export function obj(v: unknown): Obj {
  return v !== null && typeof v === "object" && !Array.isArray(v)
    ? v as Obj
    : {};
}

/** The string at `v`, or "". */
export function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

/** A finite number, or `fallback` (numbers written as strings are read). */
export function num(v: unknown, fallback: number): number {
  if (typeof v === "number") return Number.isFinite(v) ? v : fallback;
  if (typeof v === "string" && v.trim() !== "") {
    const n = Number(v);
    return Number.isFinite(n) ? n : fallback;
  }
  return fallback;
}

/**
 * HAR 1.2 4.2.16: phases are ms, -1 when they do not apply; `ssl` is
 * included in `connect`. Firefox and mitmproxy report `ssl` outside
 * `connect`; when `time` is known, whichever reading adds up to it wins.
 */
export function readTimings(raw: unknown, time: number): Timings {
  const t = obj(raw);
  const out = { sslInConnect: true } as Timings;
  let sum = 0;
  for (const p of PHASES) {
    const v = num(t[p], -1);
    out[p] = v;
    if (p !== "ssl" && v > 0) sum += v;
  }
  const ssl = out.ssl;
  if (ssl > 0) {
    if (out.connect < ssl) out.sslInConnect = false;
    else if (time >= 0) {
      out.sslInConnect = Math.abs(time - sum) <= Math.abs(time - sum - ssl);
    }
  }
  return out;
}

/** CONTRACT 5: `time`, else the sum of phases >= 0 with `ssl` excluded. */
export function durationOf(time: unknown, t: Timings): number {
  if (typeof time === "number" && Number.isFinite(time) && time >= 0) {
    return time;
  }
  let sum = 0;
  for (const p of PHASES) if (p !== "ssl" && t[p] > 0) sum += t[p];
  return sum;
}

/** CONTRACT 5: `_transferSize` when >= 0, else headersSize + bodySize. */
export function transferSizeOf(entry: Obj, response: Obj): number {
  const ts = response._transferSize ?? entry._transferSize;
  if (typeof ts === "number" && ts >= 0) return ts;
  return Math.max(num(response.headersSize, 0), 0) +
    Math.max(num(response.bodySize, 0), 0);
}

/** An entry plus its parsed start, before offsets are known. */
export interface Pending {
  entry: HarEntry;
  start: Instant | null;
  pageref: string;
}

/** Normalises `log.entries[index]` (already checked to be an object). */
export function normalizeEntry(raw: Obj, index: number): Pending {
  const request = obj(raw.request);
  const response = obj(raw.response);
  const content = obj(response.content);
  const url = str(request.url);
  const { host, path } = splitUrl(url);
  const status = Math.trunc(num(response.status, 0));
  const mimeType = baseMime(content.mimeType) ||
    baseMime(findHeader(response.headers, "content-type"));
  const timings = readTimings(
    raw.timings,
    typeof raw.time === "number" ? raw.time : -1,
  );
  const size = num(content.size, -1);
  const entry: HarEntry = {
    index,
    method: str(request.method),
    url,
    host,
    path,
    status,
    statusText: str(response.statusText),
    statusClass: statusClass(status),
    mimeType,
    type: typeCategory(
      raw._resourceType,
      mimeType,
      url,
      status,
      Array.isArray(raw._webSocketMessages),
    ),
    startedDateTime: str(raw.startedDateTime),
    validStart: true,
    startMs: 0,
    durationMs: durationOf(raw.time, timings),
    transferSize: transferSizeOf(raw, response),
    contentSize: size >= 0 ? size : -1,
    timings,
    page: -1,
  };
  const start = parseInstant(raw.startedDateTime);
  entry.validStart = start !== null;
  return { entry, start, pageref: str(raw.pageref) };
}

/** Value of the first header named `name` (case-insensitive), or "". */
export function findHeader(headers: unknown, name: string): string {
  if (!Array.isArray(headers)) return "";
  for (const h of headers) {
    const o = obj(h);
    if (str(o.name).toLowerCase() === name) return str(o.value);
  }
  return "";
}
