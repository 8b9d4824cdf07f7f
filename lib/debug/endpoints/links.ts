/**
 * `/links/{n}/{offset}`: a small HTML page of `n` links to its
 * sibling pages, the current one as plain text, for crawlers and link
 * checkers; `/links/{n}` redirects to page 0. Only numbers from the URL
 * reach the page, and it is served with a CSP that lets nothing load.
 */
import { clientPath, forwardedPrefix } from "../core/forwarded.ts";
import { PROBLEM_4XX, sleepParam } from "../core/catalog.ts";
import type { DebugContext } from "../core/context.ts";
import {
  defineEndpoint,
  type EndpointDef,
  type Route,
} from "../core/endpoint.ts";
import { API_CSP, BASE_HEADERS, respond } from "../core/http.ts";

/** The page `offset` of `n` pages, page `i` linked at `href(i)`. */
export function linksPage(
  href: (page: number) => string,
  n: number,
  offset: number,
): string {
  const items: string[] = [];
  for (let i = 0; i < n; i++) {
    items.push(i === offset ? `${i}` : `<a href="${href(i)}">${i}</a>`);
  }
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Links</title></head>
<body>${items.join(" ")}</body></html>
`;
}

/** `GET /links/{n}[/{offset}]`. */
export function links(ctx: DebugContext, route: Route): EndpointDef {
  const l = ctx.limits;
  const html = {
    ...BASE_HEADERS,
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": API_CSP,
  };
  return defineEndpoint({
    summary: "A page of n links to its siblings",
    description:
      "An HTML page of `n` links to `/links/{n}/{i}`, page `offset` as plain text instead of a link. `/links/{n}` redirects (302) to page 0. Served with a CSP that lets nothing load or run.",
    params: [{
      name: "n",
      in: "path",
      type: "integer",
      required: true,
      // 0 is a page without links, as both httpbins answer it.
      min: 0,
      max: l.maxLinks,
      description:
        `Links on the page, 0 to ${l.maxLinks} (limit \`maxLinks\`).`,
      example: "10",
    }, {
      name: "offset",
      in: "path",
      type: "integer",
      required: false,
      default: 0,
      min: 0,
      max: l.maxLinks,
      description: "This page's number, shown as text (absent: 302 to page 0).",
      example: "0",
    }, sleepParam(l)],
    responses: [{
      status: "200",
      description: "The page.",
      contentType: "text/html; charset=utf-8",
      schema: { type: "string" },
    }, {
      status: "302",
      description: "`/links/{n}` without offset: to page 0.",
      headers: [{ name: "Location", description: "`/links/{n}/0`" }],
    }, PROBLEM_4XX],
    examples: [{
      url: route.url({ n: 5, offset: 2 }),
      description: "Page 2 of 5",
    }],
    handle: (req, { params: { n, offset } }) => {
      // Behind a proxy that mounts the API under a path, the links and
      // the Location are under it (X-Forwarded-Prefix, trustedProxies).
      const hops = ctx.limits.trustedProxies;
      if (!/\/links\/\d+\/\d+$/.test(new URL(req.url).pathname)) {
        return new Response(null, {
          status: 302,
          headers: {
            ...BASE_HEADERS,
            location: clientPath(req, hops, route.url({ n, offset: 0 })),
          },
        });
      }
      const prefix = hops ? forwardedPrefix(req, hops) : "";
      const page = (i: number) => prefix + route.url({ n, offset: i });
      return respond(linksPage(page, n, offset), 200, html);
    },
  });
}
