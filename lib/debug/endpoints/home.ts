/**
 * The base (with or without the trailing slash): the API's index,
 * because suites probe the base URL before they start. JSON by default;
 * an HTML page of links when the client prefers `text/html` (RFC 9110
 * §12.5.1), built only from the catalog, every text escaped.
 */
import { type EndpointSpec, PROBLEM_4XX, sleepParam } from "../core/catalog.ts";
import type { DebugContext } from "../core/context.ts";
import {
  defineEndpoint,
  type EndpointDef,
  type Route,
} from "../core/endpoint.ts";
import {
  BASE_HEADERS,
  JSON_TYPE,
  negotiate,
  REFLECT_HEADERS,
  respond,
} from "../core/http.ts";
import { forwardedPrefix } from "../core/forwarded.ts";

/** Text escaped for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function html(
  ctx: DebugContext,
  catalog: readonly EndpointSpec[],
  openapi: string,
  prefix: string,
): string {
  const rows = catalog.map((ep) => {
    const methods = ep.anyMethod ? "ANY" : ep.methods.join(" ");
    const href = prefix + (ep.examples[0]?.url ?? ep.path);
    return `<li><a href="${escapeHtml(href)}"><code>${
      escapeHtml(ep.path)
    }</code></a> <small>${escapeHtml(methods)}</small> ${
      escapeHtml(ep.summary)
    }</li>`;
  }).join("\n");
  const base = escapeHtml(prefix + ctx.base || "/");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Wirebench debug API</title>
</head>
<body>
<h1>Wirebench debug API</h1>
<p>Predictable HTTP endpoints for testing HTTP clients, under <code>${base}</code>.
The machine-readable description is <a href="${
    escapeHtml(prefix + openapi)
  }">openapi.json</a> (OpenAPI 3.1).</p>
<ul>
${rows}
</ul>
</body>
</html>
`;
}

/** `GET /` (the base, with or without its trailing slash): the index. */
export function index(ctx: DebugContext, route: Route): EndpointDef {
  let json: string | undefined;
  let page: string | undefined;
  const openapi = route.urlOf("openapi");
  return defineEndpoint({
    summary: "The list of endpoints",
    description:
      "JSON `{title, openapi, endpoints: [{name, path, methods, summary}]}` by default; an HTML page of links when the client prefers text/html.",
    params: [sleepParam(ctx.limits)],
    responses: [{
      status: "200",
      description: "The endpoints.",
      contentType: "application/json",
      schema: {
        type: "object",
        required: ["title", "openapi", "endpoints"],
        properties: {
          title: { type: "string" },
          openapi: { type: "string" },
          endpoints: {
            type: "array",
            items: {
              type: "object",
              required: ["name", "path", "methods", "summary"],
              properties: {
                name: { type: "string" },
                path: { type: "string" },
                methods: { type: "array", items: { type: "string" } },
                summary: { type: "string" },
              },
            },
          },
        },
      },
    }, PROBLEM_4XX],
    examples: [{ url: route.url(), description: "The index" }],
    handle: (req) => {
      const catalog = route.all().map((e) => e.spec);
      const type = negotiate(req.headers.get("accept"), [
        JSON_TYPE,
        "text/html",
      ]);
      // Behind a proxy that mounts the API under a path (X-Forwarded-
      // Prefix, trustedProxies), the links are under it: built per request,
      // as the prefix is the request's.
      const hops = ctx.limits.trustedProxies;
      const prefix = hops ? forwardedPrefix(req, hops) : "";
      if (type === "text/html") {
        const body = prefix
          ? html(ctx, catalog, openapi, prefix)
          : (page ??= html(ctx, catalog, openapi, ""));
        return respond(body, 200, {
          ...BASE_HEADERS,
          ...REFLECT_HEADERS,
          "content-type": "text/html; charset=utf-8",
          vary: "Accept",
        });
      }
      const index = (openapi: string) =>
        JSON.stringify({
          title: "Wirebench debug API",
          openapi,
          endpoints: catalog.map((ep) => ({
            name: ep.id,
            path: ep.path,
            methods: ep.anyMethod ? ["ANY"] : ep.methods,
            summary: ep.summary,
          })),
        });
      const body = prefix ? index(prefix + openapi) : (json ??= index(openapi));
      return respond(body, 200, {
        ...BASE_HEADERS,
        "content-type": JSON_TYPE,
        vary: "Accept",
      });
    },
  });
}
