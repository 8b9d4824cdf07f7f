/**
 * Text to value: JSON through `JSON.parse` (the fast path: a 3 MB spec in a
 * few milliseconds), everything else through js-yaml with merge keys
 * (`<<: *anchor`, YAML 1.1 "merge" type, which OpenAPI files in the wild use
 * although YAML 1.2 dropped it). Errors carry line and column.
 */
import { CORE_SCHEMA, load, mergeTag, YAMLException } from "js-yaml";
import {
  clip,
  excerpt,
  jsonSyntaxFault,
  lineColumn,
} from "../shared/parse_error.ts";
import { SpecError } from "./errors.ts";
import {
  complexKeyOffset,
  secondDocumentOffset,
  unclosedFlow,
  YAML_MAX_DEPTH,
} from "./yaml_text.ts";
import { type LoadPiece, YamlPieces } from "./yaml_pieces.ts";
import { drain } from "../shared/steps.ts";
import { stripJsonComments } from "../shared/json_comments.ts";
import { isObject } from "./refs.ts";
import { notADocument, unwrap } from "./wrapped.ts";
import type { SpecWarning, Syntax } from "./types.ts";

const SCHEMA = CORE_SCHEMA.withTags(mergeTag);
/** Second try after a stack overflow, which then fails at a located place. */
const SAFE_DEPTH = 100;

/** A loaded document: the value, how it was read, and what was forgiven. */
export interface Loaded {
  /** The parsed value, not yet checked to be a document. */
  value: unknown;
  /** `json` when `JSON.parse` read the text, else `yaml`. */
  syntax: Syntax;
  /** The text actually parsed (BOM removed): offsets refer to it. */
  text: string;
  /**
   * Set when JSON-looking text failed `JSON.parse` but loaded as YAML: if
   * the YAML reading is no spec either, this JSON error is the better answer.
   */
  jsonError?: SpecError;
  /** Problems read past while loading: JSON only YAML could read, a duplicate YAML key, U+FFFD characters. */
  warnings: SpecWarning[];
}

function syntaxError(
  text: string,
  offset: number,
  message: string,
): SpecError {
  const { line, column } = lineColumn(text, offset);
  return new SpecError({
    kind: "syntax",
    message,
    line,
    column,
    excerpt: excerpt(text, line, column),
  });
}

/**
 * Merge keys copy entries, so js-yaml caps them (default 10,000) against
 * "billion laughs" documents; real specs with many `<<:` stay far below
 * this higher cap. Aliases are shared, not copied, so they need no cap.
 */
const MAX_MERGE_KEYS = 200_000;

/** Reads `source` with this module's YAML options. */
function yaml(source: string, maxDepth: number, json: boolean): unknown {
  return load(source, {
    schema: SCHEMA,
    maxDepth,
    json,
    maxTotalMergeKeys: MAX_MERGE_KEYS,
  });
}

/**
 * Loads one piece of a YAML document (yaml_pieces.ts) as the whole read
 * reads it: the same schema, and the nesting limit less the levels above.
 */
export const loadPiece: LoadPiece = (piece, depth) =>
  yaml(piece, YAML_MAX_DEPTH - depth, false);

/**
 * {@link loadPiece} forgiving a duplicate key as the whole read does (the
 * last value kept): for a view of the pieces (yaml_pieces.ts), whose
 * members must read as they do in the document the whole read gives.
 */
export const loadPieceForgiving: LoadPiece = (piece, depth) => {
  try {
    return loadPiece(piece, depth);
  } catch (err) {
    if (
      !(err instanceof YAMLException) ||
      !/duplicated mapping key/.test(err.reason)
    ) throw err;
    return yaml(piece, YAML_MAX_DEPTH - depth, true);
  }
};

function loadYaml(text: string, json: boolean): unknown {
  try {
    return yaml(text, YAML_MAX_DEPTH, json);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    // js-yaml recurses per level: a browser's stack (a worker's is smaller)
    // can run out before the depth limit. A lower limit fails at a place.
    return yaml(text, SAFE_DEPTH, json);
  }
}

/**
 * Reads YAML `text`, in pieces when it is large (yaml_pieces.ts), yielding
 * between them; one a piece cannot take, or an error, is read whole (that
 * read words the error), as are forgiven duplicate keys.
 */
function* loadYamlSteps(
  text: string,
  onPieces?: (pieces: YamlPieces) => void,
): Generator<void, unknown> {
  let pieces: YamlPieces | null = null;
  try {
    pieces = YamlPieces.plan(text);
  } catch { /* a bug: the whole read still answers */ }
  if (pieces) {
    onPieces?.(pieces);
    const doc = yield* pieces.read(loadPiece);
    if (doc) return doc;
  }
  return loadYaml(text, false);
}

/**
 * Where a last `---` starts that opens a document holding nothing
 * (comments, blank lines, an end marker `...`), or -1. Looked for from
 * the end, a line at a time.
 */
function emptyLastDocument(text: string): number {
  const at = text.lastIndexOf("\n---");
  if (at < 0) return -1;
  const rest = text.slice(at + 4);
  if (rest.length > 10_000) return -1;
  const empty = rest.split("\n").every((line, i) => {
    const l = line.trim();
    return l === "" || l.startsWith("#") || (i > 0 && l === "...");
  });
  // `---x` and `---#x` are no marker; `--- # note` is one.
  return empty && !/^\S/.test(rest) ? at + 1 : -1;
}

/** Duplicate YAML keys reported at most, as for JSON (checks.ts). */
const MAX_DUPLICATES = 20;
/** Past this size only the first duplicate is found: each costs a whole read. */
const MAX_DUPLICATE_SCAN = 1_000_000;

/**
 * Where the keys written twice in their mapping stand, from the first
 * (`first`, where js-yaml stopped): each found is renamed in a copy and
 * the copy read again, for the next. js-yaml keeps only the last value
 * without a word (its `json` option), so a second `/a:` would lose the
 * first's operations unseen. Offsets are the original text's.
 */
function duplicateKeys(text: string, first: number): number[] {
  // js-yaml marks a quoted key inside its quotes, and a key with an anchor
  // or a tag inside the anchor's name (`&r a:`): the key starts before the
  // quote, after the anchor and tag.
  const start = (p: number) => {
    if (p > 0 && /["']/.test(text[p - 1])) return p - 1;
    let t = p;
    while (t > 0 && !/[\s,{[]/.test(text[t - 1])) t--;
    if (text[t] !== "&" && text[t] !== "!") return p;
    const props = /^(?:[&!][^\s,[\]{}]*[ \t]+)+/.exec(text.slice(t, t + 1_000));
    return props ? t + props[0].length : p;
  };
  const out = [start(first)];
  if (text.length > MAX_DUPLICATE_SCAN) return out;
  let copy = text;
  let shift = 0; // characters inserted before the last one found
  for (let n = 1; n < MAX_DUPLICATES; n++) {
    const at = out[out.length - 1] + shift;
    // A plain scalar of its own in any context, flow or block.
    const mark = `~dup${n}~`;
    copy = copy.slice(0, at) + mark + copy.slice(at);
    shift += mark.length;
    try {
      yaml(copy, YAML_MAX_DEPTH, false);
      break;
    } catch (err) {
      const next = err instanceof YAMLException &&
          /duplicated mapping key/.test(err.reason)
        ? err.mark?.position
        : undefined;
      if (next === undefined || next - shift <= out[out.length - 1]) break;
      out.push(start(next - shift));
    }
  }
  return out;
}

/** The key written at `position` (up to its colon or the line's end), unquoted. */
function keyAt(text: string, position: number): string {
  const end = text.indexOf("\n", position);
  const line = text.slice(position, end < 0 ? text.length : end);
  const m = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^:,{}\[\]]*)/.exec(line);
  const key = (m?.[0] ?? "").trim();
  // Named as the document means it, not as it is quoted.
  if (/^'.*'$/.test(key)) return key.slice(1, -1).replace(/''/g, "'");
  if (/^".*"$/.test(key)) {
    try {
      return JSON.parse(key);
    } catch {
      return key.slice(1, -1);
    }
  }
  return key;
}

/** Longest js-yaml reason quoted in a message. */
const MAX_REASON = 200;

function yamlError(text: string, err: unknown): SpecError {
  if (!(err instanceof YAMLException)) {
    // A non-YAML failure (e.g. a merge-key limit): still say where we are.
    return new SpecError({
      kind: "syntax",
      message: `Invalid YAML: ${String((err as Error)?.message ?? err)}`,
      line: 1,
      column: 1,
    });
  }
  // js-yaml quotes the offending text in some reasons (a tag name can be
  // the rest of the file): a message names the problem, the excerpt shows it.
  const raw = err.reason || err.message;
  const reason = raw.length > MAX_REASON ? `${raw.slice(0, MAX_REASON)}…` : raw;
  if (/single document/.test(reason)) {
    const at = secondDocumentOffset(text) ?? 0;
    return syntaxError(
      text,
      at,
      "The input holds more than one YAML document; a spec is one document (the second starts here)",
    );
  }
  if (/complex keys/.test(reason)) {
    return syntaxError(
      text,
      complexKeyOffset(text) ?? 0,
      "Invalid YAML: a mapping key here is itself a list or a mapping; keys of an OpenAPI document are strings",
    );
  }
  if (/input is empty/.test(reason)) {
    return syntaxError(text, 0, "The input holds only comments or whitespace");
  }
  const offset = err.mark?.position ?? 0;
  const depth = /maxDepth \((\d+)\)/.exec(reason)?.[1];
  if (depth) {
    // Not an unclosed bracket: the nesting itself is the problem.
    return syntaxError(
      text,
      offset,
      `Invalid YAML: collections nest deeper than ${depth} levels here, ${
        Number(depth) === YAML_MAX_DEPTH
          ? "far deeper than any real spec"
          : "too deep for this browser to read"
      }`,
    );
  }
  let message = `Invalid YAML: ${reason}`;
  const open = unclosedFlow(text, offset);
  if (open) {
    const where = lineColumn(text, open.offset);
    message +=
      ` (the '${open.char}' opened at line ${where.line}, column ${where.column} is never closed)`;
  }
  return syntaxError(text, offset, message);
}

/** Options of {@link loadTextSteps}. */
export interface LoadOptions {
  /** Told the plan of a YAML document read in pieces, before they are read. */
  onPieces?: (pieces: YamlPieces) => void;
}

/**
 * Reads `input` as JSON when it starts like JSON, else as YAML. JSON that
 * `JSON.parse` refuses but YAML accepts (a YAML flow mapping) is read as YAML
 * with a warning; a duplicate YAML key keeps the last value with a warning
 * (as `JSON.parse` does), instead of rejecting a spec over a slip.
 */
export function loadText(input: string): Loaded {
  return drain(loadTextSteps(input));
}

/**
 * {@link loadText}, yielding now and then while a large YAML document is
 * read (between its pieces), so a caller can answer something meanwhile.
 */
export function* loadTextSteps(
  input: string,
  opts: LoadOptions = {},
): Generator<void, Loaded> {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const refused = notADocument(text);
  if (refused) throw refused;
  let loaded: Loaded;
  try {
    loaded = yield* read(text, opts);
  } catch (err) {
    // Text that did not read may hold a document (a Markdown fence's, a
    // JavaScript value): read that, said, else the first error stands.
    const inside = err instanceof SpecError
      ? yield* readInside(text, opts)
      : null;
    if (!inside) throw err;
    loaded = inside;
  }
  // Minified JSON after `const spec = ` reads as one YAML string.
  if (typeof loaded.value !== "object" || loaded.value === null) {
    loaded = (yield* readInside(text, opts)) ?? loaded;
  }
  const bad = text.indexOf("\ufffd");
  if (bad >= 0) {
    // What a browser's UTF-8 decoder puts where a file's bytes are not UTF-8.
    loaded.warnings.push({
      message:
        "The text contains U+FFFD replacement characters: the file is probably not UTF-8, and the characters there are lost",
      ...lineColumn(text, bad),
    });
  }
  return loaded;
}

/**
 * The document inside `text` ({@link unwrap}) read, with a warning saying
 * where it was; null when there is none or it does not read either.
 */
function* readInside(
  text: string,
  opts: LoadOptions,
): Generator<void, Loaded | null> {
  const inside = unwrap(text);
  if (!inside) return null;
  try {
    const loaded = yield* read(inside.text, opts);
    // Only a document: a fence inside a description of a document that
    // does not read is no wrapper, and its error is the one to show.
    const v = loaded.value;
    if (!isObject(v) || !("openapi" in v || "swagger" in v)) return null;
    loaded.warnings.unshift(inside.warning);
    return loaded;
  } catch {
    return null;
  }
}

function* read(text: string, opts: LoadOptions): Generator<void, Loaded> {
  const warnings: SpecWarning[] = [];
  const first = /\S/.exec(text.length > 4096 ? text.slice(0, 4096) : text);
  if (!first && text.trim() === "") {
    throw new SpecError({
      kind: "syntax",
      message: "The input is empty",
      line: 1,
      column: 1,
    });
  }
  let c = first?.[0];
  // JSON with comments, which editors write (a `// generated` first line
  // too): read as JSON with the comments blanked, said once. Read as YAML,
  // a comment became part of the next key.
  let json = text;
  let said: SpecWarning | null = null;
  const uncomment = (): boolean => {
    const u = stripJsonComments(text);
    if (!u) return false;
    json = u.text;
    said = {
      message:
        "JSON does not allow comments: they are ignored (remove them for other tools)",
      ...lineColumn(text, u.at),
    };
    return true;
  };
  if (c === "/" && uncomment()) {
    const d = /\S/.exec(json.slice(0, 4096))?.[0];
    if (d === "{" || d === "[") c = d;
    else {
      json = text;
      said = null;
    }
  }
  if (c === "{" || c === "[") {
    // Comments before the document: the blanked text is the document.
    const leading = said !== null;
    const faults: [string, unknown, boolean][] = [];
    try {
      const value = JSON.parse(json);
      if (said) warnings.push(said);
      return { value, syntax: "json", text: json, warnings };
    } catch (err) {
      faults.push([json, err, leading]);
    }
    if (!leading && text.includes("/") && uncomment()) {
      try {
        const value = JSON.parse(json);
        warnings.push(said!);
        return { value, syntax: "json", text: json, warnings };
      } catch (err) {
        // The comments were not all that was wrong.
        faults.push([json, err, true]);
      }
    }
    // Not JSON: YAML next (a flow mapping, a trailing comma), blanked
    // first when it had comments, then as written.
    let first: SpecError | null = null;
    for (const [t, fault, uncommented] of faults.reverse()) {
      // Located and worded as every tool words it.
      const { truncated, ...info } = jsonSyntaxFault(t, fault);
      const jsonErr = new SpecError({ kind: "syntax", ...info });
      first ??= jsonErr;
      // A cut-off document is no YAML either; reading it again costs
      // seconds at 50 MB.
      if (truncated) break;
      try {
        const value = loadYaml(t, false);
        if (uncommented) warnings.push(said!);
        const { line, column } = jsonErr.info;
        warnings.push({
          message: `${jsonErr.info.message}; read as YAML instead`,
          line,
          column,
        });
        return { value, syntax: "yaml", text: t, warnings, jsonError: jsonErr };
      } catch { /* the next reading, or the first error */ }
    }
    throw first!;
  }
  // A generator's trailing `---` (an empty second document): read past,
  // said, as no document is lost; a real second one is still refused.
  const tail = emptyLastDocument(text);
  if (tail >= 0) {
    warnings.push({
      message:
        "An empty YAML document after the spec (a trailing ---) is ignored",
      ...lineColumn(text, tail),
    });
    text = text.slice(0, tail) + text.slice(tail).replace(/[^\r\n]/g, " ");
  }
  try {
    const value = yield* loadYamlSteps(text, opts.onPieces);
    return { value, syntax: "yaml", text, warnings };
  } catch (err) {
    if (
      err instanceof YAMLException && /duplicated mapping key/.test(err.reason)
    ) {
      try {
        const value = loadYaml(text, true);
        for (const position of duplicateKeys(text, err.mark?.position ?? 0)) {
          const at = lineColumn(text, position);
          warnings.push({
            message: `Duplicate mapping key ${
              JSON.stringify(clip(keyAt(text, position)))
            }: the last value is used`,
            line: at.line,
            column: at.column,
          });
        }
        return { value, syntax: "yaml", text, warnings };
      } catch (again) {
        throw yamlError(text, again);
      }
    }
    throw yamlError(text, err);
  }
}
