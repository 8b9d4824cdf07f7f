/**
 * Non-fatal checks that run beside indexing: each finds a mistake a user can
 * fix while the list keeps working. Undeclared path parameters (OpenAPI 3.1
 * §4.8.12.1: every template expression must have an `in: path` parameter),
 * `$ref`s that point nowhere, and schemas that are not schemas.
 */
import { jsonPath, kindOf } from "./errors.ts";
import type { FoundOperation } from "./operations.ts";
import { isObject, type RefResolver } from "./refs.ts";
import type { Endpoint, SpecWarning } from "./types.ts";

const TEMPLATE = /\{([^{}/]+)\}/g;
const pathLevel = new WeakMap<object, Set<string>>();

function pathParamNames(
  list: unknown,
  resolver: RefResolver,
  into: Set<string>,
) {
  if (!Array.isArray(list)) return;
  for (const p of list) {
    const v = resolver.deref(p).value;
    if (isObject(v) && v.in === "path" && typeof v.name === "string") {
      into.add(v.name);
    }
  }
}

/** Warns about template expressions of `e.path` without an `in: path` parameter. */
export function pathParamWarnings(
  e: Endpoint,
  f: FoundOperation,
  item: Record<string, unknown>,
  resolver: RefResolver,
  warnings: SpecWarning[],
): void {
  let shared = pathLevel.get(item);
  if (!shared) {
    shared = new Set();
    pathParamNames(item.parameters, resolver, shared);
    pathLevel.set(item, shared);
  }
  let own: Set<string> | null = null;
  for (const m of e.path.matchAll(TEMPLATE)) {
    const name = m[1];
    if (shared.has(name)) continue;
    if (!own) {
      own = new Set();
      pathParamNames(f.op.parameters, resolver, own);
    }
    if (own.has(name)) continue;
    warnings.push({
      message:
        `${e.method.toUpperCase()} ${e.path}: path parameter {${name}} is not declared (add a parameter with in: path)`,
      path: jsonPath([
        "paths",
        e.path,
        ...(f.additional ? ["additionalOperations"] : []),
        f.opKey,
      ]),
    });
  }
}

/** Deeper than any real spec; keeps the recursive walk off the stack limit. */
const MAX_DEPTH = 1500;

/**
 * Warns once per distinct local `$ref` that points nowhere (with the first
 * place it is used and how often), and once in all for references to other
 * files, which the viewer cannot follow. `shared` must be true when nodes may
 * be reached twice (YAML aliases), so each is walked once.
 */
export function refWarnings(
  root: unknown,
  resolver: RefResolver,
  shared: boolean,
): SpecWarning[] {
  const bad = new Map<string, { path: string; uses: number }>();
  let external = 0;
  let firstExternal = "";
  const keys: (string | number)[] = [];
  const seen = shared ? new Set<object>() : null;
  const walk = (v: unknown, depth: number) => {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(v)) {
      if (seen) {
        if (seen.has(v)) return;
        seen.add(v);
      }
      for (let i = 0; i < v.length; i++) {
        const x = v[i];
        if (typeof x === "object" && x !== null) {
          keys.push(i);
          walk(x, depth + 1);
          keys.pop();
        }
      }
      return;
    }
    const o = v as Record<string, unknown>;
    if (seen) {
      if (seen.has(o)) return;
      seen.add(o);
    }
    const r = o.$ref;
    if (typeof r === "string") {
      if (r[0] !== "#") {
        if (!external++) firstExternal = r;
      } else if (resolver.pointer(r) === undefined) {
        const b = bad.get(r);
        if (b) b.uses++;
        else bad.set(r, { path: jsonPath([...keys, "$ref"]), uses: 1 });
      }
    }
    for (const k in o) {
      const x = o[k];
      if (typeof x === "object" && x !== null) {
        keys.push(k);
        walk(x, depth + 1);
        keys.pop();
      }
    }
  };
  if (typeof root === "object" && root !== null) walk(root, 0);
  const out: SpecWarning[] = [];
  for (const [ref, b] of bad) {
    out.push({
      message: `$ref "${ref}" points to nothing in this document${
        b.uses > 1 ? ` (used ${b.uses} times)` : ""
      }`,
      path: b.path,
    });
  }
  if (external) {
    out.push({
      message: `${external} $ref${external > 1 ? "s" : ""} point${
        external > 1 ? "" : "s"
      } to other files (first: "${firstExternal}"), which the viewer does not load`,
    });
  }
  return out;
}

/**
 * Warns about entries of `components.schemas` (`definitions` in 2.0) that
 * cannot be schemas: OpenAPI 3.1+ allows objects and booleans, earlier
 * versions objects only.
 */
export function schemaWarnings(
  doc: Record<string, unknown>,
  minor: number,
): SpecWarning[] {
  const out: SpecWarning[] = [];
  const where = minor < 0 ? ["definitions"] : ["components", "schemas"];
  const parent = minor < 0 ? doc : doc.components;
  const schemas = isObject(parent)
    ? parent[where[where.length - 1]]
    : undefined;
  if (!isObject(schemas)) return out;
  for (const name in schemas) {
    const s = schemas[name];
    if (isObject(s) || (minor >= 1 && typeof s === "boolean")) continue;
    out.push({
      message: `Schema "${name}" is ${kindOf(s)}, not a schema object`,
      path: jsonPath([...where, name]),
    });
  }
  return out;
}
