/**
 * An oracle for schema trees, written from the OpenAPI text and nothing of
 * the viewer: every property path of a schema to depth 3 (names joined by
 * ".", "[]" appended for array items), resolving local `$ref`s, merging
 * `allOf`, following array items; a schema already being walked on the same
 * branch is listed but not entered (recursion), as OpenAPI viewers do.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Follows local `$ref`s (JSON pointers) from `v`; null for anything else. */
export function resolve(doc: Obj, v: unknown): Obj | null {
  for (
    let hops = 0;
    hops < 1000 && isObj(v) && typeof v.$ref === "string";
    hops++
  ) {
    const ref = v.$ref;
    if (!ref.startsWith("#/")) return null;
    let cur: unknown = doc;
    for (const raw of ref.slice(2).split("/")) {
      const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(
        /~0/g,
        "~",
      );
      cur = isObj(cur) && Object.hasOwn(cur, key) ? cur[key] : undefined;
    }
    v = cur;
  }
  return isObj(v) ? v : null;
}

/** `s` and its allOf parts (resolved), each once. */
function parts(
  doc: Obj,
  s: Obj,
  out: Obj[] = [],
  seen = new Set<Obj>(),
): Obj[] {
  if (seen.has(s)) return out;
  seen.add(s);
  out.push(s);
  if (Array.isArray(s.allOf)) {
    for (const p of s.allOf) {
      const r = resolve(doc, p);
      if (r) parts(doc, r, out, seen);
    }
  }
  return out;
}

/** Every property path of `schema` with at most `depth` names. */
export function propertyPaths(doc: Obj, schema: unknown, depth = 3): string[] {
  const out = new Set<string>();
  const walk = (raw: unknown, path: string, names: number, branch: Obj[]) => {
    const s = resolve(doc, raw);
    if (!s || branch.includes(s)) return;
    const ps = parts(doc, s);
    const inner = [...branch, s];
    for (const p of ps) {
      if (isObj(p.items)) walk(p.items, path + "[]", names, inner);
      if (!isObj(p.properties) || names >= depth) continue;
      for (const [name, child] of Object.entries(p.properties)) {
        const at = path ? `${path}.${name}` : name;
        out.add(at);
        walk(child, at, names + 1, inner);
      }
    }
  };
  walk(schema, "", 0, []);
  return [...out];
}

/**
 * Schemas of an operation's bodies: OpenAPI 3 `requestBody` and response
 * `content`, Swagger 2.0 `in: body` parameters and response `schema`s.
 */
export function operationSchemas(
  doc: Obj,
  path: string,
  method: string,
): unknown[] {
  const item = resolve(doc, (doc.paths as Obj)[path])!;
  const op = item[method] as Obj;
  const out: unknown[] = [];
  const params = [
    ...(Array.isArray(item.parameters) ? item.parameters : []),
    ...(Array.isArray(op.parameters) ? op.parameters : []),
  ];
  for (const p of params) {
    const r = resolve(doc, p);
    if (r?.in === "body") out.push(r.schema);
  }
  const media = (content: unknown) => {
    if (!isObj(content)) return;
    for (const m of Object.values(content)) {
      const r = resolve(doc, m);
      if (r && r.schema !== undefined) out.push(r.schema);
    }
  };
  const body = resolve(doc, op.requestBody);
  if (body) media(body.content);
  for (const res of Object.values(isObj(op.responses) ? op.responses : {})) {
    const r = resolve(doc, res);
    if (!r) continue;
    if (r.schema !== undefined) out.push(r.schema);
    media(r.content);
  }
  return out;
}
