/**
 * `GET {base}/links/{n}/{offset}`: a small HTML page of `n` links to its
 * sibling pages, the current one as plain text, for crawlers and link
 * checkers; `/links/{n}` redirects to page 0. Only numbers from the URL
 * reach the page, and it is served with a CSP that lets nothing load.
 */
import {
  GET_METHODS,
  type ParamSpec,
  PROBLEM_4XX,
  sleepParam,
} from "../core/catalog.ts";
import type { DebugContext } from "../core/context.ts";
import type { Endpoint } from "../core/pipeline.ts";
import { API_CSP, BASE_HEADERS, respond } from "../core/http.ts";

/** The page `offset` of `n` linked pages under `base`. */
export function linksPage(base: string, n: number, offset: number): string {
  const items: string[] = [];
  for (let i = 0; i < n; i++) {
    items.push(
      i === offset ? `${i}` : `<a href="${base}/links/${n}/${i}">${i}</a>`,
    );
  }
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Links</title></head>
<body>${items.join(" ")}</body></html>
`;
}

/** The links family. */
export function linksEndpoints(ctx: DebugContext): Endpoint[] {
  const b = ctx.base;
  const l = ctx.limits;
  const n: ParamSpec = {
    name: "n",
    in: "path",
    type: "integer",
    required: true,
    min: 1,
    max: l.maxLinks,
    description: `Links on the page, 1 to ${l.maxLinks} (limit \`maxLinks\`).`,
    example: "10",
  };
  const html = {
    ...BASE_HEADERS,
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": API_CSP,
  };
  return [{
    spec: {
      id: "links",
      path: `${b}/links/{n}`,
      methods: GET_METHODS,
      acceptsBody: false,
      streaming: false,
      summary: "A page of n links to its siblings",
      description:
        "An HTML page of `n` links to `/links/{n}/{i}`, page `offset` as plain text instead of a link. `/links/{n}` redirects (302) to page 0. Served with a CSP that lets nothing load or run.",
      params: [n, {
        name: "offset",
        in: "path",
        type: "integer",
        required: false,
        default: 0,
        min: 0,
        max: l.maxLinks,
        description:
          "This page's number, shown as text (absent: 302 to page 0).",
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
      examples: [{ url: `${b}/links/5/2`, description: "Page 2 of 5" }],
    },
    aliases: [`${b}/links/{n}/{offset}`],
    handle: (req, { params }) => {
      const count = params.n as number;
      if (!/\/links\/\d+\/\d+$/.test(new URL(req.url).pathname)) {
        return new Response(null, {
          status: 302,
          headers: { ...BASE_HEADERS, location: `${b}/links/${count}/0` },
        });
      }
      return respond(linksPage(b, count, params.offset as number), 200, html);
    },
  }];
}
