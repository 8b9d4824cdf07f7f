/**
 * What the compare page shows, in pure functions shared by the worker and
 * the page: compact rows, the filter and level toggles applied, the groups
 * rows are listed in, and which changes an export covers.
 */
import {
  type Change,
  type Level,
  LEVELS,
} from "../../lib/openapi/compare/types.ts";
import { changeGroup } from "../../lib/openapi/compare/report.ts";
import type { ChangeRow } from "./protocol.ts";

// The page's narrowing is the CLI's `--filter` too: it lives in lib.
export {
  DEFAULT_LEVELS,
  exportScope,
} from "../../lib/openapi/compare/narrow.ts";

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
 * per row (rows of one height, headers of another, so the list is
 * virtualised by arithmetic).
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
