/**
 * "Copy as fetch" for one operation, as the HAR viewer and DevTools offer
 * it beside "Copy as cURL" (and Scalar among its snippets): the request
 * the operation's cURL command sends ({@link OperationRequest}) as a
 * `fetch` call, written by the one fetch writer (lib/shared/fetch_code.ts)
 * that the HAR viewer's replays use.
 */
import { type OperationRequest, requestUrl, WEBHOOK_URL } from "./curl.ts";
import { bytesBase64 } from "../shared/base64.ts";
import type { HeaderPair } from "../shared/curl.ts";
import { type FetchCall, fetchCode } from "../shared/fetch_code.ts";

/**
 * The fetch call of `req`, whose `url` is the full URL (the server's and
 * the path); no call, and why, when it is not one fetch in Node.js or
 * Deno can request: a relative server, a callback's runtime expression
 * (`{$request.body#/url}`, OpenAPI 3.1 §4.8.20), a webhook's receiver.
 */
export function operationFetch(req: OperationRequest): FetchCall {
  const url = requestUrl(req);
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) {
    return { code: "", note: noCallNote(url) };
  }
  const headers: HeaderPair[] = req.headers.map((h) => [h.name, h.value]);
  const comments: string[] = [];
  const has = (name: string) => headers.some(([n]) => n.toLowerCase() === name);
  if (req.user && !has("authorization")) {
    // curl's `-u` (RFC 7617 §2): the placeholder said, then encoded.
    headers.push([
      "Authorization",
      `Basic ${bytesBase64(new TextEncoder().encode(req.user))}`,
    ]);
    comments.push(
      `Authorization: Basic ${req.user}, base64-encoded (RFC 7617 §2).`,
    );
  }
  if (req.form?.length && !/^multipart\/form-data/i.test(req.contentType)) {
    // FormData is multipart/form-data only: other multipart types' parts
    // (multipart/mixed) cannot be sent by it.
    comments.push(
      `The ${
        req.contentType.replace(/\s*;.*$/, "")
      } parts are left out: FormData sends multipart/form-data only (Copy as cURL sends them).`,
    );
  } else if (req.contentType) headers.push(["Content-Type", req.contentType]);
  const formData = /^multipart\/form-data/i.test(req.contentType);
  return fetchCode({
    method: req.method,
    url,
    headers,
    body: req.body === null ? null : { text: req.body },
    form: formData ? req.form : undefined,
  }, { comments });
}

/** Why `url` (not a whole http(s) URL) is no fetch call. */
function noCallNote(url: string): string {
  if (url.startsWith(WEBHOOK_URL)) {
    return "No fetch call: a webhook is sent to its receiver's URL, which the document does not give.";
  }
  return url.startsWith("{$")
    ? "No fetch call: the URL is an expression filled in at run time."
    : "No fetch call: the server URL is not a whole http(s) one, which fetch in Node.js and Deno needs.";
}
