/**
 * The HAR viewer's sort, filters and selection in the URL fragment, so a
 * view can be bookmarked, reloaded or undone with Back, and search terms
 * stay as private as the HAR itself (see `../shared/fragment.ts`).
 *
 * Format: `#q=text&deep=1&type=image,script&status=4xx,5xx&sort=size-desc&page=page_1&sel=12.k2v9dq`
 * (default values are omitted). `sel` is the entry's index, then (after a
 * dot) its key (`entryKey`), which tells whether a file picked after the
 * link is the one it was made from; links without a key are still read.
 */
import { formatFragment, fragmentParams } from "../shared/fragment.ts";
import {
  SORT_KEYS,
  type SortKey,
  STATUS_CLASSES,
  type StatusClass,
  TYPE_CATEGORIES,
  type TypeCategory,
} from "../../lib/har/types.ts";

/** The view as written in the fragment. `page` is a page id, "" for all. */
export interface HashState {
  q: string;
  /** The search looks in headers and bodies too (`deep=1`). */
  deep: boolean;
  types: TypeCategory[];
  statuses: StatusClass[];
  sort: SortKey;
  page: string;
  /** Selected entry's index in `log.entries`, -1 for none. */
  sel: number;
  /** The selected entry's `entryKey`, "" when unknown (an older link). */
  selKey: string;
}

/** What a fragment holds, in words (for a link opened without its file). */
export function linkedParts(s: HashState): string[] {
  const out: string[] = [];
  if (s.q) {
    out.push(
      `search “${s.q.slice(0, 60)}”${
        s.deep ? " in headers and bodies too" : ""
      }`,
    );
  }
  if (s.types.length || s.statuses.length) out.push("type or status chips");
  if (s.sort !== "start") out.push(`sorted by ${s.sort}`);
  if (s.page) out.push("a page");
  if (s.sel >= 0) out.push(`entry ${s.sel}`);
  return out;
}

/** Pseudo page id for entries without a `pageref`. */
export const NO_PAGE = "-";

/** The state of an empty fragment. */
export function emptyHashState(): HashState {
  return {
    q: "",
    deep: false,
    types: [],
    statuses: [],
    sort: "start",
    page: "",
    sel: -1,
    selKey: "",
  };
}

function listOf<T extends string>(
  v: string | null,
  allowed: readonly T[],
): T[] {
  if (!v) return [];
  const set = new Set(v.split(","));
  // Canonical order, unknown values dropped.
  return allowed.filter((a) => set.has(a));
}

/** Reads a fragment (with or without `#`); unknown values fall back. */
export function parseHash(hash: string): HashState {
  const p = fragmentParams(hash);
  const sort = p.get("sort") ?? "";
  const sel = /^(\d+)(?:\.([0-9a-z]{1,8}))?$/.exec(p.get("sel") ?? "");
  return {
    q: p.get("q") ?? "",
    deep: p.get("deep") === "1",
    types: listOf(p.get("type"), TYPE_CATEGORIES),
    statuses: listOf(p.get("status"), STATUS_CLASSES),
    sort: (SORT_KEYS as readonly string[]).includes(sort)
      ? sort as SortKey
      : "start",
    page: p.get("page") ?? "",
    sel: sel ? Number(sel[1]) : -1,
    selKey: sel?.[2] ?? "",
  };
}

/** Writes the fragment, `#` included, or "" when everything is default. */
export function formatHash(s: HashState): string {
  const p = new URLSearchParams();
  if (s.q) p.set("q", s.q);
  if (s.deep) p.set("deep", "1");
  if (s.types.length) {
    p.set("type", listOf(s.types.join(","), TYPE_CATEGORIES).join(","));
  }
  if (s.statuses.length) {
    p.set("status", listOf(s.statuses.join(","), STATUS_CLASSES).join(","));
  }
  if (s.sort !== "start") p.set("sort", s.sort);
  if (s.page) p.set("page", s.page);
  if (s.sel >= 0) p.set("sel", s.selKey ? `${s.sel}.${s.selKey}` : `${s.sel}`);
  return formatFragment(p);
}
