/**
 * Fixed sample documents of common types (written for this project, in
 * httpbin's shapes), plus
 * `/uuid` and `/base64/{value}`. The HTML documents are static: no request
 * input ever reaches them, and `/base64` never answers as HTML.
 */
import { PROBLEM_4XX, seedParam, sleepParam } from "../core/catalog.ts";
import type { DebugContext } from "../core/context.ts";
import {
  defineEndpoint,
  type EndpointDef,
  type Route,
} from "../core/endpoint.ts";
import { BASE_HEADERS, REFLECT_HEADERS, respond } from "../core/http.ts";
import { ParamError } from "../core/params.ts";
import { bytesBase64 } from "../../shared/base64.ts";
import { reflect } from "./request.ts";

// The JSON and XML samples have httpbin's shape (a `slideshow` with its
// `title`, `author`, `date` and `slides`), which suites read after changing
// only the base URL (`r.json()["slideshow"]`); the words are this
// project's own.
const JSON_DOC = {
  slideshow: {
    title: "HTTP for Testers",
    author: "The Wirebench team",
    date: "2026-01-15",
    slides: [
      { type: "all", title: "Why test against a debug server" },
      {
        type: "all",
        title: "What a client must handle",
        items: [
          "Redirect chains that end where they should",
          "Bodies in every coding",
          "Status codes with and without a body",
        ],
      },
    ],
  },
};

const XML_DOC = `<?xml version="1.0" encoding="UTF-8"?>
<!-- A sample document served by the Wirebench debug API. -->
<slideshow title="HTTP for Testers" date="2026-01-15" author="The Wirebench team">
  <slide type="all">
    <title>Why test against a debug server</title>
  </slide>
  <slide type="all">
    <title>What a client must handle</title>
    <item>Redirect chains that end where they should</item>
    <item>Bodies in every coding</item>
    <item>Status codes with and without a body</item>
  </slide>
</slideshow>
`;

// httpbin's page is a passage of Moby-Dick under the heading "Herman
// Melville - Moby-Dick", which suites look for. This is another passage
// (the book's opening, public domain since its 1851 publication).
const HTML_DOC = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Sample page</title>
</head>
<body>
<h1>Herman Melville - Moby-Dick</h1>
<div>
<p>Call me Ishmael. Some years ago&mdash;never mind how long
precisely&mdash;having little or no money in my purse, and nothing particular
to interest me on shore, I thought I would sail about a little and see the
watery part of the world. It is a way I have of driving off the spleen, and
regulating the circulation.</p>
</div>
</body>
</html>
`;

const UTF8_DOC = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>UTF-8 sample</title>
</head>
<body>
<h1>UTF-8 sample text</h1>
<p>Latin: déjà vu, façade, naïve, Straße, smørrebrød, żółć.</p>
<p>Greek: Καλημέρα κόσμε. Cyrillic: Добрый день.</p>
<p>Hebrew: שלום עולם. Arabic: مرحبا بالعالم.</p>
<p>Devanagari: नमस्ते दुनिया. Thai: สวัสดีชาวโลก.</p>
<p>Chinese: 你好，世界。 Japanese: こんにちは世界。 Korean: 안녕하세요 세계.</p>
<p>Symbols: € £ ¥ ₹ → ⇒ ∀ ∂ ∞ ≠ ≤ ✓ ♫; astral: 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀 🚀.</p>
</body>
</html>
`;

function denyDoc(robots: string): string {
  return `This path is disallowed for robots by ${robots}.
Well-behaved crawlers never fetch it.
`;
}

/** A static document's response: strict CSP, no referrer, nosniff. */
function documentResponse(
  body: string,
  type: string,
  csp?: string,
): () => Response {
  // Built once per instance; clones share the validated headers.
  const proto = respond(body, 200, {
    ...BASE_HEADERS,
    ...REFLECT_HEADERS,
    ...(csp ? { "content-security-policy": csp } : {}),
    "content-type": type,
  });
  return () => proto.clone();
}

/** A fixed document: its media type, summary and bytes. */
interface Doc {
  readonly type: string;
  readonly summary: string;
  readonly body: string;
  /** Its Content-Security-Policy, when the API's own would stop it working. */
  readonly csp?: string;
}

/**
 * The form page's policy: the API's, but for a form the page may submit
 * to this server (a sandbox without `allow-forms` blocks every form, and
 * `form-action` does not fall back to `default-src`: CSP 3 §6.3.1).
 */
const FORM_CSP =
  "default-src 'none'; form-action 'self'; frame-ancestors 'none'; sandbox allow-forms";

/** The endpoint serving `doc`, always the same bytes. */
function fixed(ctx: DebugContext, route: Route, doc: Doc): EndpointDef {
  const respond = documentResponse(doc.body, doc.type, doc.csp);
  return defineEndpoint({
    summary: doc.summary,
    description:
      `A fixed document, \`Content-Type: ${doc.type}\`; the same bytes every time.`,
    params: [sleepParam(ctx.limits)],
    responses: [{
      status: "200",
      description: `${doc.summary}, always the same bytes.`,
      contentType: doc.type.split(";")[0],
      schema: doc.type === "application/json"
        ? { type: "object" }
        : { type: "string" },
    }, PROBLEM_4XX],
    examples: [{ url: route.url(), description: doc.summary }],
    handle: () => respond(),
  });
}

const TEXT = "text/plain; charset=utf-8";
const HTML = "text/html; charset=utf-8";

/** `GET /json`. */
export function json(ctx: DebugContext, route: Route): EndpointDef {
  return fixed(ctx, route, {
    type: "application/json",
    summary: "A sample JSON document",
    body: JSON.stringify(JSON_DOC, null, 2) + "\n",
  });
}

/** `GET /xml`. */
export function xml(ctx: DebugContext, route: Route): EndpointDef {
  return fixed(ctx, route, {
    type: "application/xml",
    summary: "A sample XML document",
    body: XML_DOC,
  });
}

/** `GET /html`. */
export function html(ctx: DebugContext, route: Route): EndpointDef {
  return fixed(ctx, route, {
    type: HTML,
    summary: "A sample HTML page",
    body: HTML_DOC,
  });
}

/**
 * An order form posting to `action` (`POST /post` answers with what it
 * got): fields of every common kind, as the HTML standard's own example
 * form has them, for a browser or a form-filling client to submit.
 */
function formDoc(action: string): string {
  const attr = action.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Order form</title>
</head>
<body>
<h1>Order form</h1>
<form method="post" action="${attr}">
<p><label>Name <input name="custname" autocomplete="name"></label></p>
<p><label>Telephone <input type="tel" name="custtel" autocomplete="tel"></label></p>
<p><label>Email <input type="email" name="custemail" autocomplete="email"></label></p>
<fieldset>
<legend>Size</legend>
<p><label><input type="radio" name="size" value="small"> Small</label></p>
<p><label><input type="radio" name="size" value="medium"> Medium</label></p>
<p><label><input type="radio" name="size" value="large"> Large</label></p>
</fieldset>
<fieldset>
<legend>Toppings</legend>
<p><label><input type="checkbox" name="topping" value="bacon"> Bacon</label></p>
<p><label><input type="checkbox" name="topping" value="cheese"> Extra cheese</label></p>
<p><label><input type="checkbox" name="topping" value="onion"> Onion</label></p>
<p><label><input type="checkbox" name="topping" value="mushroom"> Mushroom</label></p>
</fieldset>
<p><label>Delivery time <input type="time" name="delivery" min="11:00" max="21:00" step="900"></label></p>
<p><label>Instructions <textarea name="comments"></textarea></label></p>
<p><button>Submit order</button></p>
</form>
</body>
</html>
`;
}

/** `GET /forms/post`: an HTML form that posts to `/post`. */
export function formsPost(ctx: DebugContext, route: Route): EndpointDef {
  return fixed(ctx, route, {
    type: HTML,
    summary: "An HTML form that posts to /post",
    body: formDoc(route.urlOf("post")),
    csp: FORM_CSP,
  });
}

/** `GET /robots.txt`: disallows the deny route. */
export function robots(ctx: DebugContext, route: Route): EndpointDef {
  return fixed(ctx, route, {
    type: TEXT,
    summary: "A robots.txt that disallows /deny",
    body: `User-agent: *\nDisallow: ${route.urlOf("deny")}\n`,
  });
}

/** `GET /deny`: the page robots.txt disallows. */
export function deny(ctx: DebugContext, route: Route): EndpointDef {
  return fixed(ctx, route, {
    type: TEXT,
    summary: "The page robots.txt disallows",
    body: denyDoc(route.urlOf("robots")),
  });
}

/** `GET /encoding/utf8`. */
export function utf8(ctx: DebugContext, route: Route): EndpointDef {
  return fixed(ctx, route, {
    type: HTML,
    summary: "An HTML page in many scripts, UTF-8",
    body: UTF8_DOC,
  });
}

/** A v4 UUID (RFC 9562 §5.4) from 16 random bytes. */
export function uuid4(bytes: Uint8Array): string {
  const b = bytes.slice(0, 16);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${
    hex.slice(16, 20)
  }-${hex.slice(20)}`;
}

/**
 * Decodes base64url (RFC 4648 §5), padded or not; the standard alphabet's
 * `+` and `/` are read too (one value, whichever a client produced).
 * Null when the text is not base64.
 */
export function decodeBase64(text: string): Uint8Array | null {
  const std = text.replaceAll("-", "+").replaceAll("_", "/").replace(
    /=+$/,
    "",
  );
  if (!/^[A-Za-z0-9+/]*$/.test(std) || std.length % 4 === 1) return null;
  // Padding alone (`====`) encodes nothing: it is not base64 of nothing.
  if (!std && text) return null;
  try {
    return Uint8Array.fromBase64(std, { lastChunkHandling: "loose" });
  } catch {
    return null;
  }
}

/** `GET /uuid`. */
export function uuid(ctx: DebugContext, route: Route): EndpointDef {
  return defineEndpoint({
    summary: "A version 4 UUID",
    description:
      'JSON `{"uuid": "..."}`, a random version 4 UUID (RFC 9562 §5.4); with `seed` always the same one for that seed.',
    params: [
      seedParam("Makes the UUID reproducible: the same seed, the same UUID."),
      sleepParam(ctx.limits),
    ],
    responses: [{
      status: "200",
      description: "A UUID.",
      contentType: "application/json",
      schema: {
        type: "object",
        required: ["uuid"],
        properties: { uuid: { type: "string", format: "uuid" } },
      },
    }, PROBLEM_4XX],
    examples: [
      { url: route.url(), description: "A random UUID" },
      { url: route.url({}, "seed=42"), description: "Always the same" },
    ],
    handle: (_req, { params }) =>
      reflect({ uuid: uuid4(ctx.random(params.seed).bytes(16)) }),
  });
}

/** The `/base64` endpoints' text, taken from the path, at most 8 kB. */
function valueParam(description: string, example: string) {
  return {
    name: "value",
    in: "path",
    type: "string",
    required: true,
    maxLength: 8192,
    description,
    example,
  } as const;
}

/** `GET /base64/{value}`. */
export function base64(
  ctx: DebugContext,
  route: Route,
  summary = "Decode base64url",
): EndpointDef {
  return defineEndpoint({
    summary,
    description:
      "Decodes `value` (base64url, padded or not; `+` and `/` accepted too). UTF-8 text comes back as `text/plain; charset=utf-8`, anything else as `application/octet-stream`; never as HTML. Not base64: 400.",
    params: [
      valueParam("The base64url text to decode.", "V2lyZWJlbmNo"),
      sleepParam(ctx.limits),
    ],
    responses: [{
      status: "200",
      description: "The decoded bytes.",
      contentType: "text/plain",
      schema: { type: "string" },
    }, PROBLEM_4XX],
    examples: [{
      url: route.url({ value: "V2lyZWJlbmNo" }),
      description: "Decodes to Wirebench",
    }],
    validate: ({ value }) => {
      // `/base64/encode` and `/base64/decode` with nothing after them: a
      // value left out, not the word to decode (go-httpbin refuses them).
      if (value === "encode" || value === "decode") {
        throw new ParamError(
          "value",
          `/base64/${value}/{value} needs the value after it.`,
        );
      }
      const bytes = decodeBase64(value);
      if (!bytes) {
        throw new ParamError(
          "value",
          "value is not base64url (RFC 4648 §5): letters, digits, - and _ (or + and /), optional = padding.",
        );
      }
      return bytes;
    },
    handle: (_req, { checked: bytes }) => {
      const text = ctx.text.utf8(bytes);
      return respond(bytes as BodyInit, 200, {
        ...BASE_HEADERS,
        ...REFLECT_HEADERS,
        "content-type": text === null
          ? "application/octet-stream"
          : "text/plain; charset=utf-8",
      });
    },
  });
}

/**
 * `GET /base64/decode/{value}`: go-httpbin's path for {@link base64}, named
 * apart (each summary names a section of the `/debug` page and an
 * OpenAPI operation, so two alike would be two landmarks of one name).
 */
export function base64Decode(ctx: DebugContext, route: Route): EndpointDef {
  return base64(ctx, route, "Decode base64url, go-httpbin's path");
}

/**
 * `GET /base64/encode/{value}`: go-httpbin's, the other way: `value` (as
 * UTF-8) in base64url with padding (RFC 4648 §5), as Go's URLEncoding
 * writes it.
 */
export function base64Encode(ctx: DebugContext, route: Route): EndpointDef {
  return defineEndpoint({
    summary: "Encode base64url",
    description:
      "`value`'s bytes in base64url with padding, as `text/plain`: each percent-escape its byte (`%FF` is the byte 0xFF), every other character its UTF-8.",
    params: [
      valueParam("The text to encode.", "Wirebench"),
      sleepParam(ctx.limits),
    ],
    responses: [{
      status: "200",
      description: "The base64url text.",
      contentType: "text/plain",
      schema: { type: "string" },
    }, PROBLEM_4XX],
    examples: [{
      url: route.url({ value: "Wirebench" }),
      description: "Encodes to V2lyZWJlbmNo",
    }],
    handle: (req) =>
      respond(
        bytesBase64(segmentBytes(lastSegment(req.url)))
          .replace(/\+/g, "-").replace(/\//g, "_"),
        200,
        { ...BASE_HEADERS, "content-type": "text/plain; charset=utf-8" },
      ),
  });
}

/** The last segment of `url`'s path, as written (still percent-encoded). */
function lastSegment(url: string): string {
  const path = new URL(url).pathname;
  return path.slice(path.lastIndexOf("/") + 1);
}

/**
 * A path segment's bytes: each percent-escape its octet (RFC 3986 §2.1,
 * whether or not the octets are UTF-8, as Go's router hands them to
 * go-httpbin), every other character its UTF-8.
 */
function segmentBytes(raw: string): Uint8Array {
  const out: number[] = [];
  const utf8 = new TextEncoder();
  for (let i = 0; i < raw.length;) {
    const hex = raw.slice(i + 1, i + 3);
    if (raw[i] === "%" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 3;
      continue;
    }
    const ch = String.fromCodePoint(raw.codePointAt(i)!);
    out.push(...utf8.encode(ch));
    i += ch.length;
  }
  return Uint8Array.from(out);
}
