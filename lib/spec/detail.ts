/**
 * The detail of one operation, computed when its row is expanded (never for
 * all rows up front, which keeps indexing cheap): merged parameters, request
 * body, responses and security, with local `$ref`s resolved cycle-safely.
 */
import type { ParsedSpec } from "./mod.ts";
import { operationsOf, resolvePathItem } from "./operations.ts";
import { isObject, refOf, type RefResolver } from "./refs.ts";
import type {
  BodyDetail,
  FieldDetail,
  OperationDetail,
  ParamDetail,
  ResponseDetail,
} from "./types.ts";

const MAX_FIELDS = 100;

function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

/** Last segment of a `$ref`, decoded: `#/components/schemas/Pet` → `Pet`. */
function refName(ref: string): string {
  const last = ref.slice(ref.lastIndexOf("/") + 1);
  try {
    return decodeURIComponent(last).replace(/~1/g, "/").replace(/~0/g, "~");
  } catch {
    return last;
  }
}

/**
 * A one-line type summary of a schema (`array<Pet>`, `string (date-time)`,
 * `oneOf<Cat | Dog>`); references are named, not expanded, so cycles are
 * harmless. `depth` bounds inline nesting.
 */
export function typeSummary(schema: unknown, depth = 0): string {
  const ref = refOf(schema);
  if (ref !== null) return refName(ref);
  if (schema === true) return "any";
  if (schema === false) return "never";
  if (!isObject(schema)) return "";
  if (depth > 3) return "…";
  for (const k of ["oneOf", "anyOf", "allOf"]) {
    const list = schema[k];
    if (Array.isArray(list) && list.length) {
      const sep = k === "allOf" ? " & " : " | ";
      return `${k}<${
        list.slice(0, 4).map((s) => typeSummary(s, depth + 1) || "any").join(
          sep,
        )
      }${list.length > 4 ? sep + "…" : ""}>`;
    }
  }
  const t = schema.type;
  let base = Array.isArray(t)
    ? t.map(String).join(" | ")
    : typeof t === "string"
    ? t
    : "";
  if (base === "array" || (!base && schema.items !== undefined)) {
    return `array<${typeSummary(schema.items, depth + 1) || "any"}>`;
  }
  if (!base && isObject(schema.properties)) base = "object";
  if (!base) base = "any";
  if (typeof schema.format === "string") base += ` (${schema.format})`;
  if (Array.isArray(schema.enum)) {
    const shown = schema.enum.slice(0, 5).map((v) => JSON.stringify(v)).join(
      ", ",
    );
    base += ` enum: ${shown}${schema.enum.length > 5 ? ", …" : ""}`;
  }
  return base;
}

/** Top-level properties of a schema (through `$ref` and `allOf`). */
function fieldsOf(schema: unknown, r: RefResolver, depth = 0): FieldDetail[] {
  const s = r.deref(schema).value;
  if (!isObject(s) || depth > 4) return [];
  const out: FieldDetail[] = [];
  if (Array.isArray(s.allOf)) {
    for (const part of s.allOf) out.push(...fieldsOf(part, r, depth + 1));
  }
  const req = new Set(Array.isArray(s.required) ? s.required.map(String) : []);
  if (isObject(s.properties)) {
    for (const name in s.properties) {
      const p = s.properties[name];
      const pv = r.deref(p).value;
      out.push({
        name,
        type: typeSummary(p),
        required: req.has(name),
        description: isObject(pv) ? str(pv.description) : "",
      });
      if (out.length >= MAX_FIELDS) break;
    }
  }
  return out.slice(0, MAX_FIELDS);
}

function body(mediaType: string, schema: unknown, r: RefResolver): BodyDetail {
  return { mediaType, type: typeSummary(schema), fields: fieldsOf(schema, r) };
}

/** Bodies of an OpenAPI 3 `content` map. */
function contentBodies(content: unknown, r: RefResolver): BodyDetail[] {
  if (!isObject(content)) return [];
  const out: BodyDetail[] = [];
  for (const mt in content) {
    const m = r.deref(content[mt]).value;
    out.push(body(mt, isObject(m) ? m.schema : undefined, r));
  }
  return out;
}

function paramDetail(
  p: Record<string, unknown>,
  fromPath: boolean,
  swagger: boolean,
): ParamDetail {
  let type = "";
  if (swagger) type = typeSummary(p);
  else if (p.schema !== undefined) type = typeSummary(p.schema);
  else if (isObject(p.content)) type = Object.keys(p.content).join(", ");
  return {
    name: str(p.name),
    in: str(p.in),
    required: p.required === true,
    deprecated: p.deprecated === true,
    description: str(p.description),
    type,
    fromPath,
  };
}

function securityOf(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  if (!v.length) return ["none"];
  return v.map((req) => {
    if (!isObject(req) || !Object.keys(req).length) return "anonymous";
    return Object.entries(req).map(([name, scopes]) =>
      Array.isArray(scopes) && scopes.length
        ? `${name} [${scopes.join(", ")}]`
        : name
    ).join(" + ");
  });
}

/**
 * Details of the operation `method` at `path` in `container`, or null when
 * there is no such operation.
 */
export function operationDetail(
  parsed: ParsedSpec,
  container: "paths" | "webhooks",
  path: string,
  method: string,
): OperationDetail | null {
  const { doc, resolver: r, detected } = parsed;
  const swagger = detected.family === "swagger";
  const map = doc[container];
  if (!isObject(map) || !Object.hasOwn(map, path)) return null;
  const keys = [container, path];
  const item = resolvePathItem(map[path], keys, r, []);
  if (!item) return null;
  const found = operationsOf(item, keys, detected.minor, []).find((f) =>
    f.method === method
  );
  if (!found) return null;
  const op = found.op;
  const warnings: string[] = [];

  // Operation-level parameters override path-level ones with the same name
  // and location (OpenAPI 3.1 §4.8.9.1, Swagger 2.0 "parameters").
  const merged = new Map<
    string,
    { p: Record<string, unknown>; fromPath: boolean }
  >();
  for (
    const [list, fromPath] of [[item.parameters, true], [
      op.parameters,
      false,
    ]] as const
  ) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const d = r.deref(raw);
      if (d.error) warnings.push(`Parameter: ${d.error}`);
      if (!isObject(d.value) || d.error) continue;
      merged.set(`${str(d.value.in)}\n${str(d.value.name)}`, {
        p: d.value,
        fromPath,
      });
    }
  }
  const parameters: ParamDetail[] = [];
  let requestBody: OperationDetail["requestBody"] = null;
  const consumes = Array.isArray(op.consumes)
    ? op.consumes
    : Array.isArray(doc.consumes)
    ? doc.consumes
    : [];
  const form: FieldDetail[] = [];
  for (const { p, fromPath } of merged.values()) {
    if (swagger && p.in === "body") {
      const types = consumes.length
        ? consumes.map(String)
        : ["application/json"];
      requestBody = {
        description: str(p.description),
        required: p.required === true,
        bodies: types.map((t) => body(t, p.schema, r)),
      };
    } else if (swagger && p.in === "formData") {
      form.push({
        name: str(p.name),
        type: typeSummary(p),
        required: p.required === true,
        description: str(p.description),
      });
    } else parameters.push(paramDetail(p, fromPath, swagger));
  }
  if (form.length) {
    const mt = consumes.map(String).find((c) =>
      /multipart|urlencoded/.test(c)
    ) ??
      "application/x-www-form-urlencoded";
    requestBody = {
      description: "",
      required: form.some((f) => f.required),
      bodies: [{ mediaType: mt, type: "form", fields: form }],
    };
  }
  if (!swagger && op.requestBody !== undefined) {
    const d = r.deref(op.requestBody);
    if (d.error) warnings.push(`Request body: ${d.error}`);
    const rb = isObject(d.value) ? d.value : {};
    requestBody = {
      description: str(rb.description),
      required: rb.required === true,
      bodies: contentBodies(rb.content, r),
    };
  }

  const responses: ResponseDetail[] = [];
  const produces = Array.isArray(op.produces)
    ? op.produces
    : Array.isArray(doc.produces)
    ? doc.produces
    : [];
  if (isObject(op.responses)) {
    for (const status in op.responses) {
      if (status.startsWith("x-")) continue;
      const d = r.deref(op.responses[status]);
      if (d.error) warnings.push(`Response ${status}: ${d.error}`);
      const res = isObject(d.value) ? d.value : {};
      const bodies = swagger
        ? res.schema === undefined
          ? []
          : (produces.length ? produces.map(String) : ["application/json"]).map(
            (t) => body(t, res.schema, r),
          )
        : contentBodies(res.content, r);
      responses.push({ status, description: str(res.description), bodies });
    }
  }

  return {
    method,
    path,
    operationId: typeof op.operationId === "string" ? op.operationId : "",
    summary: str(op.summary),
    description: str(op.description) || str(item.description),
    deprecated: op.deprecated === true,
    tags: Array.isArray(op.tags) ? op.tags.map(String) : [],
    parameters,
    requestBody,
    responses,
    security: securityOf(op.security ?? doc.security),
    callbacks: isObject(op.callbacks) ? Object.keys(op.callbacks) : [],
    warnings,
  };
}
