/**
 * From path items to operations: which keys of a Path Item Object are
 * operations (OpenAPI 3.2 §4.8.9: the fixed method fields, `query`, and each
 * `additionalOperations` entry), how `$ref` path items are resolved, and the
 * list order (the fixed methods in the order the specification lists them).
 */
import { clip, describeValue, jsonPath } from "../shared/parse_error.ts";
import { isToken } from "../shared/http_token.ts";
import { isObject, type Memo, type RefResolver } from "./refs.ts";
import type { SpecWarning } from "./types.ts";
import { FIXED_METHODS, KNOWN_METHODS } from "../shared/methods.ts";

const RANK = new Map(KNOWN_METHODS.map((m, i) => [m, i]));

const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);

/**
 * Whether a header parameter is one OpenAPI says to ignore (3.1
 * §4.8.12.1): the request's content negotiation and credentials are
 * described by the media types and security schemes instead.
 */
export function isIgnoredHeader(name: string): boolean {
  return IGNORED_HEADERS.has(name.toLowerCase());
}

/** Position of a method in the list order; additional methods come last. */
export function methodRank(method: string): number {
  return RANK.get(method) ?? KNOWN_METHODS.length;
}

/**
 * The list order: path in code-point order (plain `<`, never
 * `localeCompare`), then method in the fixed order, then additional methods
 * by code point of their lower-cased name.
 */
export function compareEndpoints(
  a: { path: string; method: string },
  b: { path: string; method: string },
): number {
  if (a.path !== b.path) return a.path < b.path ? -1 : 1;
  const d = methodRank(a.method) - methodRank(b.method);
  if (d) return d;
  return a.method < b.method ? -1 : a.method > b.method ? 1 : 0;
}

/** Fields a Path Item may have besides operations (any version). */
const PATH_ITEM_FIELDS = new Set([
  ...KNOWN_METHODS,
  "$ref",
  "summary",
  "description",
  "servers",
  "parameters",
  "additionalOperations",
]);

/** Warnings about method fields in the wrong case, at most, per document. */
const MAX_CASE_WARNINGS = 100;

/** One operation found in a path item. */
export interface FoundOperation {
  method: string;
  /** Key in the path item, or in `additionalOperations`, as written. */
  opKey: string;
  additional: boolean;
  op: Record<string, unknown>;
}

/**
 * Resolves a path item that may be a `$ref` (a chain is followed; sibling
 * fields override the target's, OpenAPI 3.1 §4.8.9.1 leaves the clash
 * undefined and overriding is what users mean). Returns null when there is no
 * usable path item, after saying why in `warnings`.
 */
export function resolvePathItem(
  value: unknown,
  keys: (string | number)[],
  resolver: RefResolver,
  warnings: SpecWarning[],
): Record<string, unknown> | null {
  if (isObject(value) && typeof value.$ref !== "string") return value;
  const path = jsonPath(keys);
  if (!isObject(value)) {
    warnings.push({
      message: `Expected a Path Item object, found ${
        describeValue(value)
      }: skipped`,
      path,
    });
    return null;
  }
  const d = resolver.deref(value);
  if (d.error) {
    warnings.push({
      message: `${d.error}: its operations are not listed`,
      path,
    });
    return null;
  }
  if (!isObject(d.value)) {
    warnings.push({
      message: `$ref "${clip(d.ref ?? "")}" points to ${
        describeValue(d.value)
      }, not a Path Item: skipped`,
      path,
    });
    return null;
  }
  const target = d.value;
  const foreign = foreignFields(target, resolver.memo);
  if (foreign.length) {
    warnings.push({
      message: `$ref "${
        clip(d.ref ?? "")
      }" points to something that is not a Path Item (it has ${
        foreign.slice(0, 3).map(clip).join(", ")
      }): no operations taken from it`,
      path,
    });
    return null;
  }
  // Only the fields of a Path Item are merged, never every key: through YAML
  // aliases, one object with thousands of keys can sit under every path.
  let merged: Record<string, unknown> | null = null;
  for (const k of PATH_ITEM_FIELDS) {
    if (k === "$ref" || !Object.hasOwn(value, k)) continue;
    merged ??= pathItemFields(target);
    merged[k] = value[k];
  }
  return merged ?? target;
}

/** Keys of `o` that a Path Item cannot have; computed once per object. */
function foreignFields(o: Record<string, unknown>, memo: Memo): string[] {
  return memo.get("foreign-fields", o, (o) => {
    const f: string[] = [];
    for (const k in o) {
      if (!PATH_ITEM_FIELDS.has(k) && !k.startsWith("x-")) f.push(k);
    }
    return f;
  });
}

function pathItemFields(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of PATH_ITEM_FIELDS) if (Object.hasOwn(o, k)) out[k] = o[k];
  return out;
}

/**
 * The method an operation is told apart by: a fixed field's name, or an
 * `additionalOperations` key as written (RFC 9110 §9.1: method names are
 * case-sensitive, and OpenAPI 3.2 sends the key as written), save one that
 * names a fixed method in another case (`POST`), which is that method.
 */
export function exactMethod(f: FoundOperation): string {
  return f.additional && !RANK.has(f.method) ? f.opKey : f.method;
}

/**
 * The operations of a path item in list order. `minor` is the OpenAPI minor
 * version (-1 for Swagger 2.0): `query` and `additionalOperations` count only
 * from 3.2 on; in older documents they are reported and left out. With
 * `exact`, `additionalOperations` keys that differ only in case (`COPY`,
 * `copy`) are two methods ({@link exactMethod}), as a server hears them;
 * else the list shows one of them, lower-cased.
 */
export function operationsOf(
  item: Record<string, unknown>,
  keys: (string | number)[],
  minor: number,
  warnings: SpecWarning[],
  memo: Memo,
  exact = false,
): FoundOperation[] {
  const out: FoundOperation[] = [];
  const take = (
    method: string,
    opKey: string,
    additional: boolean,
    v: unknown,
  ) => {
    if (v === undefined || v === null) return;
    if (!isObject(v)) {
      const at = additional
        ? [...keys, "additionalOperations", opKey]
        : [...keys, opKey];
      warnings.push({
        message: `Expected an Operation object, found ${
          describeValue(v)
        }: skipped`,
        path: jsonPath(at),
      });
      return;
    }
    out.push({ method, opKey, additional, op: v });
  };
  for (const m of FIXED_METHODS) {
    const v = item[m];
    if (v !== undefined) take(m, m, false, v);
  }
  // Method fields are lower case (OpenAPI 3.1 §4.8.9.1): `GET:` is no
  // operation, and a reader should hear why it is not listed.
  if (warnings.length < MAX_CASE_WARNINGS) {
    // From the keys a Path Item cannot have, found once per object: an
    // aliased item with thousands of `x-` keys under every path costs one
    // scan, not one per path.
    for (const k of foreignFields(item, memo)) {
      if (!RANK.has(k.toLowerCase())) continue;
      warnings.push({
        message: `"${
          clip(k)
        }" is not an operation: method fields are written in lower case ("${k.toLowerCase()}"); skipped`,
        path: jsonPath([...keys, k]),
      });
    }
  }
  if (minor < 2) {
    for (const k of ["query", "additionalOperations"]) {
      if (item[k] !== undefined) {
        warnings.push({
          message:
            `${k} is an OpenAPI 3.2 field; this document declares an older version, so it is not listed`,
          path: jsonPath([...keys, k]),
        });
      }
    }
    return out;
  }
  take("query", "query", false, item.query);
  const extra = item.additionalOperations;
  if (extra === undefined || extra === null) return out;
  if (!isObject(extra)) {
    warnings.push({
      message:
        `additionalOperations must map method names to operations, found ${
          describeValue(extra)
        }`,
      path: jsonPath([...keys, "additionalOperations"]),
    });
    return out;
  }
  const seen = new Set(out.map((o) => o.method));
  const names = Object.keys(extra).filter((k) => !k.startsWith("x-"))
    .sort((a, b) => {
      const x = a.toLowerCase(), y = b.toLowerCase();
      return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
    });
  for (const name of names) {
    const method = name.toLowerCase();
    const told = exact && !RANK.has(method) ? name : method;
    const at = jsonPath([...keys, "additionalOperations", name]);
    if (seen.has(told)) {
      warnings.push({
        message: `additionalOperations.${
          clip(name)
        } repeats the ${method.toUpperCase()} operation already defined: skipped`,
        path: at,
      });
      continue;
    }
    if (RANK.has(method)) {
      // OpenAPI 3.2 §4.8.9.1: fixed-field methods must not appear here.
      warnings.push({
        message: `additionalOperations.${
          clip(name)
        } must be written as the fixed field "${method}" (OpenAPI 3.2); listed as ${method.toUpperCase()}`,
        path: at,
      });
    }
    if (!isToken(name)) {
      // RFC 9110 §9.1: a method is a token; no request line can carry this.
      warnings.push({
        message: `additionalOperations.${
          clip(name)
        } is not an HTTP method name (a token, RFC 9110 §9.1): listed, but no request can use it`,
        path: at,
      });
    }
    seen.add(told);
    take(method, name, true, extra[name]);
  }
  return out;
}
