/**
 * Messages between the SpecViewer island and its Web Worker. Plain data
 * only (structured clone): the worker keeps the parsed document and answers
 * detail requests about it, so the page never holds a 3 MB object graph.
 */
import type {
  CallbackRef,
  OperationDetail,
  SchemaDetail,
  SchemaNode,
  SpecErrorInfo,
  SpecIndex,
  SpecWarning,
} from "../../lib/openapi/types.ts";

/** Schema nodes answered per request (a tree branch, or one round of "expand all"). */
export const MAX_NODES_PER_REQUEST = 5_000;

/** Stages shown while a spec is read. */
export type ParseStage = "reading" | "parsing" | "indexing";

/**
 * Where an operation lives in the document; with `callback`, that callback
 * of the operation.
 */
export interface OperationRef {
  container: "paths" | "webhooks";
  path: string;
  method: string;
  callback?: CallbackRef;
}

/** Page to worker. */
export type ToWorker =
  /**
   * A spec to parse: its text, or a picked file (a `File` crosses as a
   * handle, its bytes unread: the worker reads and decodes them, so the
   * page never holds or copies them).
   */
  | { type: "parse"; id: number; text: string }
  | { type: "parse"; id: number; file: Blob }
  /**
   * A file is likely to come: warm what its preview needs until it does
   * (no answer; `id` 0).
   */
  | { type: "warm"; id: number }
  /**
   * The page has painted parse `id`'s preview, or the detail it opened
   * (see "hold"): what the worker held until then so the page's frame has
   * the cores (the whole parse, its jobs ahead) goes on.
   */
  | { type: "shown"; id: number }
  /**
   * The page opens (or presses) an operation of parse `id`: a read of the
   * document in pieces and the jobs ahead pause until "shown" says the
   * detail is painted (or a bound passes), so that frame has the cores.
   */
  | { type: "hold"; id: number }
  | { type: "detail"; id: number; parseId: number; op: OperationRef }
  /** A named schema of parse `parseId`, shown on its own. */
  | { type: "schema"; id: number; parseId: number; name: string }
  | {
    type: "nodes";
    id: number;
    parseId: number;
    /** Schema node ids wanted, with what they link to `depth` levels down. */
    ids: number[];
    depth: number;
  };

/** Worker to page. */
export type FromWorker =
  | { type: "stage"; id: number; stage: ParseStage }
  /**
   * The list of a picked file from its outline, before the whole parse
   * (lib/openapi/preview.ts): the same rows and header, no details yet.
   * With `head`, the first rows only, from the file's first bytes, before
   * the rest is read (`headIndex`): its counts are not the document's.
   */
  | {
    type: "preview";
    id: number;
    index: SpecIndex;
    ms: number;
    head?: boolean;
  }
  | { type: "parsed"; id: number; index: SpecIndex; ms: number }
  | { type: "failed"; id: number; error: SpecErrorInfo; ms: number }
  | { type: "checked"; id: number; warnings: SpecWarning[]; ms: number }
  | { type: "detail"; id: number; detail: OperationDetail | null }
  | { type: "schema"; id: number; detail: SchemaDetail | null }
  | { type: "nodes"; id: number; nodes: SchemaNode[] };

/** Outcome of a parse, wherever it ran. */
export type ParseResult =
  | { ok: true; index: SpecIndex; ms: number }
  | { ok: false; error: SpecErrorInfo; ms: number };
