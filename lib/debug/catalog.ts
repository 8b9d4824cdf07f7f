/**
 * The single description of every debug endpoint (CONTRACT section 3).
 *
 * Handlers parse their parameters from it, `/api/debug/openapi.json` is
 * generated from it, and the `/debug` runner island builds its forms and
 * client-side validation from it, so the three cannot disagree.
 * Browser-safe: no Deno API. Limits come in as an argument (the server passes
 * `envLimits()`, an island gets them as props; default {@link DEFAULT_LIMITS}).
 *
 * Usage:
 * ```ts
 * const catalog = debugCatalog(limits);
 * const sse = endpoint(catalog, "sse");
 * sse.params.find((p) => p.name === "count")!.max; // 1000
 * endpointUrl(sse, { count: "3", interval: "0" }); // "/api/debug/sse?count=3&interval=0"
 * ```
 * Besides the catalog's path and query params, the runner's `method` select
 * lists `methods`, and its `body`/`headers` inputs apply when `acceptsBody`.
 */
import { type DebugLimits, DEFAULT_LIMITS } from "./limits.ts";
import type { EndpointId, EndpointSpec } from "./catalog_types.ts";
import { buildCatalog } from "./catalog_entries.ts";

export type * from "./catalog_types.ts";
export { type DebugLimits, DEFAULT_LIMITS };
export {
  ANY_METHODS,
  DEBUG_BASE,
  GET_METHODS,
  REDIRECT_STATUSES,
} from "./catalog_parts.ts";

const cache = new WeakMap<DebugLimits, readonly EndpointSpec[]>();

/** Every debug endpoint under `limits`, in display order (memoized). */
export function debugCatalog(
  limits: DebugLimits = DEFAULT_LIMITS,
): readonly EndpointSpec[] {
  let list = cache.get(limits);
  if (!list) cache.set(limits, list = buildCatalog(limits));
  return list;
}

/** The endpoint with `id`; throws on an unknown id (a programming error). */
export function endpoint(
  catalog: readonly EndpointSpec[],
  id: EndpointId,
): EndpointSpec {
  const ep = catalog.find((e) => e.id === id);
  if (!ep) throw new Error(`no debug endpoint ${id}`);
  return ep;
}

/**
 * The URL path and query for `values` (raw text per param name): path
 * params are substituted (percent-encoded), query params with a non-empty
 * value are appended in catalog order. Unknown names are ignored.
 */
export function endpointUrl(
  ep: EndpointSpec,
  values: Readonly<Record<string, string | undefined>>,
): string {
  let path = ep.path;
  const query = new URLSearchParams();
  for (const p of ep.params) {
    const v = values[p.name];
    if (p.in === "path") {
      path = path.replace(`{${p.name}}`, encodeURIComponent(v ?? ""));
    } else if (v !== undefined && v !== "") query.append(p.name, v);
  }
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}
