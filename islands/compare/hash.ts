/**
 * The compare page's state in the URL fragment: the filter box, the level
 * toggles and the open change (`change=12.request-property-became-required`:
 * its place in the comparison and its id, which must agree), so a reload
 * or a shared link keeps them. Never the
 * documents: the fragment stays in the browser (RFC 3986 §3.5), yet a
 * shared link must not carry a spec either.
 */
import type { Level } from "../../lib/openapi/compare/types.ts";
import {
  formatFragment,
  fragmentParams,
  replaceFragment,
} from "../shared/fragment.ts";
import type { ViewQuery } from "./protocol.ts";
import { DEFAULT_LEVELS, knownLevels } from "./view.ts";

/**
 * Reads `#filter=…&levels=breaking,doc`; absent keys take the defaults,
 * and so does a `levels` naming no level (`levels=bogus`, a mistyped
 * link, would hide every change); `levels=` (every toggle off) stays.
 */
export function readCompareHash(hash: string): ViewQuery {
  const p = fragmentParams(hash);
  const levels = p.get("levels");
  const known = levels ? knownLevels(levels.split(",")) : [];
  return {
    filter: p.get("filter") ?? "",
    levels: levels === null || (levels !== "" && !known.length)
      ? [...DEFAULT_LEVELS]
      : known,
  };
}

function sameLevels(a: readonly Level[], b: readonly Level[]): boolean {
  return a.length === b.length && a.every((l) => b.includes(l));
}

/** An open change as a link names it: its index and its id. */
export interface ChangeKey {
  i: number;
  id: string;
}

/** The open change a fragment names (`change=12.some-id`), or null. */
export function readChangeHash(hash: string): ChangeKey | null {
  const m = /^(\d{1,7})\.([a-z0-9-]{1,120})$/.exec(
    fragmentParams(hash).get("change") ?? "",
  );
  return m ? { i: Number(m[1]), id: m[2] } : null;
}

/** What a fragment holds, in words (for a link opened without its files). */
export function linkedParts(q: ViewQuery, change?: ChangeKey | null): string[] {
  const out: string[] = [];
  if (q.filter) out.push(`filter “${q.filter.slice(0, 60)}”`);
  if (!sameLevels(knownLevels(q.levels), DEFAULT_LEVELS)) {
    out.push(`levels ${q.levels.join(", ") || "none"}`);
  }
  if (change) out.push(`change ${change.id}`);
  return out;
}

/** The fragment for `q` and the open change ("" when all is at its default). */
export function writeCompareHash(
  q: ViewQuery,
  change?: ChangeKey | null,
): string {
  const p = new URLSearchParams();
  if (q.filter) p.set("filter", q.filter);
  const levels = knownLevels(q.levels);
  if (!sameLevels(levels, DEFAULT_LEVELS)) p.set("levels", levels.join(","));
  if (change) p.set("change", `${change.i}.${change.id}`);
  return formatFragment(p);
}

/** Puts `q` in the address bar without a history entry per keystroke. */
export function replaceCompareHash(
  q: ViewQuery,
  change?: ChangeKey | null,
): void {
  replaceFragment(writeCompareHash(q, change));
}
