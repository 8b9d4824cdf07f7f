/**
 * The HTTP methods the tools name: RFC 9110 §9.3's, PATCH (RFC 5789), and
 * QUERY, in OpenAPI's Path Item order (which is also the spec viewer's list
 * order and what a method badge colours).
 */

/** Fixed method fields of an OpenAPI Path Item, in its order. */
export const FIXED_METHODS = [
  "get",
  "put",
  "post",
  "delete",
  "options",
  "head",
  "patch",
  "trace",
] as const;

/** The fixed methods plus 3.2's `query`, in list order. */
export const KNOWN_METHODS: readonly string[] = [...FIXED_METHODS, "query"];
