/**
 * The outline of a spec: the document cut down to what its endpoint list
 * and header are built from, so a large file's list can show before the
 * whole file is decoded and parsed. An outline is itself a document of the
 * same syntax, read by the same parser and indexer as the whole one, so
 * every row, count and header field it gives is the one the whole document
 * gives (see preview.ts for when it is not trusted).
 *
 * Kept: every top-level member but the reusable components (which only an
 * opened operation needs) and extensions; under `paths` and `webhooks`,
 * every path and operation key, and of each operation only the fields a
 * list entry reads. A path item that is itself a `$ref` is kept whole, so
 * the reference fails to resolve in the outline and the preview is dropped.
 */

import { KNOWN_METHODS } from "../shared/methods.ts";

/** Top-level members left out of an outline (OpenAPI 3 and Swagger 2.0). */
export const DROPPED_TOP = new Set([
  "components",
  "definitions",
  "parameters",
  "responses",
  "securityDefinitions",
]);

/** Top-level members whose path items are cut down to their operations. */
export const PATH_MAPS = new Set(["paths", "webhooks"]);

/** Path Item fields that hold an operation (OpenAPI 3.2 §4.8.9). */
export const OPERATION_FIELDS: ReadonlySet<string> = new Set(KNOWN_METHODS);

/**
 * Path Item fields kept whole: `$ref` must stay, so an outline never lists
 * what the document does not.
 */
export const WHOLE_ITEM_FIELDS = new Set(["$ref", "additionalOperations"]);

/** Operation fields a list entry, its tags and its callbacks read. */
export const LISTED_OP_FIELDS = new Set([
  "summary",
  "operationId",
  "tags",
  "deprecated",
  "callbacks",
]);

/** True for a top-level key an outline leaves out. */
export function droppedTop(key: string): boolean {
  return DROPPED_TOP.has(key) || key.startsWith("x-");
}

/** Thrown while cutting input an outline does not take; caught at entry. */
export class NotTaken extends Error {}

/**
 * Thrown where the input ends before what is read does: a file's first
 * bytes, cut anywhere (see outline_json.ts `jsonOutlineHead`).
 */
export class CutShort extends NotTaken {}

/** A byte range `[start, end)` of the input. */
export type Span = [number, number];

/** What an outline is joined from, in order: input spans and ASCII text. */
export type Piece = Span | string;

/** Spans up to this long are copied a byte at a time (see joinPieces). */
const SHORT_SPAN = 64;

/** The bytes of `pieces` of `input`, joined. */
export function joinPieces(input: Uint8Array, pieces: Piece[]): Uint8Array {
  let n = 0;
  for (const p of pieces) n += typeof p === "string" ? p.length : p[1] - p[0];
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of pieces) {
    if (typeof p === "string") {
      for (let i = 0; i < p.length; i++) out[at++] = p.charCodeAt(i);
    } else if (p[1] - p[0] > SHORT_SPAN) {
      out.set(input.subarray(p[0], p[1]), at);
      at += p[1] - p[0];
    } else {
      // Most spans are a key or a short value: a view of each to `set`
      // from cost more than copying its bytes.
      for (let i = p[0]; i < p[1]; i++) out[at++] = input[i];
    }
  }
  return out;
}
