/**
 * The spec parser's entry point, shared by the SpecViewer island, its Web
 * Worker and the tests: text in, plain data out. Pure (no DOM, no Deno).
 *
 * Two phases, so a large spec's list shows as soon as possible: `parseSpec`
 * reads, detects and indexes (the list); `checkSpec` then adds the warnings
 * that need a second look at the document. `parseSpec` runs both unless told
 * otherwise.
 */
import {
  jsonDuplicateWarnings,
  jsonRefWarnings,
  locationWarnings,
  operationWarnings,
  refWarnings,
  schemaWarnings,
} from "./checks.ts";
import { detect, type Detected } from "./detect.ts";
import { SpecError } from "./errors.ts";
import { buildIndex } from "./indexer.ts";
import { type Loaded, loadPieceForgiving, loadTextSteps } from "./load.ts";
import { RefResolver } from "./refs.ts";
import type { SpecErrorInfo, SpecIndex, SpecWarning } from "./types.ts";
import type { YamlPieces } from "./yaml_pieces.ts";
import { drain } from "../shared/steps.ts";

export { SpecError } from "./errors.ts";
export type * from "./types.ts";
export type { Detected } from "./detect.ts";
export type { Loaded } from "./load.ts";
export type { Deref, Memo, RefResolver } from "./refs.ts";
export type { LoadPiece, PiecesOptions, YamlPieces } from "./yaml_pieces.ts";
export type { RejectionInfo } from "../shared/parse_error.ts";

/** Warnings beyond this many are summed up in one line. */
const MAX_WARNINGS = 300;

/** A parsed document: its index, plus what details and checks need. */
export interface ParsedSpec {
  /** What the endpoint list shows; its warnings grow when {@link checkSpec} runs. */
  index: SpecIndex;
  /** The document as read (JSON or YAML), not copied: its top level is a mapping. */
  doc: Record<string, unknown>;
  /** Resolves the `$ref`s inside `doc`, with caches that live as long as it. */
  resolver: RefResolver;
  /** Which specification and version the document follows. */
  detected: Detected;
  /** How the text was read: its syntax, the text parsed and what was forgiven. */
  loaded: Loaded;
}

/** Parse stages, for progress displays. */
export type Stage = "parsing" | "indexing";

/** Options of {@link parseSpec}. */
export interface ParseOptions {
  /** Run {@link checkSpec} too (default true). */
  checks?: boolean;
  /** Told each stage as it starts: `parsing`, then `indexing`. */
  onStage?: (stage: Stage) => void;
  /** Told the plan of a YAML document read in pieces (see {@link piecesSpec}). */
  onPieces?: (pieces: YamlPieces) => void;
}

/**
 * Parses and indexes a spec. Throws a {@link SpecError} when the input is
 * rejected (not JSON/YAML, not OpenAPI/Swagger, unusable structure).
 */
export function parseSpec(text: string, opts: ParseOptions = {}): ParsedSpec {
  return drain(parseSpecSteps(text, opts));
}

/**
 * {@link parseSpec}, yielding now and then while a large YAML document is
 * read (between its pieces), so a caller can answer something meanwhile.
 */
export function* parseSpecSteps(
  text: string,
  opts: ParseOptions = {},
): Generator<void, ParsedSpec> {
  opts.onStage?.("parsing");
  const loaded = yield* loadTextSteps(text, { onPieces: opts.onPieces });
  opts.onStage?.("indexing");
  const warnings: SpecWarning[] = [...loaded.warnings];
  const doc = loaded.value as Record<string, unknown>;
  const resolver = new RefResolver(doc, loaded.text);
  let detected: Detected;
  let index: SpecIndex;
  try {
    detected = detect(loaded, warnings);
    index = buildIndex(loaded, detected, resolver, warnings);
  } catch (err) {
    // Broken JSON that YAML happened to accept is still broken JSON.
    throw loaded.jsonError && err instanceof SpecError ? loaded.jsonError : err;
  }
  const parsed = { index, doc, resolver, detected, loaded };
  if (opts.checks !== false) checkSpec(parsed);
  else cap(index.warnings);
  return parsed;
}

/** What an operation's detail reads of a spec (detail.ts). */
export type DetailSource = Pick<ParsedSpec, "doc" | "resolver" | "detected">;

/**
 * A spec seen through the pieces of its YAML text (yaml_pieces.ts) while
 * the whole is still read: an operation's detail loads only what it looks
 * at, and comes as the whole document's would. Null when the document may
 * hold aliases (see `YamlPieces.viewable`) or is rejected (the whole read
 * says why). Looking at a member that only the
 * whole read can tell throws a `PieceError`.
 */
export function piecesSpec(
  pieces: YamlPieces,
  text: string,
): DetailSource | null {
  if (!pieces.viewable) return null;
  try {
    const doc = pieces.view(loadPieceForgiving);
    const loaded: Loaded = { value: doc, syntax: "yaml", text, warnings: [] };
    return {
      doc,
      resolver: new RefResolver(doc, text),
      detected: detect(loaded, []),
    };
  } catch {
    return null;
  }
}

function refIn(w: SpecWarning): string | undefined {
  return /\$ref "([^"]*)"/.exec(w.message)?.[1];
}

function cap(warnings: SpecWarning[]): void {
  if (warnings.length <= MAX_WARNINGS) return;
  const more = warnings.length - MAX_WARNINGS;
  warnings.length = MAX_WARNINGS;
  warnings.push({ message: `…and ${more} more warnings` });
}

/**
 * The second phase: unique operationIds, declared path parameters, schema
 * entries, `$ref` targets. Appends to `parsed.index.warnings` (and returns
 * the full list); idempotent.
 */
export function checkSpec(parsed: ParsedSpec): SpecWarning[] {
  const { index, doc, resolver, detected, loaded } = parsed;
  if (index.checked) return index.warnings;
  const warnings = index.warnings;
  // A broken path item $ref is already reported where it is used.
  const told = new Set(warnings.map(refIn).filter((r) => r !== undefined));
  try {
    const json = loaded.syntax === "json";
    const refs = json
      ? jsonRefWarnings(loaded.text, resolver, doc)
      : refWarnings(doc, resolver, true);
    warnings.push(
      ...(json ? jsonDuplicateWarnings(loaded.text) : []),
      ...operationWarnings(doc, resolver, index),
      ...schemaWarnings(doc, detected.minor),
      ...(index.family === "swagger" ? locationWarnings(doc) : []),
      ...refs.filter((w) => {
        const r = refIn(w);
        return r === undefined || !told.has(r);
      }),
    );
  } catch (err) {
    // The list is already shown: a failing check must not take it away.
    warnings.push({
      message: `The checks stopped early: ${
        err instanceof Error ? err.message : String(err)
      }`,
    });
  }
  cap(warnings);
  index.checked = true;
  return warnings;
}

/** Outcome of {@link tryParseSpec}: plain data, safe to post between threads. */
export type ParseOutcome =
  | { ok: true; parsed: ParsedSpec }
  | { ok: false; error: SpecErrorInfo };

/** Like {@link parseSpec}, but returns rejections (and crashes) as data. */
export function tryParseSpec(
  text: string,
  opts: ParseOptions = {},
): ParseOutcome {
  return drain(tryParseSpecSteps(text, opts));
}

/** {@link tryParseSpec} in steps, as {@link parseSpecSteps}. */
export function* tryParseSpecSteps(
  text: string,
  opts: ParseOptions = {},
): Generator<void, ParseOutcome> {
  try {
    return { ok: true, parsed: yield* parseSpecSteps(text, opts) };
  } catch (err) {
    if (err instanceof SpecError) return { ok: false, error: err.info };
    // A bug or a resource limit: still an answer, never a dead page.
    return {
      ok: false,
      error: {
        kind: "syntax",
        message: `The input could not be read: ${
          err instanceof Error ? err.message : String(err)
        }`,
        line: 1,
        column: 1,
      },
    };
  }
}
