/** An endpoint row as the spec index lists it, for the islands' hook tests. */
import type { Endpoint } from "../../lib/openapi/types.ts";

/** `method path` with no summary, tags or flags; `hay` as the filter reads it. */
export function endpoint(method: string, path: string, hay = path): Endpoint {
  return {
    method,
    path,
    summary: "",
    operationId: "",
    tags: [],
    deprecated: false,
    opKey: method,
    additional: false,
    hay,
  };
}
