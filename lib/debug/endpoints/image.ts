/**
 * `/image` and `/image/{format}`: one small picture of our own
 * (image_data.ts) as PNG, JPEG, WebP or SVG. Without a format the Accept
 * header picks (RFC 9110 §12.5.1; a type named outright beats one matched
 * by `image/*`), and nothing acceptable is 406. The SVG has no script and
 * is served with a CSP that would forbid one anyway.
 */
import { PROBLEM_4XX, sleepParam } from "../core/catalog.ts";
import type { DebugContext } from "../core/context.ts";
import {
  defineEndpoint,
  type EndpointDef,
  type Route,
} from "../core/endpoint.ts";
import { API_CSP, BASE_HEADERS, negotiate, respond } from "../core/http.ts";
import { ParamError } from "../core/params.ts";
import { MAX_ACCEPT_CHARS, MAX_ACCEPT_RANGES } from "../core/limits.ts";
import {
  JPEG_BASE64,
  PNG_BASE64,
  SVG_IMAGE,
  WEBP_BASE64,
} from "./image_data.ts";

/** Format name → media type, in the order that breaks Accept ties. */
export const IMAGE_TYPES: Readonly<Record<string, string>> = Object.freeze({
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  svg: "image/svg+xml",
});

/** `GET /image[/{format}]`. */
export function image(ctx: DebugContext, route: Route): EndpointDef {
  const formats = Object.keys(IMAGE_TYPES);
  const offers = Object.values(IMAGE_TYPES);
  // Decoded on first use, once per instance.
  let bytes: Record<string, Uint8Array> | undefined;
  const picture = (format: string) => {
    bytes ??= {
      png: Uint8Array.fromBase64(PNG_BASE64),
      jpeg: Uint8Array.fromBase64(JPEG_BASE64),
      webp: Uint8Array.fromBase64(WEBP_BASE64),
      svg: new TextEncoder().encode(SVG_IMAGE),
    };
    return bytes[format];
  };
  /** The format Accept picks, or a 406 naming Accept (RFC 9110 §15.5.7). */
  const byAccept = (req: Request): string => {
    const accept = req.headers.get("accept");
    const type = negotiate(accept, offers);
    if (type === null) {
      throw new ParamError(
        "Accept",
        `Accept allows none of ${offers.join(", ")}.`,
        406,
        { vary: "Accept" },
      );
    }
    return formats[offers.indexOf(type)];
  };
  return defineEndpoint({
    summary: "A small image, by format or by Accept",
    description:
      `A 120 x 80 picture of our own. \`/image/{format}\` gives that format; \`/image\` picks by Accept (a type named outright first, then \`image/*\` and \`*/*\` in the order png, jpeg, webp, svg; no Accept means png) and answers 406 problem+json when none is acceptable (431 for an Accept of more than ${MAX_ACCEPT_RANGES} ranges or ${MAX_ACCEPT_CHARS} characters). The SVG has no script and comes with a Content-Security-Policy that forbids scripts.`,
    params: [{
      name: "format",
      in: "path",
      type: "enum",
      enum: formats,
      required: false,
      description: `One of ${formats.join(", ")}; absent: chosen by Accept.`,
      example: "png",
    }, sleepParam(ctx.limits)],
    requestHeaders: [{
      name: "Accept",
      description: "Image types the client takes (used by /image only).",
    }],
    responses: [{
      status: "200",
      description: "The image.",
      contentType: "image/png",
      schema: { type: "string", format: "binary" },
      headers: [{ name: "Vary", description: "Accept (on /image)." }],
    }, {
      status: "406",
      description: "/image: no offered type is acceptable.",
      contentType: "application/problem+json",
    }, PROBLEM_4XX],
    examples: [
      { url: route.url({ format: "svg" }), description: "The SVG" },
      { url: route.url(), description: "By Accept" },
    ],
    // Nothing acceptable is refused before a sleep: bad input is answered first.
    validate: (params, req) => params.format ?? byAccept(req),
    handle: (_req, { params, checked: format }) => {
      const headers: Record<string, string> = { ...BASE_HEADERS };
      if (params.format === undefined) headers.vary = "Accept";
      headers["content-type"] = IMAGE_TYPES[format];
      if (format === "svg") headers["content-security-policy"] = API_CSP;
      return respond(picture(format) as BodyInit, 200, headers);
    },
  });
}
