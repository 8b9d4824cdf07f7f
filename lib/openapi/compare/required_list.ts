/**
 * Where a property's being required is written: not at the property but in
 * the `required` list of the schema object that declares it (JSON Schema
 * Validation 2020-12 §6.5.3; OpenAPI 3.0 and Swagger 2.0 Schema Objects
 * alike), or, for a property declared in one `allOf` part, in another part
 * or the object holding the `allOf` (all parts apply at once: JSON Schema
 * Core 2020-12 §10.2.1.1).
 * A change that a property became required or optional points at the
 * property (as the CLI's JSON has it); the page shows this list beside
 * it, where the change is.
 */
import { childPointer } from "../refs.ts";

/**
 * Ids of a property that became required or optional (in a body, a
 * parameter's schema, a header's), whose change is in a `required` list.
 */
export const REQUIRED_CHANGE =
  /-property-became-(?:required|optional)(?:-with-default)?$/;

/** `pointer`'s last segment as a key (RFC 6901 §4: `~1` then `~0`). */
function lastKey(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}

/**
 * The pointer of the `required` list that says whether the property at
 * `property` (`…/properties/tag`) is required, in the document `at` reads
 * (a pointer's value, undefined where there is none): the list naming it,
 * in its own object first, then the object whose `allOf` holds that
 * object, then that `allOf`'s other parts; where none names it (it became
 * optional), the first of those that has a list. Null when `property` is
 * not a declared property's pointer (a Swagger 2.0 form field says
 * `required` itself) or no list is there.
 */
export function requiredListPointer(
  property: string,
  at: (pointer: string) => unknown,
): string | null {
  const m = /^(.*)\/properties\/([^/]+)$/.exec(property);
  if (!m) return null;
  const [, owner, raw] = m;
  const name = lastKey(raw);
  const places = [owner];
  const part = /^(.*)\/allOf\/(?:0|[1-9][0-9]*)$/.exec(owner);
  if (part) {
    const holder = part[1];
    places.push(holder);
    const all = at(childPointer(holder, "allOf"));
    if (Array.isArray(all)) {
      for (let i = 0; i < Math.min(all.length, 100); i++) {
        const p = childPointer(childPointer(holder, "allOf"), i);
        if (p !== owner) places.push(p);
      }
    }
  }
  let first: string | null = null;
  for (const p of places) {
    const list = at(childPointer(p, "required"));
    if (!Array.isArray(list)) continue;
    const here = childPointer(p, "required");
    if (list.includes(name)) return here;
    first ??= here;
  }
  return first;
}
