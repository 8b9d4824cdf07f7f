/**
 * The class of an HTTP status, as every tool colours and filters it:
 * `2xx` to `5xx`, anything else `other` (1xx never ends an exchange, RFC
 * 9110 §15.2; 0 is a request that got no response; a description's
 * `default` has no class).
 */

/** Status classes, in display order. */
export const STATUS_CLASSES = ["2xx", "3xx", "4xx", "5xx", "other"] as const;
/** One status class. */
export type StatusClass = typeof STATUS_CLASSES[number];

/**
 * The class of `status`: a number (a response's status), or a description's
 * key read by its first digit (`"201"`, `"2XX"`; `"default"` is `other`).
 */
export function statusClass(status: number | string): StatusClass {
  const n = typeof status === "number"
    ? (status >= 200 && status < 600 ? Math.floor(status / 100) : 0)
    : status.charCodeAt(0) - 48;
  switch (n) {
    case 2:
      return "2xx";
    case 3:
      return "3xx";
    case 4:
      return "4xx";
    case 5:
      return "5xx";
    default:
      return "other";
  }
}
