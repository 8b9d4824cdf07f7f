/**
 * The colour token of an HTTP method badge (`.method-*` of static/styles.css),
 * shared by the islands' badge and the server-rendered debug reference.
 */

/**
 * Methods with a badge of their own: RFC 9110 §9.3's, PATCH (RFC 5789) and
 * QUERY (the safe method with a body OpenAPI 3.2 lists).
 */
const KNOWN: ReadonlySet<string> = new Set([
  "get",
  "put",
  "post",
  "delete",
  "options",
  "head",
  "patch",
  "trace",
  "query",
]);

/**
 * A badge's classes: a known method's own, any other `method-extra`, so a
 * recorded method (a HAR's, in any case) never adds a class of its choosing.
 */
export function methodClass(method: string): string {
  const m = method.toLowerCase();
  return KNOWN.has(m) ? `method method-${m}` : "method method-extra";
}
