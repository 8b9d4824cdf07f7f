/**
 * A small HAR for "Copy all listed": requests to `/anything` of the
 * kinds a copy writes differently (a query and a cookie jar, a JSON body,
 * a binary body piped through printf, a form's fields, a body the file
 * left out), between entries that offer no command (a CONNECT tunnel, a
 * data: URL), out of array order, with statuses for the chips to filter.
 */
import { entry, har } from "./har_hostile.ts";

/** One recorded request: method, URL, and what else it records. */
function recorded(
  at: number,
  status: number,
  request: Record<string, unknown>,
): Record<string, unknown> {
  const base = entry().request as Record<string, unknown>;
  const res = entry().response as Record<string, unknown>;
  return entry({
    startedDateTime: new Date(Date.UTC(2024, 4, 1, 10, 0, 0, at))
      .toISOString(),
    request: { ...base, queryString: [], headers: [], ...request },
    response: { ...res, status, statusText: "" },
  });
}

/** The HAR document, its requests sent to `anything` (`…/api/debug/anything`). */
export function copyAllHar(anything: string): Record<string, unknown> {
  return har([
    // Array order is not list order: the list sorts by start.
    recorded(50, 201, {
      method: "POST",
      url: `${anything}/json`,
      headers: [
        { name: "Content-Type", value: "application/json" },
        { name: "X-Quote", value: 'it\'s "q"' },
      ],
      bodySize: 27,
      postData: {
        mimeType: "application/json",
        text: '{"n": 1.50, "s": "caf\u00e9"}',
      },
    }),
    recorded(0, 200, {
      method: "GET",
      url: `${anything}/a?x=1&x=2&y=%7E`,
      headers: [
        { name: "Accept", value: "application/json" },
        { name: "Accept-Encoding", value: "gzip, br" },
        { name: "X-Latin", value: "caf\u00e9" },
      ],
      cookies: [{ name: "sid", value: "abc" }],
    }),
    recorded(10, 200, {
      method: "CONNECT",
      url: "https://api.example:443",
    }),
    recorded(20, 200, {
      method: "GET",
      url: "data:text/plain,hello",
    }),
    recorded(60, 204, {
      method: "PUT",
      url: `${anything}/bin`,
      bodySize: 6,
      postData: {
        mimeType: "application/octet-stream",
        encoding: "base64",
        text: btoa("\0\x01\xff\"\\'"),
      },
    }),
    recorded(70, 404, {
      method: "DELETE",
      url: `${anything}/d?z=%20`,
    }),
    recorded(80, 200, {
      method: "POST",
      url: `${anything}/form`,
      bodySize: 13,
      postData: {
        mimeType: "application/x-www-form-urlencoded",
        params: [{ name: "a", value: "1 2" }, { name: "b", value: "&" }],
      },
    }),
    recorded(90, 500, {
      method: "POST",
      url: `${anything}/multi`,
      bodySize: 200,
      postData: {
        mimeType: "multipart/form-data; boundary=x",
        params: [{ name: "f", value: "v" }],
      },
    }),
  ]);
}
