/**
 * `ANY {base}/redirect/{count}`: a chain of `count` redirects, then
 * `{"done":true}`. Every Location is built here from the integer count, so
 * it can only point to `{base}/redirect/N` on this origin: no parameter can
 * turn it into an open redirect.
 */
import {
  ANY_METHODS,
  PROBLEM_4XX,
  REDIRECT_STATUSES,
  sleepParam,
} from "./catalog.ts";
import type { DebugContext } from "./context.ts";
import type { Endpoint } from "./pipeline.ts";
import { BASE_HEADERS, JSON_TYPE } from "./http.ts";

/** The redirect family. */
export function redirectEndpoints(ctx: DebugContext): Endpoint[] {
  const b = ctx.base;
  const l = ctx.limits;
  // The chain's end, built once per instance and cloned.
  const done = new Response('{"done":true}', {
    status: 200,
    headers: { ...BASE_HEADERS, "content-type": JSON_TYPE },
  });
  return [{
    spec: {
      id: "redirect",
      path: `${b}/redirect/{count}`,
      methods: ANY_METHODS,
      anyMethod: true,
      acceptsBody: true,
      streaming: false,
      summary: 'A chain of redirects ending in {"done": true}',
      description:
        `For count > 0, a redirect (302 unless \`status\` says otherwise) to \`${b}/redirect/{count-1}\` keeping the query string; \`absolute=true\` makes Location an absolute URL. Count 0 answers 200 \`{"done":true}\`. Locations never leave ${
          b || "/"
        }. At most ${l.maxRedirects} hops (limit \`maxRedirects\`). Any method is answered.`,
      params: [{
        name: "count",
        in: "path",
        type: "integer",
        required: true,
        min: 0,
        max: l.maxRedirects,
        description:
          `Redirects left before the final 200, 0 to ${l.maxRedirects}.`,
        example: "5",
      }, {
        name: "status",
        in: "query",
        type: "enum",
        required: false,
        default: 302,
        enum: REDIRECT_STATUSES,
        description: "The redirect status: 301, 302, 303, 307 or 308.",
        example: "307",
      }, {
        name: "absolute",
        in: "query",
        type: "boolean",
        required: false,
        default: false,
        description: "Send Location as an absolute URL instead of a path.",
        example: "true",
      }, sleepParam(l)],
      responses: [{
        status: "200",
        description: "The end of the chain.",
        contentType: "application/json",
        schema: {
          type: "object",
          required: ["done"],
          properties: { done: { const: true } },
        },
      }, {
        status: "3XX",
        description: "One hop; Location points to the next.",
        headers: [{ name: "Location", description: "The next hop." }],
      }, PROBLEM_4XX],
      examples: [
        { url: `${b}/redirect/5`, description: "Five hops" },
        {
          url: `${b}/redirect/3?status=307&absolute=true`,
          description: "Absolute 307s",
        },
      ],
    },
    handle: (req, { params, query }) => {
      const count = params.count as number;
      if (count === 0) return done.clone();
      // The query string is kept byte for byte, so `sleep`, `status` and
      // `absolute` apply to every hop.
      let location = `${b}/redirect/${count - 1}${query ? "?" + query : ""}`;
      if (params.absolute) location = new URL(req.url).origin + location;
      return new Response(null, {
        status: params.status as number,
        headers: { ...BASE_HEADERS, location },
      });
    },
  }];
}
