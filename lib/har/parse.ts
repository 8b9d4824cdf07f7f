/**
 * HAR text or JSON value to a {@link HarDocument}. Accepts HAR 1.1 and 1.2
 * from browsers and proxies; rejects, with the problem and its location,
 * anything without a usable `log.entries` array (HAR 1.2 §4.2: the one
 * member every use of the file needs).
 */
import { HarParseError } from "./errors.ts";
import { jsonPath } from "../shared/parse_error.ts";
import { ColumnBuilder, type HarColumns } from "./columns.ts";
import { entryAt } from "./entries.ts";
import { diffMs, type Instant, parseInstant } from "./iso_date.ts";
import {
  describeValue,
  jsonSyntaxFault,
  located,
} from "../shared/parse_error.ts";
import {
  markPageDocuments,
  num,
  type Obj,
  obj,
  writeEntry,
} from "./normalize.ts";
import { str } from "../shared/value.ts";
import { countHarSecrets } from "./secrets.ts";
import { initiatorShort } from "./initiator.ts";
import { computeSummary } from "./summary.ts";
import type { HarDocument, HarMeta, HarPage } from "./types.ts";
import { type Exporter, exporterOf } from "./exporter.ts";

/** A parsed file as columns: what the worker keeps and posts. */
export interface IndexedHar {
  /** Every entry's list data, one typed array per field. */
  columns: HarColumns;
  /** Version, creator, pages, summary, secret counts and warnings. */
  meta: HarMeta;
  /** The parsed JSON root, for the detail view and the sanitizer. */
  root: Obj;
  /** `log.entries`, same indices as the columns. */
  raw: Obj[];
  /** Which program wrote the file, as far as its members' meaning differs. */
  exporter: Exporter;
}

/** A parsed file with every entry also as an object. */
export interface ParsedHar extends IndexedHar {
  /** The metadata with every entry as a {@link HarEntry} and the secrets counted. */
  doc: HarDocument;
}

/** Called now and then while entries are normalised. */
export type Progress = (done: number, total: number) => void;

/**
 * Parses HAR text into columns and metadata (see {@link indexHarValue}). A
 * UTF-8 byte order mark is skipped (HAR 1.2 section 2 asks readers to
 * accept one). JSON syntax errors are reported with line and column,
 * counted without the BOM.
 */
export function indexHarText(
  text: string,
  onProgress?: Progress,
  complete = true,
): IndexedHar {
  return indexHarValue(parseJson(text), onProgress, complete);
}

/** Parses HAR text into the full document, every entry an object. */
export function parseHarText(text: string, onProgress?: Progress): ParsedHar {
  return parseHarValue(parseJson(text), onProgress);
}

function parseJson(text: string): unknown {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return JSON.parse(text);
  } catch (err) {
    if (!/\S/.test(text)) {
      throw new HarParseError({ kind: "json", message: "The input is empty." });
    }
    throw jsonError(text, err);
  }
}

/** A `JSON.parse` failure, located and worded as every tool words it. */
function jsonError(text: string, err: unknown): HarParseError {
  const { message, line, column, excerpt } = jsonSyntaxFault(text, err);
  return new HarParseError({
    kind: "json",
    message: located(message, { line, column }),
    line,
    column,
    excerpt,
  });
}

function structure(path: string, message: string): HarParseError {
  return new HarParseError({ kind: "structure", path, message });
}

/** A name from the file for a message, cut (a key may be 50 MB long). */
function named(s: string, max = 60): string {
  return JSON.stringify(s.length > max ? s.slice(0, max) + "…" : s);
}

function keysOf(o: Obj): string {
  const keys = Object.keys(o).slice(0, 6).map((k) => named(k)).join(", ");
  return keys ? `it has ${keys}` : "it is empty";
}

/** Checks the shape down to `log.entries[i]` being objects. */
function checkShape(root: unknown): { log: Obj; entries: Obj[] } {
  if (root === null || typeof root !== "object" || Array.isArray(root)) {
    throw structure(
      jsonPath([]),
      `Not a HAR file: the top level is ${describeValue(root)}, expected an ` +
        `object with a "log" property.`,
    );
  }
  const top = root as Obj;
  if (!("log" in top)) {
    const hint = Array.isArray(top.entries)
      ? ` It has "entries" at the top level: wrap it as {"log": ...}.`
      : "";
    throw structure(
      jsonPath(["log"]),
      `Not a HAR file: there is no "log" property at the top level ` +
        `(${keysOf(top)}).${hint}`,
    );
  }
  const log = top.log;
  if (log === null || typeof log !== "object" || Array.isArray(log)) {
    throw structure(
      jsonPath(["log"]),
      `Not a HAR file: "log" is ${describeValue(log)}, expected an object.`,
    );
  }
  const l = log as Obj;
  if (!("entries" in l)) {
    throw structure(
      jsonPath(["log", "entries"]),
      `Not a HAR file: "log.entries" is missing (${keysOf(l)}).`,
    );
  }
  if (!Array.isArray(l.entries)) {
    throw structure(
      jsonPath(["log", "entries"]),
      `"log.entries" is ${describeValue(l.entries)}, expected an array.`,
    );
  }
  const entries = l.entries as unknown[];
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (e === null || typeof e !== "object" || Array.isArray(e)) {
      throw structure(
        jsonPath(["log", "entries", i]),
        `"log.entries[${i}]" is ${describeValue(e)}, expected an entry object.`,
      );
    }
  }
  return { log: l, entries: entries as Obj[] };
}

/**
 * Indexes an already parsed JSON value (the root with `log`) into columns
 * and metadata: the worker's path, with no object per entry. With
 * `complete` false it stops at what the first rows need: the secret count
 * (`secrets: null`, see `countHarSecrets`) and the duration and size orders
 * (see `orderOf`) are left for afterwards.
 */
function indexHarValue(
  root: unknown,
  onProgress?: Progress,
  complete = true,
): IndexedHar {
  const { log, entries: raw } = checkShape(root);
  const n = raw.length;
  const b = new ColumnBuilder(n);
  const exporter = exporterOf(log);
  b.tlsInConnect = exporter === "playwright";
  const pagerefs: string[] = new Array(n);
  let first = -1, noRequest = 0;
  for (let i = 0; i < n; i++) {
    const e = raw[i];
    pagerefs[i] = writeEntry(b, e, i);
    b.initiatorIdx[i] = b.initiators.id(initiatorShort(e));
    if (
      b.validStart[i] &&
      (first < 0 || b.startMs[i] < b.startMs[first] ||
        (b.startMs[i] === b.startMs[first] &&
          b.startFrac[i] < b.startFrac[first]))
    ) first = i;
    if (!e.request || !e.response) noRequest++;
    if (onProgress && (i & 4095) === 4095) onProgress(i + 1, n);
  }
  // Offsets from the earliest start, whole and sub-ms parts apart so that
  // Fiddler's 100 ns digits survive (an epoch in ms as one float would not).
  const start = new Float64Array(n);
  let badStart = 0;
  for (let i = 0; i < n; i++) {
    if (b.validStart[i]) {
      // Rounded to the 100 ns the finest exporter writes: a difference of
      // two fractions is 0.00009999999999998899, not 0.0001, unrounded.
      start[i] = Math.round(
        ((b.startMs[i] - b.startMs[first]) +
          (b.startFrac[i] - b.startFrac[first])) * 1e4,
      ) / 1e4;
    } else badStart++;
  }
  const earliest = first < 0
    ? null
    : { ms: b.startMs[first], frac: b.startFrac[first] };
  const pages = readPages(log.pages, earliest);
  const byId = new Map(pages.map((p, k) => [p.id, k]));
  for (let i = 0; i < n; i++) {
    const ref = pagerefs[i];
    if (!ref) continue;
    let at = byId.get(ref);
    if (at === undefined) {
      at = pages.length;
      byId.set(ref, at);
      pages.push(syntheticPage(ref));
    }
    b.page[i] = at;
    pages[at].count++;
  }
  markPageDocuments(b, start);
  const columns = b.finish(start, complete);
  const unlikely = unlikelyTimings(pages, columns);
  const creator = obj(log.creator);
  const meta: HarMeta = {
    version: str(log.version),
    creator: [str(creator.name), str(creator.version)].filter(Boolean).join(
      " ",
    ).slice(0, 200),
    pages,
    summary: computeSummary(
      columns,
      first < 0 ? "" : str(raw[first].startedDateTime),
    ),
    secrets: complete ? countHarSecrets(raw) : null,
    warnings: warningsOf(badStart, noRequest, pages, unlikely),
  };
  onProgress?.(n, n);
  return { columns, meta, root: root as Obj, raw, exporter };
}

/**
 * How long after its last request ends a page's load events may still
 * fire: `load` waits for the page's requests, so later than this is no
 * offset from the page start (Safari writes its own clock's readings).
 */
const PAGE_TIMING_SLACK_MS = 60_000;

/**
 * Clears (to -1) the load times of `pages` that fall long after the last
 * request of the page ends (of the file, for a page no entry names), and
 * returns those pages' ids: a marker hours out would squash every bar of
 * the waterfall to nothing.
 */
function unlikelyTimings(pages: HarPage[], c: HarColumns): string[] {
  const ids: string[] = [];
  if (!c.start.length) return ids;
  const ends = new Float64Array(pages.length).fill(-Infinity);
  let fileEnd = -Infinity;
  for (let i = 0; i < c.start.length; i++) {
    const end = c.start[i] + Math.max(0, c.duration[i]);
    if (end > fileEnd) fileEnd = end;
    const k = c.page[i];
    if (k >= 0 && end > ends[k]) ends[k] = end;
  }
  pages.forEach((p, k) => {
    if (!Number.isFinite(p.startMs)) return;
    const last = (p.count ? ends[k] : fileEnd) - p.startMs;
    const limit = Math.max(0, last) + PAGE_TIMING_SLACK_MS;
    if (p.onContentLoad > limit || p.onLoad > limit) {
      p.onContentLoad = p.onContentLoad > limit ? -1 : p.onContentLoad;
      p.onLoad = p.onLoad > limit ? -1 : p.onLoad;
      ids.push(p.id);
    }
  });
  return ids;
}

function warningsOf(
  badStart: number,
  noRequest: number,
  pages: HarPage[],
  unlikely: string[],
): string[] {
  const warnings: string[] = [];
  if (unlikely.length) {
    const more = unlikely.length > 5 ? ` and ${unlikely.length - 5} more` : "";
    const ids = unlikely.slice(0, 5).map((id) => named(id)).join(", ");
    warnings.push(
      `Load times of page ${ids}${more} lie long after its last request ` +
        "(a clock reading, not ms after the page start, as Safari writes): " +
        "not shown.",
    );
  }
  if (badStart) {
    warnings.push(
      `${badStart} entries have no valid startedDateTime; they are drawn ` +
        "at offset 0.",
    );
  }
  if (noRequest) {
    warnings.push(`${noRequest} entries lack a request or response object.`);
  }
  const unknown = pages.filter((p) => p.synthetic).map((p) => p.id);
  if (unknown.length) {
    const more = unknown.length > 5 ? ` and ${unknown.length - 5} more` : "";
    const ids = unknown.slice(0, 5).map((id) => named(id)).join(", ");
    warnings.push(`pageref not in log.pages: ${ids}${more}.`);
  }
  return warnings;
}

/** Parses a JSON value into the full document, every entry an object. */
export function parseHarValue(root: unknown, onProgress?: Progress): ParsedHar {
  const indexed = indexHarValue(root, onProgress);
  const { columns: c, meta, raw } = indexed;
  const entries = raw.map((e, i) => entryAt(c, e, i));
  const secrets = meta.secrets ?? countHarSecrets(raw);
  return { ...indexed, doc: { ...meta, secrets, entries } };
}

function readPages(v: unknown, earliest: Instant | null): HarPage[] {
  if (!Array.isArray(v)) return [];
  const pages: HarPage[] = [];
  const seen = new Set<string>();
  for (const item of v) {
    const p = obj(item);
    const id = str(p.id);
    if (!id || seen.has(id)) continue;
    seen.add(id);
    const start = parseInstant(p.startedDateTime);
    const t = obj(p.pageTimings);
    const onContentLoad = num(t.onContentLoad, -1);
    const onLoad = num(t.onLoad, -1);
    pages.push({
      id,
      title: str(p.title),
      startMs: start && earliest ? diffMs(start, earliest) : NaN,
      onContentLoad: onContentLoad >= 0 ? onContentLoad : -1,
      onLoad: onLoad >= 0 ? onLoad : -1,
      count: 0,
      synthetic: false,
    });
  }
  return pages;
}

function syntheticPage(id: string): HarPage {
  return {
    id,
    title: `${id} (not in log.pages)`,
    startMs: NaN,
    onContentLoad: -1,
    onLoad: -1,
    count: 0,
    synthetic: true,
  };
}
