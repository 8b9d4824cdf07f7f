/**
 * `allOf` read as one schema, the way a person reads it: the schema's own
 * keywords first, then each part's (depth first, in order), properties
 * united and `required` lists joined. Shared by the schema tree and the
 * example generator. Bounded: each part is visited once per merge (a schema
 * that lists itself in `allOf`, or YAML aliases fanning out, cost one step
 * each), and the number of parts and their nesting are capped.
 */
import { type Deref, isObject, refPointer } from "./refs.ts";

/** What follows a `$ref` (a RefResolver, or a reader that wraps it). */
export interface Dereferencer {
  deref(value: unknown): Deref;
}

/** Parts kept per merge; real schemas have a handful. */
const MAX_PARTS = 100;
/** `allOf` nesting followed. */
const MAX_NESTING = 32;

/** A schema with its `allOf` parts, resolved. */
export interface Merged {
  /** The schema itself, then its parts; never empty. */
  parts: Record<string, unknown>[];
  /**
   * The JSON pointer (RFC 6901) of each part, parallel to `parts`, when the
   * caller gave the schema's own; else empty strings.
   */
  pointers: string[];
  /** `$ref` problems met among the parts (another file, nothing there, a cycle). */
  problems: string[];
}

/**
 * Collects `schema` and its `allOf` parts, each resolved once. With
 * `pointer` (the schema's own JSON pointer), each part's pointer is kept:
 * a part reached through a `$ref` is where the reference points.
 */
export function mergeParts(
  schema: Record<string, unknown>,
  r: Dereferencer,
  pointer = "",
): Merged {
  const out: Merged = { parts: [], pointers: [], problems: [] };
  const seen = new Set<object>();
  // A cut is said (once), never silent: what lies past it is not shown.
  let cut = "";
  const walk = (s: Record<string, unknown>, at: string, depth: number) => {
    if (seen.has(s)) return;
    if (out.parts.length >= MAX_PARTS || depth > MAX_NESTING) {
      cut ||= depth > MAX_NESTING
        ? `allOf nested more than ${MAX_NESTING} levels deep: the deeper parts are left out`
        : `more than ${MAX_PARTS} allOf parts: the rest are left out`;
      return;
    }
    seen.add(s);
    out.parts.push(s);
    out.pointers.push(at);
    if (!Array.isArray(s.allOf)) return;
    for (let i = 0; i < s.allOf.length; i++) {
      if (out.parts.length >= MAX_PARTS) {
        cut ||= `more than ${MAX_PARTS} allOf parts: the rest are left out`;
        return;
      }
      const d = r.deref(s.allOf[i]);
      if (d.error) out.problems.push(d.error);
      else if (isObject(d.value)) {
        walk(
          d.value,
          pointer && (d.ref ? refPointer(d.ref) : `${at}/allOf/${i}`),
          depth + 1,
        );
      }
    }
  };
  walk(schema, pointer, 0);
  if (cut) out.problems.push(cut);
  return out;
}

/**
 * True when the schema `raw` resolves to, or one of its `allOf` parts,
 * sets `flag` (`readOnly`, `writeOnly`) to true: read without a full
 * merge, for every property of an object.
 */
export function marked(raw: unknown, flag: string, r: Dereferencer): boolean {
  const d = r.deref(raw);
  const t = d.error ? undefined : d.value;
  if (!isObject(t)) return false;
  if (t[flag] === true) return true;
  if (!Array.isArray(t.allOf)) return false;
  return t.allOf.some((p) => {
    const q = r.deref(p);
    return !q.error && isObject(q.value) && q.value[flag] === true;
  });
}

/** The first part's value of keyword `k` (the schema's own wins). */
export function pick(m: Merged, k: string): unknown {
  for (const p of m.parts) {
    if (p[k] !== undefined) return p[k];
  }
  return undefined;
}

/**
 * An array schema's positions and what may follow them: JSON Schema
 * 2020-12's `prefixItems` and `items` (§10.3.1), or the older form,
 * `items` as a list and `additionalItems` (drafts 4 to 2019-09), which
 * OpenAPI 3.1 documents naming such a `$schema`, and generated ones, still
 * carry. `tuple` is null for a plain array; `rest` undefined allows any.
 */
export function arrayParts(
  get: (key: string) => unknown,
): { tuple: unknown[] | null; rest: unknown } {
  const prefix = get("prefixItems");
  if (Array.isArray(prefix)) return { tuple: prefix, rest: get("items") };
  const items = get("items");
  if (Array.isArray(items)) {
    return { tuple: items, rest: get("additionalItems") };
  }
  return { tuple: null, rest: items };
}

/**
 * Properties of all parts in first-seen order, a later part's schema
 * replacing an earlier one of the same name (it narrows it), at most `max`;
 * `total` counts them all (up to a bound).
 */
export function mergedProperties(
  m: Merged,
  max: number,
): { props: Map<string, unknown>; total: number } {
  const props = new Map<string, unknown>();
  // Names beyond `max`, each counted once (a later part that redefines
  // one is the same property), up to a bound.
  const past = new Set<string>();
  for (const p of m.parts) {
    if (!isObject(p.properties)) continue;
    for (const name in p.properties) {
      if (props.has(name)) props.set(name, p.properties[name]);
      else if (props.size < max) props.set(name, p.properties[name]);
      else if (past.size < 100_000) past.add(name);
      else break;
    }
  }
  return { props, total: props.size + past.size };
}

/** Names listed in any part's `required`. */
export function mergedRequired(m: Merged): Set<string> {
  const out = new Set<string>();
  for (const p of m.parts) {
    if (!Array.isArray(p.required)) continue;
    for (const n of p.required.slice(0, 10_000)) {
      if (typeof n === "string") out.add(n);
    }
  }
  return out;
}
