/**
 * "Copy as fetch" for one operation, as the HAR viewer and DevTools offer
 * it beside "Copy as cURL" (and Scalar among its snippets): the request
 * the operation's cURL command sends (operation_call.ts) as a `fetch`
 * call, written by the one fetch writer (lib/shared/fetch_code.ts) that
 * the HAR viewer's replays use.
 */
import type { OperationRequest } from "./curl.ts";
import { type FetchCall, fetchCode } from "../shared/fetch_code.ts";
import { operationCall } from "./operation_call.ts";

/**
 * The fetch call of `req`, whose `url` is the full URL (the server's and
 * the path); no call, and why, when it is not one fetch in Node.js or
 * Deno can request (see {@link operationCall}).
 */
export function operationFetch(req: OperationRequest): FetchCall {
  const call = operationCall(req, {
    client: "fetch in Node.js and Deno",
    multipart: "FormData",
  });
  if (!call.request) return { code: "", note: `No fetch call: ${call.why}` };
  return fetchCode(call.request, { comments: call.comments });
}
