/**
 * The spec parser's entry point, shared by the SpecViewer island, its Web
 * Worker and the tests: text in, plain data out. Pure (no DOM, no Deno).
 */
import { refWarnings, schemaWarnings } from "./checks.ts";
import { detect, type Detected } from "./detect.ts";
import { SpecError } from "./errors.ts";
import { buildIndex } from "./indexer.ts";
import { loadText } from "./load.ts";
import { RefResolver } from "./refs.ts";
import type { SpecErrorInfo, SpecIndex, SpecWarning } from "./types.ts";

export { SpecError } from "./errors.ts";
export type * from "./types.ts";

/** Warnings beyond this many are summed up in one line. */
const MAX_WARNINGS = 300;

/** A parsed document: its index, plus what operation details need. */
export interface ParsedSpec {
  index: SpecIndex;
  doc: Record<string, unknown>;
  resolver: RefResolver;
  detected: Detected;
}

/** Parse stages, for progress displays. */
export type Stage = "parsing" | "indexing";

/**
 * Parses and indexes a spec. Throws a {@link SpecError} when the input is
 * rejected (not JSON/YAML, not OpenAPI/Swagger, unusable structure).
 */
export function parseSpec(
  text: string,
  onStage?: (stage: Stage) => void,
): ParsedSpec {
  onStage?.("parsing");
  const loaded = loadText(text);
  onStage?.("indexing");
  const warnings: SpecWarning[] = [...loaded.warnings];
  const doc = loaded.value as Record<string, unknown>;
  const resolver = new RefResolver(doc);
  let detected: Detected;
  let index: SpecIndex;
  try {
    detected = detect(loaded, warnings);
    index = buildIndex(loaded, detected, resolver, warnings);
  } catch (err) {
    // Broken JSON that YAML happened to accept is still broken JSON.
    throw loaded.jsonError && err instanceof SpecError ? loaded.jsonError : err;
  }
  // A broken path item $ref is already reported where it is used.
  const refIn = (w: SpecWarning) => /\$ref "([^"]*)"/.exec(w.message)?.[1];
  const told = new Set(warnings.map(refIn).filter((r) => r !== undefined));
  warnings.push(
    ...schemaWarnings(doc, detected.minor),
    ...refWarnings(doc, resolver, loaded.syntax === "yaml").filter((w) => {
      const r = refIn(w);
      return r === undefined || !told.has(r);
    }),
  );
  if (warnings.length > MAX_WARNINGS) {
    const more = warnings.length - MAX_WARNINGS;
    warnings.length = MAX_WARNINGS;
    warnings.push({ message: `…and ${more} more warnings` });
  }
  index.warnings = warnings;
  return { index, doc, resolver, detected };
}

/** Outcome of {@link tryParseSpec}: plain data, safe to post between threads. */
export type ParseOutcome =
  | { ok: true; parsed: ParsedSpec }
  | { ok: false; error: SpecErrorInfo };

/** Like {@link parseSpec}, but returns rejections (and crashes) as data. */
export function tryParseSpec(
  text: string,
  onStage?: (stage: Stage) => void,
): ParseOutcome {
  try {
    return { ok: true, parsed: parseSpec(text, onStage) };
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
      },
    };
  }
}
