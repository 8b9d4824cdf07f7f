/**
 * What the compare page shows, in pure functions shared by the worker and
 * the page: compact rows, the filter and level toggles applied, the groups
 * rows are listed in, and which changes an export covers.
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
} from "../../lib/openapi/compare/filter.ts";
import {
  type Change,
  type CompareResult,
  type Counts,
  type Level,
  LEVELS,
} from "../../lib/openapi/compare/types.ts";
import { codeSpan } from "../../lib/openapi/compare/code_span.ts";
import { changeGroup } from "../../lib/openapi/compare/report.ts";
import type { ChangeRow, ViewQuery } from "./protocol.ts";

/**
 * Levels shown before the reader chooses: documentation-only changes are
 * listed only on request ("Show documentation changes", the CLI's `--all`).
 */
export const DEFAULT_LEVELS: readonly Level[] = ["breaking", "warning", "info"];

/** The compact row of each change (its operation list left in the worker). */
export function rowsOf(changes: readonly Change[]): ChangeRow[] {
  const groups = new Map<string, number>();
  return changes.map((c, i) => {
    const key = changeGroup(c);
    let group = groups.get(key);
    if (group === undefined) groups.set(key, group = groups.size);
    return {
      i,
      id: c.id,
      level: c.level,
      method: c.method,
      path: c.path,
      first: c.operations[0] ?? "",
      n: c.operations.length,
      group,
      text: c.text,
    };
  });
}

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
 * The line a Markdown copy of the changes shown carries (empty when it is
 * the whole comparison): which filter and levels narrowed it, so a copy
 * pasted into a review does not read as the whole verdict.
 */
export function narrowedLine(q: ViewQuery): string {
  if (exportScope(q) === "all") return "";
  const parts: string[] = [];
  if (q.filter.trim()) parts.push(`matching ${codeSpan(q.filter.trim())}`);
  const levels = LEVELS.filter((l) => q.levels.includes(l));
  if (!DEFAULT_LEVELS.every((l) => q.levels.includes(l))) {
    parts.push(`at the levels ${levels.join(", ") || "none"}`);
  }
  return `_Only the changes ${
    parts.join(" and ")
  }: the counts above are of these._`;
}

/** The rows listed under one operation, or one set of operations. */
export interface Group {
  /** The rows' group number (see `ChangeRow.group`). */
  key: number;
  /** Of the first operation; "" for the document as a whole. */
  method: string;
  path: string;
  /** `METHOD /path`, or "" for the document. */
  label: string;
  /** How many operations the group's changes affect. */
  n: number;
  /** Indices into the rows. */
  rows: number[];
}

/**
 * The operation row `r` is listed under: the one the filter named
 * (`focus`, from {@link focusLabels}), else its first.
 */
export function subjectOf(
  r: ChangeRow,
  focus?: ReadonlyMap<number, string>,
): string {
  return focus?.get(r.i) ?? r.first;
}

/**
 * Consecutive rows listed under one operation, as groups; `focus` names
 * the operation a group is headed by when the filter named one.
 */
export function groupRows(
  rows: readonly ChangeRow[],
  shown: ArrayLike<number>,
  focus?: ReadonlyMap<number, string>,
): Group[] {
  const groups: Group[] = [];
  let last: Group | null = null;
  for (let k = 0; k < shown.length; k++) {
    const r = rows[shown[k]];
    if (!last || last.key !== r.group) {
      const named = focus?.get(r.i);
      const sp = named ? named.indexOf(" ") : -1;
      last = {
        key: r.group,
        method: sp > 0 ? named!.slice(0, sp).toLowerCase() : r.method,
        path: sp > 0 ? named!.slice(sp + 1) : r.path,
        label: r.method
          ? subjectOf(r, focus) || `${r.method.toUpperCase()} ${r.path}`
          : "",
        n: r.n,
        rows: [],
      };
      groups.push(last);
    }
    last.rows.push(shown[k]);
  }
  return groups;
}

/**
 * The list as the page lays it out: a header item per group, then an item
 * per row, all of one height (so the list is virtualised by arithmetic).
 * An item `>= 0` is a row index; a negative item `~g` is group `g`'s
 * header.
 */
export interface ListItems {
  groups: Group[];
  items: Int32Array;
  /** Positions in `items` of the rows (what arrow keys move between). */
  rowAt: Int32Array;
}

/** The items of the rows `shown`, grouped (`focus`: see {@link groupRows}). */
export function listItems(
  rows: readonly ChangeRow[],
  shown: ArrayLike<number>,
  focus?: ReadonlyMap<number, string>,
): ListItems {
  const groups = groupRows(rows, shown, focus);
  const items = new Int32Array(groups.length + shown.length);
  const rowAt = new Int32Array(shown.length);
  let k = 0, r = 0;
  groups.forEach((g, gi) => {
    items[k++] = ~gi;
    for (const i of g.rows) {
      rowAt[r++] = k;
      items[k++] = i;
    }
  });
  return { groups, items, rowAt };
}

/** Order-preserving check that `levels` are known levels, deduplicated. */
export function knownLevels(levels: Iterable<string>): Level[] {
  const want = new Set(levels);
  return LEVELS.filter((l) => want.has(l));
}

/**
 * The JSON file's name, with both versions (`api-changes-1.0-to-2.0.json`)
 * so two downloads keep apart; `api-changes.json` without them.
 */
export function exportName(base = "", revision = ""): string {
  // Letters of any script stay (`1.0-β`); what a file name cannot hold goes.
  const slug = (v: string) =>
    v.replace(/[^\p{L}\p{N}._-]+/gu, "_").slice(0, 40);
  const a = slug(base), b = slug(revision);
  return a && b && a !== b
    ? `api-changes-${a}-to-${b}.json`
    : "api-changes.json";
}
