/**
 * A discriminator's mapping read once for every reader of it: the schema
 * tree (which variants it lists) and the generated example (which one it
 * builds), so the two never disagree on what the variants are.
 */
import { clip } from "../shared/parse_error.ts";
import { isObject, refName } from "./refs.ts";
import { firstKeys } from "./safe.ts";

/** Mapping entries read from one discriminator. */
export const MAX_MAPPING = 100;

/**
 * The schema a mapping's value names (OpenAPI 3.1 §4.8.25: a schema name
 * or a reference): a `$ref`'s last segment, else the name as written.
 */
export function mappedName(to: string): string {
  return to.includes("/") ? refName(to) : clip(to);
}

/**
 * The pairs of discriminator `disc`'s `mapping`, value first, the schema
 * by its name ({@link mappedName}); at most {@link MAX_MAPPING}.
 */
export function mappingPairs(disc: unknown): [string, string][] {
  const out: [string, string][] = [];
  if (!isObject(disc) || !isObject(disc.mapping)) return out;
  const m = disc.mapping;
  for (const value of firstKeys(m, MAX_MAPPING)) {
    const to = m[value];
    if (typeof to === "string") out.push([clip(value), mappedName(to)]);
  }
  return out;
}

/**
 * Of alternatives `list`, those that are variants of discriminator `disc`:
 * with Redoc's `x-explicitMappingOnly: true` beside it, only those its
 * mapping names (`nameOf` gives an alternative's schema name, "" for an
 * unnamed one), as the mapping is then the whole list of variants; all of
 * them otherwise, and when the mapping names none of them (rather than
 * offer no variant at all).
 */
export function variantsOf<T>(
  disc: unknown,
  list: readonly T[],
  nameOf: (alt: T) => string,
): readonly T[] {
  if (!isObject(disc) || disc["x-explicitMappingOnly"] !== true) return list;
  const mapped = new Set(mappingPairs(disc).map(([, to]) => to));
  if (!mapped.size) return list;
  const named = list.filter((alt) => {
    const name = nameOf(alt);
    return name !== "" && mapped.has(name);
  });
  return named.length ? named : list;
}
