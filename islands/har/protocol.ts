/**
 * Messages between the HAR viewer page and its Web Worker. The worker owns
 * the parsed file (headers and bodies included); the page only ever holds
 * the columns and the detail of the selected entry.
 */
import type { HarColumns } from "../../lib/har/columns.ts";
import type { CopiedAll, CopyAllKind } from "../../lib/har/copy_all.ts";
import type { HarDetail } from "../../lib/har/detail.ts";
import type { HarErrorInfo } from "../../lib/har/errors.ts";
import type { HeaderNames } from "../../lib/har/header_names.ts";
import type { SortOrders } from "../../lib/har/orders.ts";
import type { HarMeta, SecretCounts } from "../../lib/har/types.ts";
import type { RowCopyKind, RowOffers } from "../../lib/har/row_copy.ts";

/**
 * What the worker says when asked about a file it does not hold: the page
 * only asks about the file it shows, so the worker that read it has gone
 * (out of memory, or stopped) and a new one started empty.
 */
export const NOT_LOADED =
  "The parser that read this file has stopped (it may have run out of memory); load the file again";

/**
 * Page to worker. `id` ties answers to requests; stale ones are ignored.
 * Every request is answered: a load ends with "headers" or "error", a
 * detail with "detail" or "detail-error", a body with "body", a sanitize
 * with "sanitized", a deep search with a "deep" per term, then "deep-done"
 * (early, `stopped`, when a newer one or another file came), a copy of
 * the listed entries with "copied-all", a row menu's offers with
 * "row-copies", and the one text picked in it with "row-copy".
 */
export type ToWorker =
  | { type: "load"; id: number; file: Blob; name: string }
  | { type: "load"; id: number; text: string; name: string }
  | { type: "detail"; id: number; index: number }
  | { type: "body"; id: number; index: number; side: "request" | "response" }
  | { type: "sanitize"; id: number; words: string[]; dropBodies: boolean }
  /** Which entries hold each term in headers or bodies (lower case). */
  | { type: "deep"; id: number; terms: string[] }
  /** The commands of entries `rows` (indexes in `log.entries`), in that order. */
  | { type: "copy-all"; id: number; kind: CopyAllKind; rows: Uint32Array }
  /**
   * What entry `index`'s row menu offers to copy (commands, headers,
   * response): lengths and notes, the texts left in the worker.
   */
  | { type: "row-copies"; id: number; index: number }
  /** The text of copy `kind` of entry `index`, picked in its row menu. */
  | { type: "row-copy"; id: number; index: number; kind: RowCopyKind };

/** Loading phases, in order. */
export type LoadPhase = "read" | "parse" | "index";

/** Worker to page. */
export type FromWorker =
  | {
    type: "progress";
    id: number;
    phase: LoadPhase;
    done: number;
    total: number;
  }
  | {
    type: "loaded";
    id: number;
    name: string;
    bytes: number;
    columns: HarColumns;
    meta: HarMeta;
    ms: number;
  }
  | { type: "error"; id: number; error: HarErrorInfo }
  | { type: "secrets"; id: number; secrets: SecretCounts }
  | {
    type: "orders";
    id: number;
    orders: SortOrders;
  }
  | { type: "headers"; id: number; headers: HeaderNames }
  | {
    type: "deep";
    id: number;
    /** The term, as asked. */
    term: string;
    /** 1 for each entry holding it in its headers or bodies. */
    mask: Uint8Array;
  }
  | { type: "deep-done"; id: number; stopped: boolean }
  | { type: "detail"; id: number; index: number; detail: HarDetail }
  | { type: "detail-error"; id: number; index: number; message: string }
  | {
    type: "body";
    id: number;
    /** The whole body as a file, null when there is none (`error` says). */
    blob: Blob | null;
    name: string;
    error?: string;
  }
  | ({ type: "copied-all"; id: number; error?: string } & CopiedAll)
  | {
    type: "row-copies";
    id: number;
    /** Null when they could not be written (then `error` says why). */
    offers: RowOffers | null;
    error?: string;
  }
  | {
    type: "row-copy";
    id: number;
    /** "" when there is none (then `error` says why). */
    text: string;
    error?: string;
  }
  | {
    type: "sanitized";
    id: number;
    /** Null when the copy could not be made (then `error` says why). */
    blob: Blob | null;
    redacted: number;
    error?: string;
  };
