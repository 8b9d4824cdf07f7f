/**
 * The compare page's filter box: the spec viewer's terms (all must match;
 * a method name matches changes listed under that method only; anything
 * else is a case-insensitive substring of the path, the summary, a tag or
 * the operationId of an operation the change affects, or of the change's
 * own place, sentence or id; a `tag:NAME` term, that tag exactly) plus a
 * level name (`breaking`, `warning`, `info`, `doc`) matching that level
 * only.
 */
import { compileFilter, isEmptyFilter } from "../filter.ts";
import { type Change, type Level, LEVELS } from "./types.ts";
import { foldText } from "../../shared/fold.ts";

/** A parsed change filter. */
export interface ChangeFilter {
  levels: Level[];
  /** Lower-case methods. */
  methods: string[];
  /** Lower-case text terms. */
  terms: string[];
  /** Lower-case tags of `tag:` terms. */
  tags: string[];
}

/**
 * Splits `input` into level, method, tag and text terms; `query` is a
 * method term unless `queryMethod` says no operation compared has it
 * (documents before 3.2: see `hasQueryMethod`).
 */
export function compileChangeFilter(
  input: string,
  queryMethod = true,
): ChangeFilter {
  const { methods, terms: words, tags } = compileFilter(input, [], queryMethod);
  const levels: Level[] = [];
  const terms: string[] = [];
  for (const t of words) {
    if ((LEVELS as readonly string[]).includes(t)) levels.push(t as Level);
    else terms.push(t);
  }
  return { levels, methods, terms, tags };
}

/** True when no term is set. */
export function isEmptyChangeFilter(f: ChangeFilter): boolean {
  return !f.levels.length && isEmptyFilter(f);
}

/**
 * How a tag is written in an operation's terms: between two U+0001, so a
 * tag term finds the whole tag only, and a text term still finds a part.
 */
function tagMark(tag: string): string {
  return `\u0001${tag}\u0001`;
}

/**
 * What the filter reads of one operation (an `OpModel` of either side has
 * it): the label changes list it under, and its summary, tags and
 * operationId, which a change's own text does not hold.
 */
export interface OperationText {
  /** `METHOD /path`, as `Change.operations` lists it. */
  label: string;
  summary: string;
  tags: readonly string[];
  operationId: string;
}

/** One side's operations and webhooks by match key (a `SpecModel` is one). */
export interface OperationSource {
  ops: ReadonlyMap<string, OperationText>;
  webhooks: ReadonlyMap<string, OperationText>;
}

/**
 * Lower-cased summary, tags and operationId of each operation, both
 * sides', by the label changes list it under (see {@link operationTerms}).
 */
export type OperationTerms = ReadonlyMap<string, string>;

/**
 * One side's terms of an operation are cut here: a summary is meant to be
 * a line, and these are copied into the filter's text of every set of
 * operations a change lists (hundreds of sets can list one operation), so
 * a hostile megabyte summary must not be copied hundreds of times.
 */
export const MAX_OPERATION_TERMS = 1_000;

/**
 * The short identifiers first, so a long summary is what gets cut; cut
 * while joining, as a document's anchors can repeat one long string in
 * every tag of every operation.
 */
function termsOf(op: OperationText): string {
  let out = "";
  for (const part of [op.operationId, ...op.tags.map(tagMark), op.summary]) {
    if (!part) continue;
    const room = MAX_OPERATION_TERMS - out.length - 1;
    if (room <= 0) break;
    out += (out ? "\n" : "") + part.slice(0, room);
  }
  // Folding can lengthen a string ("ß" is "ss").
  return foldText(out).slice(0, MAX_OPERATION_TERMS);
}

/**
 * The terms of every operation of both sides, by label: a matched pair's
 * under both its labels (a path parameter renamed makes two), so a change
 * is found by either version's summary, tag or operationId; a removed
 * operation has only the base's, an added one only the revision's. Built
 * apart from the changes, which stay as the CLI reports them.
 */
export function operationTerms(
  base: OperationSource,
  revision: OperationSource,
): Map<string, string> {
  const out = new Map<string, string>();
  const add = (label: string, text: string) => {
    const had = out.get(label);
    // A webhook and a path can share a label: both are kept.
    out.set(
      label,
      had === undefined || had === text ? text : `${had}\n${text}`,
    );
  };
  for (const kind of ["ops", "webhooks"] as const) {
    const b = base[kind], r = revision[kind];
    for (const [key, op] of b) {
      const other = r.get(key);
      const mine = termsOf(op);
      const theirs = other ? termsOf(other) : mine;
      let text = theirs === mine ? mine : `${mine}\n${theirs}`;
      const renamed = other && other.label !== op.label ? other.label : null;
      // Renamed path parameters: each label finds the change under the
      // other too (`/pets/{id}`, the base's, as a reviewer remembers it).
      if (renamed !== null) {
        text += `\n${foldText(op.label.slice(0, MAX_OPERATION_TERMS))}\n${
          foldText(renamed.slice(0, MAX_OPERATION_TERMS))
        }`;
      }
      add(op.label, text);
      if (renamed !== null) add(renamed, text);
    }
    for (const [key, op] of r) if (!b.has(key)) add(op.label, termsOf(op));
  }
  return out;
}

/**
 * The text of a change's operations a term is looked for in: each one's
 * label (method and path) and its `terms`, lower-cased. Changes that
 * affect the same operations have the same one (see {@link changeMatches}).
 */
export function operationsHay(
  operations: readonly string[],
  terms?: OperationTerms,
): string {
  if (!terms) return foldText(operations.join("\n"));
  const parts: string[] = [];
  for (const op of operations) {
    parts.push(op);
    const t = terms.get(op);
    if (t) parts.push(t);
  }
  return foldText(parts.join("\n"));
}

/** The text of a change itself (place, sentence, id), lower-cased. */
export function ownHay(c: Change): string {
  return foldText([c.where, c.text, c.id].join("\n"));
}

/**
 * The text a change's terms are looked for in, lower-cased: its own and
 * that of its operations (with their summary, tags and operationId when
 * `terms` are given).
 */
export function changeHay(c: Change, terms?: OperationTerms): string {
  return `${ownHay(c)}\n${operationsHay(c.operations, terms)}`;
}

/** True when the operation `label` (`METHOD /path`) has the method `m` (lower case). */
function labelMethod(label: string, m: string): boolean {
  return label.length > m.length && label[m.length] === " " &&
    label.slice(0, m.length).toLowerCase() === m;
}

/**
 * True when `c` satisfies every term of `f`: its level; a method term, the
 * method of an operation it affects ("that method only", as in the spec
 * viewer's list: a change to a shared schema listed under `POST
 * /v1/3d_secure` is found by `get /v1/charges` too, when it reaches that
 * operation; a document-level change has none); each text term in `hay`
 * (from {@link changeHay}) or `more`. The page passes its own hay and its
 * operations' hay ({@link operationsHay}) apart, so changes that affect the
 * same operations share one copy of the latter.
 */
export function changeMatches(
  c: Change,
  f: ChangeFilter,
  hay: string = changeHay(c),
  more = "",
): boolean {
  for (const l of f.levels) if (c.level !== l) return false;
  for (const m of f.methods) {
    if (c.method !== m && !c.operations.some((op) => labelMethod(op, m))) {
      return false;
    }
  }
  for (const t of f.terms) {
    if (!hay.includes(t) && !more.includes(t)) return false;
  }
  for (const t of f.tags) {
    const mark = tagMark(t);
    if (!hay.includes(mark) && !more.includes(mark)) return false;
  }
  return true;
}

/**
 * Whether any change affects an operation of the QUERY method (OpenAPI
 * 3.2): without one, `query` in the filter is a word to find.
 */
export function changesQueryMethod(changes: readonly Change[]): boolean {
  return changes.some((c) =>
    c.method === "query" || c.operations.some((o) => o.startsWith("QUERY "))
  );
}

/**
 * The operation a change is listed under when the filter names one: the
 * first of `c.operations` whose own label and `terms` hold every method,
 * text and tag term of `f` (a reader who types `post /v1/charges` sees a
 * change to a shared schema under `POST /v1/charges`, not under the first
 * of the 355 operations it reaches). "" when the filter has no such term,
 * or no single operation holds them all (the change's own text did).
 */
export function focusOperation(
  c: Change,
  f: ChangeFilter,
  terms?: OperationTerms,
): string {
  if (!f.methods.length && !f.terms.length && !f.tags.length) return "";
  for (const op of c.operations) {
    if (!f.methods.every((m) => labelMethod(op, m))) continue;
    const hay = operationsHay([op], terms);
    if (!f.terms.every((t) => hay.includes(t))) continue;
    if (!f.tags.every((t) => hay.includes(tagMark(t)))) continue;
    return op;
  }
  return "";
}
