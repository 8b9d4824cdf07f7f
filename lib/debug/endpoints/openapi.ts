/**
 * `/openapi.json`: the instance's OpenAPI 3.1 description
 * (`core/openapi.ts` generates it from the catalog, this endpoint
 * included), built on the first request and kept for the instance's life,
 * and gzipped for a client that takes it: 310 kB of JSON is 25 kB so, and
 * the spec viewer's "Try an example" loads it over a phone's link. Unlike
 * the test endpoints its bytes are no fixture: the origin may code it
 * (`no-transform` binds only intermediaries, RFC 9111 §5.2.2.6).
 */
import { gzipSync } from "node:zlib";
import { codingWeights } from "../../shared/accept_encoding.ts";
import { PROBLEM_4XX, sleepParam } from "../core/catalog.ts";
import type { DebugContext } from "../core/context.ts";
import {
  defineEndpoint,
  type EndpointDef,
  type Route,
} from "../core/endpoint.ts";
import {
  BASE_HEADERS,
  JSON_TYPE,
  jsonResponse,
  respond,
} from "../core/http.ts";
import { openApiDocument } from "../core/openapi.ts";
import { forwardedPrefix } from "../core/forwarded.ts";

/** Documents kept for as many path prefixes (see {@link openapi}). */
const MAX_PREFIXES = 4;

/** `GET /openapi.json`. */
export function openapi(ctx: DebugContext, route: Route): EndpointDef {
  // The document and its gzip by the path prefix it is served under ("" at
  // the instance's own paths): behind a proxy that mounts the API under a
  // path (X-Forwarded-Prefix, trustedProxies), its server URL is that path,
  // so the paths resolve where the client reaches them (OpenAPI 3.1 §4.8.5:
  // a relative server URL is resolved against the document's). A
  // deployment has one prefix or two; a few are kept, the oldest dropped.
  const built = new Map<
    string,
    { json: string; gzipped?: Uint8Array<ArrayBuffer> }
  >();
  const builtFor = (prefix: string) => {
    let b = built.get(prefix);
    if (!b) {
      const doc = openApiDocument(route.all(), ctx);
      if (prefix) {
        doc.servers = [{ url: prefix, description: "This server." }];
      }
      b = { json: JSON.stringify(doc, null, 2) };
      if (built.size >= MAX_PREFIXES) built.delete(built.keys().next().value!);
      built.set(prefix, b);
    }
    return b;
  };
  return defineEndpoint({
    summary: "This API as OpenAPI 3.1",
    description:
      "Generated from the same catalog as the handlers and the /debug runner, with this instance's base path and limits.",
    params: [sleepParam(ctx.limits)],
    responses: [{
      status: "200",
      description: "OpenAPI 3.1 document.",
      contentType: "application/json",
      schema: {
        type: "object",
        required: ["openapi", "info", "paths"],
        properties: { openapi: { const: "3.1.0" } },
      },
    }, PROBLEM_4XX],
    examples: [{ url: route.url(), description: "The spec" }],
    handle: (req) => {
      const hops = ctx.limits.trustedProxies;
      const b = builtFor(hops ? forwardedPrefix(req, hops) : "");
      const json = b.json;
      // gzip at any q above 0, named or through `*` (RFC 9110 §12.5.3).
      const q = codingWeights(req.headers.get("accept-encoding") ?? "");
      if ((q.get("gzip") ?? q.get("*") ?? 0) <= 0) {
        return jsonResponse(200, json, { vary: "Accept-Encoding" });
      }
      b.gzipped ??= Uint8Array.from(
        gzipSync(new TextEncoder().encode(json), { level: 9 }),
      );
      return respond(b.gzipped, 200, {
        ...BASE_HEADERS,
        "content-type": JSON_TYPE,
        "content-encoding": "gzip",
        vary: "Accept-Encoding",
      });
    },
  });
}
