/**
 * `ANY /api/debug/status/{code}`: answers with the requested status and the
 * headers a client expects with it (RFC 9110 §15).
 */
import type { FamilyHandler } from "./pipeline.ts";
import { BASE_HEADERS, JSON_TYPE } from "./http.ts";
import { statusText } from "./status_text.ts";
import { DEBUG_BASE, REDIRECT_STATUSES } from "./catalog_parts.ts";

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

const cache = new Map<number, { body: string | null; headers: HeadersInit }>();

function prepared(code: number) {
  let hit = cache.get(code);
  if (!hit) {
    const body = NO_BODY.has(code)
      ? null
      : JSON.stringify({ status: code, statusText: statusText(code) });
    const headers: Record<string, string> = { ...BASE_HEADERS, ...EXTRA[code] };
    if (body !== null) headers["content-type"] = JSON_TYPE;
    hit = { body, headers };
    cache.set(code, hit);
  }
  return hit;
}

/** The status family handler. */
export const statusHandler: FamilyHandler = (_req, { params, head }) => {
  const code = params.code as number;
  const { body, headers } = prepared(code);
  if (head && body !== null) {
    return new Response(null, {
      status: code,
      headers: { ...headers, "content-length": String(body.length) },
    });
  }
  return new Response(body, { status: code, headers });
};
