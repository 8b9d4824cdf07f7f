/**
 * A discriminator's variants read once for every reader of them: the
 * schema tree (which variants it lists) and the generated example (which
 * one it builds), so the two never disagree on what the variants are.
 */
import { clip } from "../shared/parse_error.ts";
import { childPointer, isObject, refName, type RefResolver } from "./refs.ts";
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

/**
 * The name of the property discriminator `d` reads: Swagger 2.0 writes
 * the name itself (`discriminator: petType`), OpenAPI 3.x an object with
 * `propertyName`. Null when `d` is neither.
 */
export function discriminatorProperty(d: unknown): string | null {
  if (typeof d === "string") return d;
  return isObject(d) && typeof d.propertyName === "string"
    ? d.propertyName
    : null;
}

/**
 * Where the document `r` keeps its named schemas, the ones a base's
 * variants are looked for among: Swagger 2.0's `definitions`, else 3.x's
 * `components.schemas`.
 */
export function schemasContainer(r: RefResolver): string {
  return r.pointer("#/swagger") !== undefined
    ? "#/definitions"
    : "#/components/schemas";
}

/** Named schemas read for the ones inheriting a base. */
const MAX_SCHEMAS = 20_000;
/** `allOf` parts read per schema, and in all (aliases may share a list). */
const MAX_PARTS = 50;
const MAX_PARTS_READ = 100_000;

/**
 * The document's named schemas (3.x `components.schemas`, 2.0
 * `definitions`: `container`'s pointer) that inherit from another through
 * `allOf`, as `$ref`s, by the schema each inherits from: read once per
 * document and bounded.
 */
function inheritors(r: RefResolver, container: string): Map<object, string[]> {
  const named = r.pointer(container);
  return r.memo.get("inheritors", isObject(named) ? named : {}, (all) => {
    const out = new Map<object, string[]>();
    let left = MAX_PARTS_READ;
    for (const name of firstKeys(all, MAX_SCHEMAS)) {
      if (left <= 0) break;
      const s = r.deref(all[name]).value;
      if (!isObject(s) || !Array.isArray(s.allOf)) continue;
      const ref = childPointer(container, name);
      for (const part of s.allOf.slice(0, MAX_PARTS)) {
        left--;
        if (!isObject(part) || typeof part.$ref !== "string") continue;
        const base = r.deref(part).value;
        if (!isObject(base) || base === s) continue;
        let list = out.get(base);
        if (!list) out.set(base, list = []);
        if (list.at(-1) !== ref) list.push(ref);
      }
    }
    return out;
  });
}

/**
 * The variants of `base`, a schema with a discriminator of its own and no
 * `oneOf`/`anyOf` (polymorphism through `allOf`, OpenAPI 3.0
 * §4.7.25's Pet, Cat and Dog; Swagger 2.0's `discriminator`), as `$ref`s:
 * the schemas its mapping names, then the named schemas (under
 * `container`) whose `allOf` refers to it, each once, as Redoc offers
 * them; the base itself is none. Only its mapping's with
 * `x-explicitMappingOnly` ({@link variantsOf}). At most `max`. A variant
 * that repeats its base's discriminator (Cat's `allOf` holds Pet, both
 * with `petType` and the one mapping, as some generators write them) is
 * no base of that mapping's other schemas: its variants are only the
 * schemas inheriting it, so a Cat is never sampled or listed as a Dog.
 */
export function derivedVariants(
  r: RefResolver,
  container: string,
  base: Record<string, unknown>,
  max: number,
): string[] {
  const disc = base.discriminator;
  const refs: string[] = [];
  if (
    isObject(disc) && isObject(disc.mapping) &&
    !inheritsDiscriminator(r, base, discriminatorProperty(disc))
  ) {
    for (const value of firstKeys(disc.mapping, MAX_MAPPING)) {
      const to = disc.mapping[value];
      if (typeof to !== "string" || !to) continue;
      // A bare name is a schema's name (3.1 §4.8.25.2).
      refs.push(to.includes("/") ? to : childPointer(container, to));
    }
  }
  refs.push(...(inheritors(r, container).get(base) ?? []));
  const seen = new Set<unknown>([base]);
  const out: string[] = [];
  for (const ref of refs) {
    if (out.length >= max) break;
    // One variant per schema: a mapping to `#/…/Cat` and Cat's own
    // `allOf` are one Cat; a mapping to nothing still shows, named.
    const target = r.deref({ $ref: ref }).value;
    const key = isObject(target) ? target : ref;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(ref);
  }
  return [...variantsOf(disc, out, refName)];
}

/**
 * Whether `s`'s `allOf` refers to a schema whose discriminator reads
 * property `prop` too: `s` is then one of that schema's variants.
 */
function inheritsDiscriminator(
  r: RefResolver,
  s: Record<string, unknown>,
  prop: string | null,
): boolean {
  if (prop === null || !Array.isArray(s.allOf)) return false;
  for (const part of s.allOf.slice(0, MAX_PARTS)) {
    if (!isObject(part) || typeof part.$ref !== "string") continue;
    const parent = r.deref(part).value;
    if (
      isObject(parent) && parent !== s &&
      discriminatorProperty(parent.discriminator) === prop
    ) return true;
  }
  return false;
}
