/**
 * An operation's request as the "Copy as" writers of other languages take
 * it (lib/shared/fetch_code.ts, lib/shared/python_code.ts): the request
 * its cURL command sends ({@link OperationRequest}), with what their code
 * says first, the same for each.
 */
import { type OperationRequest, requestUrl, WEBHOOK_URL } from "./curl.ts";
import { bytesBase64 } from "../shared/base64.ts";
import type { HeaderPair } from "../shared/curl.ts";
import type { FetchRequest } from "../shared/fetch_code.ts";

/** What {@link operationCall} answers: a request, or why there is none. */
export type OperationCall =
  | { request: FetchRequest; comments: string[]; why?: undefined }
  | { request?: undefined; comments?: undefined; why: string };

/** The writer {@link operationCall} prepares a request for. */
export interface CallWriter {
  /** The client, as a reason names it: "fetch in Node.js and Deno". */
  client: string;
  /** What sends its multipart/form-data (and no other multipart): "FormData". */
  multipart: string;
}

/**
 * The request of `req`, whose `url` is the full URL (the server's and the
 * path), for `writer`; no request, and why (to follow "No fetch call: "),
 * when it is not one a client can send: a relative server, a callback's
 * runtime expression (`{$request.body#/url}`, OpenAPI 3.1 §4.8.20), a
 * webhook's receiver.
 */
export function operationCall(
  req: OperationRequest,
  writer: CallWriter,
): OperationCall {
  const url = requestUrl(req);
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) {
    return { why: noCallReason(url, writer.client) };
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
    // Other multipart types' parts (multipart/mixed) cannot be sent by a
    // multipart/form-data writer.
    comments.push(
      `The ${
        req.contentType.replace(/\s*;.*$/, "")
      } parts are left out: ${writer.multipart} sends multipart/form-data only (Copy as cURL sends them).`,
    );
  } else if (req.contentType) headers.push(["Content-Type", req.contentType]);
  const formData = /^multipart\/form-data/i.test(req.contentType);
  return {
    request: {
      method: req.method,
      url,
      headers,
      body: req.bodyFile
        ? { file: req.bodyFile }
        : req.body === null
        ? null
        : { text: req.body },
      form: formData ? req.form : undefined,
    },
    comments,
  };
}

/** Why `url` (not a whole http(s) URL) is no request `client` sends. */
function noCallReason(url: string, client: string): string {
  if (url.startsWith(WEBHOOK_URL)) {
    return "a webhook is sent to its receiver's URL, which the document does not give.";
  }
  return url.startsWith("{$")
    ? "the URL is an expression filled in at run time."
    : `the server URL is not a whole http(s) one, which ${client} needs.`;
}
