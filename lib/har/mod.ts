/**
 * The HAR library behind the viewer at `/har`: HTTP Archive text in, plain
 * data out. Pure and browser-safe (no DOM, no Deno API, no I/O), so it runs
 * in a Web Worker, a Deno test or a CLI alike.
 *
 * ```ts
 * import { parseHarText, sanitizeHar, DEFAULT_REDACT_WORDS } from "@wirebench/wirebench/har";
 *
 * const har = parseHarText(await Deno.readTextFile("session.har"));
 * for (const e of har.doc.entries) console.log(e.status, e.method, e.url);
 * console.log(har.doc.summary.requests, "requests", har.doc.warnings);
 *
 * const { har: clean, redacted } = sanitizeHar(har.root, {
 *   words: DEFAULT_REDACT_WORDS,
 * });
 * ```
 *
 * Input is HAR 1.1 or 1.2 as browsers and proxies write it; a rejection is
 * a {@link HarParseError} with line and column (JSON syntax) or a JSON path
 * (structure).
 */

/** Parsing: text or a JSON value to columns, metadata and entries. */
export {
  type IndexedHar,
  indexHarText,
  type ParsedHar,
  parseHarText,
  parseHarValue,
  type Progress,
} from "./parse.ts";
export { type HarErrorInfo, HarParseError } from "./errors.ts";
export type { RejectionInfo } from "../shared/parse_error.ts";
export type { HarColumns, SslPlace } from "./columns.ts";
export { type Exporter, exporterOf } from "./exporter.ts";
export type { SortOrders } from "./orders.ts";
export type { Obj } from "./normalize.ts";

/** One entry: its list row, its detail (headers, cookies, bodies, timings). */
export { entryAt, pathOf, urlOf } from "./entries.ts";
export {
  type BodyPreview,
  type CookieRow,
  type DetailList,
  entryDetail,
  type HarDetail,
  type NameValue,
  PREVIEW_CHARS,
  type WsMessage,
} from "./detail.ts";
export { harCurl, type SentBody } from "./curl.ts";

/** The list as the viewer shows it: filter, search and sort. */
export {
  computeView,
  defaultViewState,
  type View,
  type ViewState,
} from "./view.ts";
export {
  type DeepMasks,
  HarSearch,
  invalidPatterns,
  type PatternMasks,
  patternTerms,
  searchMask,
  textTerms,
} from "./search.ts";
/** The search's "headers and bodies too", over the recorded entries. */
export { DEEP_SEARCH_CHARS, deepMask, entryHolds } from "./deep_search.ts";
export {
  type HeaderNames,
  headerNamesOf,
  type NameLists,
} from "./header_names.ts";
export { computeSummary } from "./summary.ts";
export {
  axisOf,
  type Marker,
  markersOf,
  type Segment,
  segmentsOf,
} from "./waterfall.ts";

/** Secrets: count them, and write a copy with them replaced. */
export { countHarSecrets } from "./secrets.ts";
export {
  sanitizedJsonParts,
  sanitizeHar,
  type SanitizeOptions,
  type SanitizeResult,
} from "./sanitize.ts";
export { DEFAULT_REDACT_WORDS, REDACTED } from "./redact.ts";

/** The data shapes. */
export type * from "./types.ts";
export { PHASES, SORT_KEYS, STATUS_CLASSES, TYPE_CATEGORIES } from "./types.ts";
