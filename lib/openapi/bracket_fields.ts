/**
 * Objects and arrays written as bracketed fields, `name[key][key]=value`:
 * the query parameters of style `deepObject` and the form fields that
 * nest, in the one shape the cURL command, the fetch call and the Python
 * script all send (they share the request built in operation_curl.ts).
 *
 * OpenAPI defines `deepObject` for an object of primitives alone (3.1
 * §4.8.12.4: `color[R]=100`) and leaves arrays and deeper values
 * undefined; what the form-reading servers that use the style parse
 * (Stripe's, Rails' Rack, PHP, Node's `qs`) is the convention written
 * here: an object's members at every depth in brackets, an array of
 * primitives as `name[]` once per item (Stripe's `expand[]=customer`;
 * Rack reads `name[0]` as an object keyed "0", not as an array), and an
 * array holding objects or arrays by index, `items[0][price]` (with `[]`,
 * PHP and `qs` would start a new item at each member).
 */
import { isObject } from "./refs.ts";
import { firstKeys } from "./safe.ts";

/** Levels of brackets a nested field is written to (`a[b][c]`). */
export const MAX_BRACKET_DEPTH = 8;
/** Values one walk visits at most (see {@link BracketFields}). */
const MAX_VISITS = 10_000;
/** Members or items of one object or array written at most. */
const MAX_MEMBERS = 100;

/**
 * Takes one field: its name and its value (a primitive, `""` for a null,
 * or what lies past {@link MAX_BRACKET_DEPTH}); false once no more can be
 * sent.
 */
export type PutField = (field: string, value: unknown) => boolean;

/**
 * One walk over the values of a form or a parameter: the visits are
 * counted, and each object's first keys read once, across all of it.
 */
export class BracketFields {
  // Values walked, fields or not: an example whose YAML aliases fan out to
  // empty objects eight levels down spends no field, but has 100^8 places.
  #visits = 0;
  // The first keys of each object, read once: listing even a few keys of
  // an object lists them all (for-in too), and one alias can bring an
  // object of 100,000 keys a hundred times.
  #keys = new WeakMap<object, string[]>();

  /** `put` is given each field in turn. */
  constructor(readonly put: PutField) {}

  /**
   * Writes `x` under `field`, `depth` levels of brackets down already;
   * false once the walk or `put` is spent.
   */
  write(field: string, x: unknown, depth = 0): boolean {
    if (++this.#visits > MAX_VISITS) return false;
    if (depth < MAX_BRACKET_DEPTH && Array.isArray(x)) {
      const items = x.slice(0, MAX_MEMBERS);
      const flat = items.every((y) => !isObject(y) && !Array.isArray(y));
      for (const [i, y] of items.entries()) {
        if (!this.write(`${field}[${flat ? "" : i}]`, y, depth + 1)) {
          return false;
        }
      }
      return true;
    }
    if (depth < MAX_BRACKET_DEPTH && isObject(x)) {
      for (const k of this.#keysOf(x)) {
        if (!this.write(`${field}[${k}]`, x[k], depth + 1)) return false;
      }
      return true;
    }
    // A null is an empty field (`name=`), as form APIs read an unset
    // value, not the text "null".
    return this.put(field, x === null ? "" : x);
  }

  #keysOf(o: Record<string, unknown>): string[] {
    let k = this.#keys.get(o);
    if (!k) this.#keys.set(o, k = firstKeys(o, MAX_MEMBERS));
    return k;
  }
}
