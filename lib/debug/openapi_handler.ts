/** The `/api/debug/openapi.json` handler: the generated document, cached. */
import type { FamilyHandler } from "./pipeline.ts";
import type { DebugContext } from "./context.ts";
import { jsonResponse } from "./http.ts";
import { openApiDocument } from "./openapi.ts";

const cache = new WeakMap<DebugContext, string>();

/** Serves the OpenAPI 3.1 document of this context's catalog and limits. */
export const openApiHandler: FamilyHandler = (_req, _input, ctx) => {
  let json = cache.get(ctx);
  if (json === undefined) {
    json = JSON.stringify(
      openApiDocument(ctx.catalog, ctx.limits, ctx.service),
      null,
      2,
    );
    cache.set(ctx, json);
  }
  return jsonResponse(200, json);
};
