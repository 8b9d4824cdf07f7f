/** A runner's prepared request for unit tests: a plain GET, patched. */
import type { PreparedRequest } from "../../islands/debug/model.ts";

/** A GET of `http://h/api/debug/echo` with no options, and `patch` over it. */
export function preparedRequest(
  patch: Partial<PreparedRequest> = {},
): PreparedRequest {
  return {
    url: "http://h/api/debug/echo",
    method: "GET",
    headers: [],
    follow: false,
    manual: false,
    compressed: false,
    stream: false,
    ...patch,
  };
}
