/**
 * What of an endpoint's catalog entry its runner reads, for the one copy of
 * the catalog the `/debug` page sends its runners. The page already shows
 * the prose (summaries, descriptions, examples, schemas) as markup beside
 * each runner; sent again as every runner's props, it was some 200 kB of
 * the page's 700. What is left is still an {@link EndpointSpec}, so the
 * runner's model reads it as it reads the full entry:
 * `runner_catalog_test.ts` checks that both render the same runner and make
 * the same request, URL and cURL from every example.
 */
import type {
  EndpointSpec,
  JsonSchema,
  ResponseSpec,
} from "../../lib/debug/core/catalog.ts";

/** `ep` without the prose the runner never reads. */
export function runnerSpec(ep: EndpointSpec): EndpointSpec {
  return {
    id: ep.id,
    path: ep.path,
    methods: ep.methods,
    ...(ep.anyMethod ? { anyMethod: true } : {}),
    acceptsBody: ep.acceptsBody,
    streaming: ep.streaming,
    summary: "",
    description: "",
    params: ep.params.map((p) => ({ ...p, description: "" })),
    responses: ep.responses.map(response),
    examples: [],
  };
}

/** The runners' catalog: each entry's {@link runnerSpec}, by id. */
export function runnerCatalog(
  catalog: readonly EndpointSpec[],
): Record<string, EndpointSpec> {
  return Object.fromEntries(catalog.map((ep) => [ep.id, runnerSpec(ep)]));
}

function response(r: ResponseSpec): ResponseSpec {
  return {
    status: r.status,
    description: "",
    ...(r.contentType ? { contentType: r.contentType } : {}),
    ...(r.schema ? { schema: topLevel(r.schema) } : {}),
    ...(r.headers
      ? { headers: r.headers.map((h) => ({ name: h.name, description: "" })) }
      : {}),
  };
}

/**
 * A schema's top-level property names, all the runner asks of it (does a
 * 200 reflect the query, as `query` or `args`?).
 */
function topLevel(schema: JsonSchema): JsonSchema {
  const props = schema.properties;
  if (typeof props !== "object" || props === null) return {};
  return {
    properties: Object.fromEntries(Object.keys(props).map((k) => [k, {}])),
  };
}
