/**
 * Messages between the compare page and its Web Worker. The worker owns
 * both parsed documents and the comparison (every change with every
 * operation it affects); the page holds one compact row per change, the
 * indices of the rows the filter shows, and the detail of the open row.
 * Stripe's pair lists 355 operations under many changes: sent whole, the
 * operation lists alone are 1.4 MB of strings for the page to clone, so
 * rows carry only their count and the operation they are listed under.
 */
import type {
  Counts,
  Level,
  Side,
  SideInfo,
} from "../../lib/openapi/compare/types.ts";
import type { SpecErrorInfo, SpecWarning } from "../../lib/openapi/types.ts";
import type { ViewQuery as NarrowQuery } from "../../lib/openapi/compare/narrow.ts";

/** What the filter box and the level toggles select. */
export interface ViewQuery extends NarrowQuery {
  /** Levels whose toggle is on. */
  levels: Level[];
}

/** One change as the page lists it. */
export interface ChangeRow {
  /** Index in the comparison's change list. */
  i: number;
  id: string;
  level: Level;
  /** Lower-case method, "" for a document-level change. */
  method: string;
  path: string;
  /** The operation it is listed under (`POST /v1/charges`), "" for the document. */
  first: string;
  /** How many operations it affects. */
  n: number;
  /**
   * Its group: changes that affect the same operations share a number
   * (the list shows a header per group).
   */
  group: number;
  /** The sentence (without the operation). Its place and pointers come with its detail. */
  text: string;
}

/** The value at one side's pointer, as the detail shows it. */
export interface SideValue {
  pointer: string | null;
  /** False when the pointer leads nowhere in that document. */
  found: boolean;
  /** Pretty-printed JSON, cut at a bound; "" when absent. */
  json: string;
  truncated: boolean;
  /**
   * When the value is a local `$ref`, what it points at (also bounded),
   * so a reader sees the schema and not only its name.
   */
  target?: { ref: string; json: string; truncated: boolean };
}

/** The opened row's side-by-side view. */
export interface ChangeDetailData {
  index: number;
  /** Where in the operation (`request body: amount`). */
  where: string;
  /** Every operation it affects, as `METHOD /path`. */
  operations: string[];
  base: SideValue;
  revision: SideValue;
  /**
   * A property that became required or optional: the `required` list of
   * the schema holding it on each side, where the change is (absent when
   * neither side has one).
   */
  required?: { base: SideValue; revision: SideValue };
}

/**
 * Page to worker. `id` ties answers to calls. A side is parsed as soon as
 * it is given, so the comparison after the second input only parses that
 * one; `view` travels with every call that may end in a comparison so the
 * first rows come filtered.
 */
export type ToWorker =
  | {
    type: "side";
    id: number;
    side: Side;
    /** A picked or dropped file: read and decoded in the worker. */
    file?: Blob;
    text?: string;
    name: string;
    view: ViewQuery;
  }
  | { type: "clear"; id: number; side: Side }
  | { type: "swap"; id: number; view: ViewQuery }
  | { type: "view"; id: number; gen: number; view: ViewQuery }
  | { type: "detail"; id: number; gen: number; index: number }
  | {
    type: "export";
    id: number;
    gen: number;
    format: "markdown" | "json";
    view: ViewQuery;
  };

/**
 * The comparison as the page holds it. Its rows cross from the worker as
 * one JSON string: parsing 700 rows takes V8 a third of the time the
 * structured clone of the same objects takes, on the page's thread.
 */
export interface ResultData {
  /** Which comparison this is: later answers name it, stale ones are dropped. */
  gen: number;
  base: SideInfo;
  revision: SideInfo;
  counts: Counts;
  rows: ChangeRow[];
  /** Indices (into `rows`) the view shows, in list order. */
  shown: Uint32Array;
  /** The operation a shown row is listed under, where the filter named it. */
  focus: Map<number, string>;
  /** Comparing took this long, ms. */
  ms: number;
}

/** Worker to page. */
export type FromWorker =
  | {
    type: "parsed";
    id: number;
    side: Side;
    info: SideInfo;
    operations: number;
    /** What reading it read past (a duplicate key, a comment), located. */
    warnings: SpecWarning[];
    bytes: number;
    ms: number;
    /** The decoded text when it is small enough for the paste box. */
    text?: string;
  }
  | {
    type: "rejected";
    id: number;
    side: Side;
    error: SpecErrorInfo;
    text?: string;
  }
  /** A call that could end in a comparison ended without one. */
  | { type: "idle"; id: number }
  /** Both sides are parsed: comparing (it takes a while on big pairs). */
  | { type: "comparing"; id: number }
  | (
    & { type: "result"; id: number; rowsJson: string }
    & Omit<ResultData, "rows">
  )
  /** The comparison stopped (a hostile pair over the limit, a bug). */
  | {
    type: "failed";
    id: number;
    message: string;
    /** The input the comparison stopped in, when one alone did. */
    side?: Side;
  }
  | {
    type: "view";
    id: number;
    gen: number;
    shown: Uint32Array;
    focus: Map<number, string>;
  }
  /** Asked about a comparison that is no longer the current one. */
  | { type: "stale"; id: number }
  | { type: "detail"; id: number; gen: number; detail: ChangeDetailData }
  | {
    type: "exported";
    id: number;
    gen: number;
    /** Markdown text, or the JSON as a Blob (megabytes: never a string here). */
    text?: string;
    blob?: Blob;
    /** Changes it lists. */
    count: number;
  };
