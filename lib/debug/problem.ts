/**
 * Problem Details responses (RFC 9457) for every debug API error.
 */

const TITLES: Record<number, string> = {
  400: "Bad Request",
  404: "Not Found",
  405: "Method Not Allowed",
  413: "Content Too Large",
  500: "Internal Server Error",
};

/** Builds an `application/problem+json` response. */
export function problem(
  status: number,
  detail: string,
  param?: string,
): Response {
  const body = {
    type: "about:blank",
    title: TITLES[status] ?? "Error",
    status,
    detail,
    ...(param ? { param } : {}),
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      "content-type": "application/problem+json",
      "cache-control": "no-store",
      "access-control-allow-origin": "*",
    },
  });
}
