/**
 * `/api/debug/echo`: the request as the server received it, always as JSON
 * (the base headers add `X-Content-Type-Options: nosniff`), so no reflected
 * input can ever be rendered as HTML.
 */
import type { FamilyHandler } from "./pipeline.ts";
import { BASE_HEADERS, JSON_TYPE, REFLECT_HEADERS, urlPath } from "./http.ts";
import { ResponseCache } from "./response_cache.ts";
import { multiMap, readForm } from "./echo_form.ts";

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function decode(bytes: Uint8Array): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const HEADERS = {
  ...BASE_HEADERS,
  "content-type": JSON_TYPE,
  ...REFLECT_HEADERS,
};

// The reply is exactly the JSON text, so a repeated request (same method,
// URL, headers and body: what test suites and load generators send) reuses
// the response built for it. Keys over 4 KiB are never stored.
const cache = new ResponseCache();

/** The echo family handler (synchronous unless a multipart body is read). */
export const echoHandler: FamilyHandler = (req, { query, body, head }) => {
  const text = decode(body);
  const echo = {
    // HEAD answers with the headers GET would get (RFC 9110 §9.3.2), so
    // its Content-Length is that of the GET body.
    method: head ? "GET" : req.method,
    url: req.url,
    path: urlPath(req.url),
    query: query ? multiMap(new URLSearchParams(query)) : {},
    headers: Object.fromEntries(req.headers),
    body: text ?? body.toBase64(),
    bodyEncoding: text === null ? "base64" : "utf8",
    bodySize: body.byteLength,
    json: parseJson(text),
    form: null as Record<string, unknown> | null,
  };
  const form = body.byteLength
    ? readForm(req.headers.get("content-type"), body, text)
    : null;
  const reply = () => {
    const json = JSON.stringify(echo);
    return cache.respond(
      json,
      () => new Response(json, { status: 200, headers: HEADERS }),
    );
  };
  if (form instanceof Promise) {
    return form.then((f) => {
      echo.form = f;
      return reply();
    });
  }
  echo.form = form;
  return reply();
};
