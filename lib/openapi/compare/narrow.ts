/**
 * A comparison narrowed as a reader narrows it: the compare page's filter
 * box and level toggles, and `deno task diff --filter`. Which changes
 * match, the operation each is then listed under, and the comparison an
 * export (or the CLI) writes of them, counted among themselves.
 */
import {
  changeMatches,
  changesQueryMethod,
  compileChangeFilter,
  focusOperation,
  isEmptyChangeFilter,
  operationsHay,
  type OperationTerms,
  ownHay,
} from "./filter.ts";
import {
  type Change,
  type CompareResult,
  type Counts,
  type Level,
  LEVELS,
} from "./types.ts";
import { codeSpan } from "./code_span.ts";
import { changeGroup } from "./report.ts";

/** What narrows the list: the filter's text and the levels shown. */
export interface ViewQuery {
  filter: string;
  /** Levels whose toggle is on. */
  levels: readonly Level[];
}

/**
 * Levels shown before the reader chooses: documentation-only changes are
 * listed only on request ("Show documentation changes", the CLI's `--all`).
 */
export const DEFAULT_LEVELS: readonly Level[] = ["breaking", "warning", "info"];

/**
 * What the filter looks in, kept from one keystroke to the next (the
 * worker holds one per comparison): each change's own text, and the text
 * of the operations it affects with their summary, tags and operationId
 * (the spec viewer's filter terms). The latter is made once per set of operations
 * and shared by every change that lists that set: changes inside a shared
 * component list up to 355 operations on the Stripe pair, whose 694
 * changes fall in 173 sets; a copy per change would be 5.6 MB where these
 * are 0.14 MB.
 */
export interface Hays {
  /** Both sides' terms of each operation, by label (`operationTerms`). */
  terms?: OperationTerms;
  /** Per change index, its {@link ownHay}; filled in on first use. */
  own: (string | undefined)[];
  /** Per change index, its operations' {@link operationsHay}. */
  ops: (string | undefined)[];
  /** The operations' hay of each set of operations, by their labels joined. */
  bySet: Map<string, string>;
  /** Whether `query` is a method term here (see `changesQueryMethod`). */
  query?: boolean;
}

/** An empty {@link Hays} over `terms` (none: labels, places and sentences only). */
export function newHays(terms?: OperationTerms): Hays {
  return { terms, own: [], ops: [], bySet: new Map() };
}

function opsHayOf(c: Change, hays: Hays): string {
  if (!c.operations.length) return "";
  const key = c.operations.join("\n");
  let hay = hays.bySet.get(key);
  if (hay === undefined) {
    hays.bySet.set(key, hay = operationsHay(c.operations, hays.terms));
  }
  return hay;
}

/**
 * Indices of the changes `q` shows, in list order: the level's toggle is
 * on and every filter term matches, in the change's own text or its
 * operations' (`hays`, filled in on first use and kept by the caller for
 * the next keystroke).
 */
export function viewIndices(
  changes: readonly Change[],
  q: ViewQuery,
  hays: Hays = newHays(),
): Uint32Array {
  const f = compileChangeFilter(
    q.filter,
    hays.query ??= changesQueryMethod(changes),
  );
  const on = new Set(q.levels);
  const plain = isEmptyChangeFilter(f);
  const out: number[] = [];
  changes.forEach((c, i) => {
    if (!on.has(c.level)) return;
    if (
      !plain &&
      !changeMatches(
        c,
        f,
        hays.own[i] ??= ownHay(c),
        hays.ops[i] ??= opsHayOf(c, hays),
      )
    ) return;
    out.push(i);
  });
  return Uint32Array.from(out);
}

/**
 * The operation each shown change is listed under when the filter names
 * one other than its first (`focusOperation`), by change index; computed
 * once per set of operations. Empty without such a filter.
 */
export function focusLabels(
  changes: readonly Change[],
  shown: ArrayLike<number>,
  q: ViewQuery,
  hays: Hays = newHays(),
): Map<number, string> {
  const out = new Map<number, string>();
  const f = compileChangeFilter(
    q.filter,
    hays.query ??= changesQueryMethod(changes),
  );
  if (!f.methods.length && !f.terms.length && !f.tags.length) return out;
  const bySet = new Map<string, string>();
  for (let k = 0; k < shown.length; k++) {
    const c = changes[shown[k]];
    if (c.operations.length < 2) continue;
    const key = changeGroup(c);
    let op = bySet.get(key);
    if (op === undefined) bySet.set(key, op = focusOperation(c, f, hays.terms));
    if (op && op !== c.operations[0]) out.set(shown[k], op);
  }
  return out;
}

/**
 * What "Copy as Markdown" covers: `all` (the whole comparison, exactly
 * what `deno task diff --format markdown` prints, with `--all` when the
 * documentation toggle is on) when no filter term and no toggle narrows
 * the list, else `shown` (only the changes listed).
 */
export function exportScope(q: ViewQuery): "all" | "shown" {
  if (q.filter.trim()) return "shown";
  return DEFAULT_LEVELS.every((l) => q.levels.includes(l)) ? "all" : "shown";
}

/** Changes counted per level. */
export function countLevels(changes: readonly Change[]): Counts {
  const counts: Counts = { breaking: 0, warning: 0, info: 0, doc: 0 };
  for (const c of changes) counts[c.level]++;
  return counts;
}

/**
 * The comparison an export writes: the whole one (as `compareSpecs`
 * returns it, with documentation changes when `q` shows them; its counts
 * always count them), or only the changes `shown`, counted among
 * themselves so the Markdown's counts line matches its list, each naming
 * first the operation `focus` gives it.
 */
export function exportResult(
  r: CompareResult,
  q: ViewQuery,
  shown: ArrayLike<number>,
  scope: "all" | "shown" = exportScope(q),
  focus?: ReadonlyMap<number, string>,
): CompareResult {
  if (scope === "all") {
    const doc = q.levels.includes("doc");
    return {
      ...r,
      changes: doc ? r.changes : r.changes.filter((c) => c.level !== "doc"),
    };
  }
  // A change the filter found by one of its operations names that one
  // first, as the list heads it (see focusLabels).
  const changes = Array.from(shown, (i) => {
    const c = r.changes[i], op = focus?.get(i);
    return op
      ? { ...c, operations: [op, ...c.operations.filter((o) => o !== op)] }
      : c;
  });
  return { ...r, counts: countLevels(changes), changes };
}

/**
 * What narrowed a list of changes, as a sentence (empty when it is the
 * whole comparison): which filter and levels chose them, and the whole
 * comparison's counts when given, so a copy pasted into a review, or a CI
 * log, does not read as the whole verdict ("0 info" where levels were
 * hidden reads as a fact).
 */
export function narrowedSentence(q: ViewQuery, whole?: Counts): string {
  if (exportScope(q) === "all") return "";
  const parts: string[] = [];
  if (q.filter.trim()) parts.push(`matching ${codeSpan(q.filter.trim())}`);
  const levels = LEVELS.filter((l) => q.levels.includes(l));
  if (!DEFAULT_LEVELS.every((l) => q.levels.includes(l))) {
    parts.push(`at the levels ${levels.join(", ") || "none"}`);
  }
  const all = whole
    ? ` The whole comparison has ${
      LEVELS.map((l) => `${whole[l]} ${l}`).join(", ")
    }.`
    : "";
  return `Only the changes ${
    parts.join(" and ")
  }: the counts above are of these.${all}`;
}

/** {@link narrowedSentence} as a Markdown copy carries it: in italics. */
export function narrowedLine(q: ViewQuery, whole?: Counts): string {
  const s = narrowedSentence(q, whole);
  return s && `_${s}_`;
}
