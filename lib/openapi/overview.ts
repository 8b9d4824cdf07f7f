/**
 * Document-level parts of the index: the tags (declared ones in their order,
 * with the number of endpoints using each) and the server URLs.
 */
import type { Detected } from "./detect.ts";
import { isObject } from "./refs.ts";
import { scalarList } from "./safe.ts";
import { swaggerLocation } from "./servers.ts";
import type { Endpoint, TagInfo } from "./types.ts";
import { str } from "../shared/value.ts";

/** Named schemas listed at most (the count says how many there are). */
export const MAX_SCHEMA_NAMES = 5_000;

/**
 * The map of named schemas: 3.x `components.schemas`, 2.0 `definitions`;
 * null when the document has none.
 */
export function namedSchemas(
  doc: Record<string, unknown>,
  det: Detected,
): Record<string, unknown> | null {
  const map = det.family === "swagger"
    ? doc.definitions
    : isObject(doc.components)
    ? doc.components.schemas
    : undefined;
  return isObject(map) ? map : null;
}

/** Names of the named schemas in written order, at most `max`; and how many. */
export function schemaNamesOf(
  doc: Record<string, unknown>,
  det: Detected,
  max = MAX_SCHEMA_NAMES,
): { names: string[]; count: number } {
  const map = namedSchemas(doc, det);
  if (!map) return { names: [], count: 0 };
  const names: string[] = [];
  let count = 0;
  for (const name in map) {
    if (count++ < max) names.push(name);
  }
  return { names, count };
}

/** Declared tags in their order, then tags only used, by name; with counts. */
export function tagsOf(
  doc: Record<string, unknown>,
  endpoints: Endpoint[],
): TagInfo[] {
  const counts = new Map<string, number>();
  for (const e of endpoints) {
    for (const t of e.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  const out: TagInfo[] = [];
  const declared = new Set<string>();
  if (Array.isArray(doc.tags)) {
    for (const t of doc.tags) {
      if (!isObject(t) || typeof t.name !== "string" || declared.has(t.name)) {
        continue;
      }
      declared.add(t.name);
      out.push({
        name: t.name,
        description: str(t.description),
        count: counts.get(t.name) ?? 0,
      });
    }
  }
  const rest = [...counts.keys()].filter((t) => !declared.has(t)).sort();
  for (const t of rest) {
    out.push({ name: t, description: "", count: counts.get(t)! });
  }
  return out;
}

/**
 * Server URLs: 3.x `servers`, or 2.0 scheme + host + basePath (without a
 * host, the relative `basePath`).
 */
export function serversOf(
  doc: Record<string, unknown>,
  det: Detected,
): string[] {
  if (det.family === "swagger") {
    // Swagger 2.0 `host`: when absent (or empty), the host serving the documentation,
    // so the API is served under `basePath` there: a relative server, as
    // OpenAPI 3's `servers: [{url: /v1}]`.
    const { host, base } = swaggerLocation(doc);
    if (!host) return base ? [base] : [];
    const listed = scalarList(doc.schemes, 10);
    const schemes = listed.length ? listed : ["https"];
    return schemes.map((s) => `${s}://${host}${base}`);
  }
  if (!Array.isArray(doc.servers)) return [];
  return doc.servers.map((s) => (isObject(s) ? str(s.url) : "")).filter(
    Boolean,
  );
}
