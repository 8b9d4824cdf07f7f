/**
 * "Copy as Python (requests)" for one operation, beside "Copy as cURL" and
 * "Copy as fetch" (Scalar and Postman offer it among their snippets): the
 * request the operation's cURL command sends (operation_call.ts) as a
 * script, written by the one Python writer (lib/shared/python_code.ts)
 * that the HAR viewer's replays use.
 */
import type { OperationRequest } from "./curl.ts";
import { type PythonCall, pythonCode } from "../shared/python_code.ts";
import { operationCall } from "./operation_call.ts";

/**
 * The script of `req`, whose `url` is the full URL (the server's and the
 * path); none, and why, when it is not one requests can send (see
 * {@link operationCall}).
 */
export function operationPython(req: OperationRequest): PythonCall {
  const call = operationCall(req, {
    client: "requests",
    multipart: "requests' files=",
  });
  if (!call.request) return { code: "", note: `No Python code: ${call.why}` };
  return pythonCode(call.request, { comments: call.comments });
}
