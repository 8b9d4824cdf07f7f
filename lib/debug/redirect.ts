/**
 * `ANY /api/debug/redirect/{count}`: a chain of `count` redirects, then
 * `{"done":true}`. Every Location is built here from the integer count, so
 * it can only point to `/api/debug/redirect/N` on this origin: no parameter
 * can turn it into an open redirect.
 */
import type { FamilyHandler } from "./pipeline.ts";
import { BASE_HEADERS, JSON_TYPE } from "./http.ts";
import { prebuilt } from "./response_cache.ts";
import { DEBUG_BASE } from "./catalog_parts.ts";

/** The chain's end, built once (lib/debug/response_cache.ts). */
const done = prebuilt('{"done":true}', {
  status: 200,
  headers: { ...BASE_HEADERS, "content-type": JSON_TYPE },
});

/** The redirect family handler. */
export const redirectHandler: FamilyHandler = (req, { params, query }) => {
  const count = params.count as number;
  if (count === 0) return done();
  // The query string is kept byte for byte, so `sleep`, `status` and
  // `absolute` apply to every hop (CONTRACT section 3).
  let location = `${DEBUG_BASE}/redirect/${count - 1}${
    query ? "?" + query : ""
  }`;
  if (params.absolute) location = new URL(req.url).origin + location;
  return new Response(null, {
    status: params.status as number,
    headers: { ...BASE_HEADERS, location },
  });
};
