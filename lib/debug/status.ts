/**
 * `ANY /api/debug/status/{code}`: answers with the requested status and the
 * headers a client expects with it (RFC 9110 §15).
 */
import type { FamilyHandler } from "./pipeline.ts";
import { BASE_HEADERS, JSON_TYPE } from "./http.ts";
import { statusText } from "./status_text.ts";
import { DEBUG_BASE, REDIRECT_STATUSES } from "./catalog_parts.ts";
import { prebuilt } from "./response_cache.ts";

/** Statuses whose responses never have content (RFC 9110 §15.3.5, §15.3.6, §15.4.5). */
const NO_BODY = new Set([204, 205, 304]);

/** Extra headers per status: what a client is entitled to expect. */
const EXTRA: Record<number, Record<string, string>> = {
  // RFC 9110 §15.5.2: a 401 MUST carry a challenge.
  401: { "www-authenticate": 'Basic realm="wirebench", charset="UTF-8"' },
  // RFC 9110 §15.5.6: Allow MUST list the supported methods.
  405: { allow: "GET, HEAD" },
  // RFC 9110 §15.5.8: a 407 MUST carry a proxy challenge.
  407: { "proxy-authenticate": 'Basic realm="wirebench", charset="UTF-8"' },
  // RFC 6585 §4, RFC 9110 §10.2.3: when to try again, in seconds.
  429: { "retry-after": "1" },
  503: { "retry-after": "1" },
};
for (const s of REDIRECT_STATUSES) {
  EXTRA[s] = { location: `${DEBUG_BASE}/redirect/0` };
}

interface Prepared {
  body: string | null;
  headers: Record<string, string>;
  /** A clone of the GET response, built once (lib/debug/response_cache.ts). */
  get: () => Response;
}

/**
 * Every code's body and headers, built at start: the set is finite
 * (200-599), and building the response once rather than per request is
 * the largest saving on this path.
 */
const PREPARED = new Map<number, Prepared>();
for (let code = 200; code <= 599; code++) {
  const body = NO_BODY.has(code)
    ? null
    : JSON.stringify({ status: code, statusText: statusText(code) });
  const headers: Record<string, string> = { ...BASE_HEADERS, ...EXTRA[code] };
  if (body !== null) headers["content-type"] = JSON_TYPE;
  PREPARED.set(code, {
    body,
    headers,
    get: prebuilt(body, { status: code, headers }),
  });
}

/** The status family handler. */
export const statusHandler: FamilyHandler = (_req, { params, head }) => {
  const code = params.code as number;
  const { body, headers, get } = PREPARED.get(code)!;
  if (head && body !== null) {
    return new Response(null, {
      status: code,
      headers: { ...headers, "content-length": String(body.length) },
    });
  }
  return get();
};
