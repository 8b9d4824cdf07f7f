/**
 * The compare page's filter box: the spec viewer's terms (all must match;
 * a method name matches changes listed under that method only; anything
 * else is a case-insensitive substring) plus a level name (`breaking`,
 * `warning`, `info`, `doc`) matching that level only.
 */
import { compileFilter } from "../filter.ts";
import { type Change, type Level, LEVELS } from "./types.ts";

/** A parsed change filter. */
export interface ChangeFilter {
  levels: Level[];
  /** Lower-case methods. */
  methods: string[];
  /** Lower-case text terms. */
  terms: string[];
}

/** Splits `input` into level, method and text terms. */
export function compileChangeFilter(input: string): ChangeFilter {
  const levels: Level[] = [];
  const rest: string[] = [];
  for (const raw of input.split(/\s+/)) {
    const t = raw.toLowerCase();
    if ((LEVELS as readonly string[]).includes(t)) levels.push(t as Level);
    else if (t) rest.push(t);
  }
  const { methods, terms } = compileFilter(rest.join(" "));
  return { levels, methods, terms };
}

/** The text a change's terms are looked for in, lower-cased. */
export function changeHay(c: Change): string {
  return [...c.operations, c.where, c.text, c.id].join("\n").toLowerCase();
}

/**
 * True when `c` satisfies every term of `f`: its level, its own method (the
 * one its row shows as `data-method`: "that method only", as in the spec
 * viewer's list; a document-level change has none), each text term
 * somewhere in its operations, place, sentence or id (`hay` from
 * {@link changeHay}, computed once).
 */
export function changeMatches(
  c: Change,
  f: ChangeFilter,
  hay: string = changeHay(c),
): boolean {
  for (const l of f.levels) if (c.level !== l) return false;
  for (const m of f.methods) if (c.method !== m) return false;
  for (const t of f.terms) if (!hay.includes(t)) return false;
  return true;
}
