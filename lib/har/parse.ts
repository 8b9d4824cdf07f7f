/**
 * HAR text or JSON value to a {@link HarDocument}. Accepts HAR 1.1 and 1.2
 * from browsers and proxies; rejects, with the problem and its location,
 * anything without a usable `log.entries` array (CONTRACT section 5).
 */
import { excerptAt, HarParseError, lineColumn, typeName } from "./errors.ts";
import {
  compareInstant,
  diffMs,
  type Instant,
  parseInstant,
} from "./iso_date.ts";
import { engineOffset, findJsonError } from "./json_scan.ts";
import {
  normalizeEntry,
  num,
  type Obj,
  obj,
  type Pending,
  str,
} from "./normalize.ts";
import { DEFAULT_REDACT_WORDS, nameMatcher } from "./redact.ts";
import { countSecrets } from "./sanitize.ts";
import { computeSummary } from "./summary.ts";
import type { HarDocument, HarPage, SecretCounts } from "./types.ts";

/** A parsed file: the normalised document and the raw entries behind it. */
export interface ParsedHar {
  doc: HarDocument;
  /** The parsed JSON root, for the detail view and the sanitizer. */
  root: Obj;
  /** `log.entries`, same indices as `doc.entries`. */
  raw: Obj[];
}

/** Called now and then while entries are normalised. */
export type Progress = (done: number, total: number) => void;

/**
 * Parses HAR text. A UTF-8 byte order mark is skipped (HAR 1.2 section 2
 * asks readers to accept one). JSON syntax errors are reported with line and
 * column, counted without the BOM.
 */
export function parseHarText(text: string, onProgress?: Progress): ParsedHar {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === "") {
    throw new HarParseError({ kind: "json", message: "The input is empty." });
  }
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (err) {
    throw jsonError(text, err);
  }
  return parseHarValue(root, onProgress);
}

function jsonError(text: string, err: unknown): HarParseError {
  const issue = findJsonError(text);
  const offset = issue?.offset ?? engineOffset(text, err) ?? 0;
  const { line, column } = lineColumn(text, offset);
  const what = issue?.message ??
    (err instanceof Error ? err.message : String(err));
  return new HarParseError({
    kind: "json",
    message: `Not valid JSON: ${what} (line ${line}, column ${column}).`,
    line,
    column,
    excerpt: excerptAt(text, offset),
  });
}

function structure(path: string, message: string): HarParseError {
  return new HarParseError({ kind: "structure", path, message });
}

function keysOf(o: Obj): string {
  const keys = Object.keys(o).slice(0, 6).map((k) => `"${k}"`).join(", ");
  return keys ? `it has ${keys}` : "it is empty";
}

/** Checks the shape down to `log.entries[i]` being objects. */
function checkShape(root: unknown): { log: Obj; entries: Obj[] } {
  if (root === null || typeof root !== "object" || Array.isArray(root)) {
    throw structure(
      "$",
      `Not a HAR file: the top level is ${typeName(root)}, expected an ` +
        `object with a "log" property.`,
    );
  }
  const top = root as Obj;
  if (!("log" in top)) {
    const hint = Array.isArray(top.entries)
      ? ` It has "entries" at the top level: wrap it as {"log": ...}.`
      : "";
    throw structure(
      "log",
      `Not a HAR file: there is no "log" property at the top level ` +
        `(${keysOf(top)}).${hint}`,
    );
  }
  const log = top.log;
  if (log === null || typeof log !== "object" || Array.isArray(log)) {
    throw structure(
      "log",
      `Not a HAR file: "log" is ${typeName(log)}, expected an object.`,
    );
  }
  const l = log as Obj;
  if (!("entries" in l)) {
    throw structure(
      "log.entries",
      `Not a HAR file: "log.entries" is missing (${keysOf(l)}).`,
    );
  }
  if (!Array.isArray(l.entries)) {
    throw structure(
      "log.entries",
      `"log.entries" is ${typeName(l.entries)}, expected an array.`,
    );
  }
  const entries = l.entries as unknown[];
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (e === null || typeof e !== "object" || Array.isArray(e)) {
      throw structure(
        `log.entries[${i}]`,
        `"log.entries[${i}]" is ${typeName(e)}, expected an entry object.`,
      );
    }
  }
  return { log: l, entries: entries as Obj[] };
}

/** Normalises an already parsed JSON value (the root with `log`). */
export function parseHarValue(root: unknown, onProgress?: Progress): ParsedHar {
  const { log, entries: raw } = checkShape(root);
  const warnings: string[] = [];
  const isSecret = nameMatcher(DEFAULT_REDACT_WORDS);
  const secrets: SecretCounts = { cookies: 0, authorization: 0, tokens: 0 };
  const pending: Pending[] = new Array(raw.length);
  let earliest: Instant | null = null;
  let noRequest = 0;
  for (let i = 0; i < raw.length; i++) {
    const p = normalizeEntry(raw[i], i);
    pending[i] = p;
    if (p.start && (!earliest || compareInstant(p.start, earliest) < 0)) {
      earliest = p.start;
    }
    if (!raw[i].request || !raw[i].response) noRequest++;
    countSecrets(raw[i], isSecret, secrets);
    if (onProgress && (i & 4095) === 4095) onProgress(i + 1, raw.length);
  }
  const pages = readPages(log.pages, earliest);
  const byId = new Map(pages.map((p, i) => [p.id, i]));
  let badStart = 0;
  const entries = pending.map((p) => {
    const e = p.entry;
    if (p.start && earliest) e.startMs = diffMs(p.start, earliest);
    else badStart++;
    if (p.pageref) {
      let at = byId.get(p.pageref);
      if (at === undefined) {
        at = pages.length;
        byId.set(p.pageref, at);
        pages.push(syntheticPage(p.pageref));
      }
      e.page = at;
      pages[at].count++;
    }
    return e;
  });
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
    warnings.push(`pageref not in log.pages: ${unknown.join(", ")}.`);
  }
  const creator = obj(log.creator);
  const doc: HarDocument = {
    version: str(log.version),
    creator: [str(creator.name), str(creator.version)].filter(Boolean).join(
      " ",
    ),
    entries,
    pages,
    summary: computeSummary(entries),
    secrets,
    warnings,
  };
  onProgress?.(raw.length, raw.length);
  return { doc, root: root as Obj, raw };
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
