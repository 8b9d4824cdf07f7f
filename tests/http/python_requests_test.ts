/**
 * "Copy as Python" run for real: each script is run by python3 with
 * `requests` against the debug API's /anything over TCP, and what the
 * server received must be what the same request's cURL command sends it
 * (an operation's, as the spec viewer copies both; a recorded request's,
 * as the HAR viewer does). What only the clients choose (User-Agent, the
 * codings asked for, a multipart boundary) is left out of the comparison.
 */
import assert from "node:assert/strict";
import { startDebug } from "../helpers/debug_server.ts";
import { hasCurl, runCurlCommand } from "../helpers/curl.ts";
import { hasRequests, runPython } from "../helpers/python.ts";
import {
  operationCommand,
  type OperationRequest,
} from "../../lib/openapi/curl.ts";
import { operationPython } from "../../lib/openapi/operation_python.ts";
import { replayCurl, replayOf } from "../../lib/har/curl.ts";
import { pythonCode } from "../../lib/shared/python_code.ts";
import { operationFetch } from "../../lib/openapi/operation_fetch.ts";

const READY = await hasCurl() && await hasRequests();

/** Headers each client writes its own way. */
const CLIENTS_OWN = ["User-Agent", "Accept-Encoding", "Connection"];

/** What /anything reflected, without what the clients choose. */
function received(text: string, multipart: boolean): Record<string, unknown> {
  // Python prints the status line first.
  const json = JSON.parse(text.slice(text.indexOf("{")));
  const headers = { ...json.headers };
  for (const h of CLIENTS_OWN) delete headers[h];
  if (multipart) {
    // The boundary is each client's, and with it the length.
    headers["Content-Type"] = headers["Content-Type"]?.replace(/;.*$/, "");
    delete headers["Content-Length"];
    json.data = "";
  }
  return { ...json, headers, origin: "" };
}

const op = (o: Partial<OperationRequest>): OperationRequest => ({
  method: "POST",
  url: "/anything/v1/charges",
  query: [],
  headers: [],
  contentType: "",
  body: null,
  ...o,
});

/**
 * An operation, what /anything must have received (a part, so a run
 * where neither client sent it cannot pass), and the files its command
 * reads.
 */
const JSON_BODY =
  '{"amount": 2000, "currency": "usd",  "note": "it\'s \\"é\\" 日本"}';

const OPERATIONS: [
  string,
  OperationRequest,
  Record<string, unknown> & { headers?: Record<string, string> },
  Record<string, string>?,
][] = [
  [
    "a JSON body",
    op({ contentType: "application/json", body: JSON_BODY }),
    { data: JSON_BODY, json: JSON.parse(JSON_BODY) },
  ],
  [
    "a form",
    op({
      contentType: "application/x-www-form-urlencoded",
      body:
        "amount=2000&metadata%5Border_id%5D=6735&expand%5B%5D=a&expand%5B%5D=b&note=a+b%26c",
    }),
    {
      form: {
        amount: "2000",
        "metadata[order_id]": "6735",
        "expand[]": ["a", "b"],
        note: "a b&c",
      },
    },
  ],
  [
    "a multipart with a file",
    op({
      contentType: "multipart/form-data",
      form: [
        { name: "purpose", value: "dispute_evidence" },
        { name: "meta", value: '{"a":1}', type: "application/json" },
        { name: "file", value: "path/to/file", file: true },
      ],
    }),
    {
      form: { purpose: "dispute_evidence", meta: '{"a":1}' },
      files: { file: "the file's text\n" },
    },
    { "path/to/file": "the file's text\n" },
  ],
  [
    "repeated query keys",
    op({
      method: "GET",
      query: [
        { name: "expand[]", value: "customer" },
        { name: "expand[]", value: "invoice" },
        { name: "q", value: "a b&c=d" },
      ],
    }),
    { args: { "expand[]": ["customer", "invoice"], q: "a b&c=d" } },
  ],
  [
    "non-ASCII header values",
    op({
      method: "GET",
      headers: [
        { name: "X-Name", value: "café" },
        { name: "X-Jp", value: "日本" },
        { name: "Idempotency-Key", value: "it's" },
      ],
    }),
    // The bytes arrive, read one character a byte (Latin-1).
    {
      headers: {
        "X-Name": "caf\xe9",
        "X-Jp": "\xe6\x97\xa5\xe6\x9c\xac",
        "Idempotency-Key": "it's",
      },
    },
  ],
  [
    "Basic auth",
    op({ method: "GET", user: "sk_test_123:" }),
    { headers: { Authorization: `Basic ${btoa("sk_test_123:")}` } },
  ],
];

Deno.test({
  name:
    "python requests: an operation's script sends /anything what its cURL command sends (JSON, form, multipart with a file, repeated query keys, non-ASCII header values, Basic auth)",
  ignore: !READY,
  fn: async () => {
    const s = startDebug();
    try {
      for (const [what, o, want, files = {}] of OPERATIONS) {
        const req = { ...o, url: s.base + o.url };
        const multipart = !!o.form;
        const byCurl = received(
          await runCurlCommand(operationCommand(req), files),
          multipart,
        );
        const script = operationPython(req);
        assert.ok(script.code, script.note);
        const out = await runPython(script.code, { files });
        assert.match(out, /^200 OK\n/, what);
        assert.deepEqual(received(out, multipart), byCurl, what);
        for (const [k, v] of Object.entries(want)) {
          if (k !== "headers") assert.deepEqual(byCurl[k], v, `${what}: ${k}`);
        }
        const headers = byCurl.headers as Record<string, string>;
        for (const [k, v] of Object.entries(want.headers ?? {})) {
          assert.equal(headers[k], v, `${what}: ${k}`);
        }
      }
    } finally {
      await s.close();
    }
  },
});

Deno.test({
  name:
    "python requests: a recorded request's script sends /anything what its replay's cURL command sends (credentials in the URL, repeated headers, a binary body)",
  ignore: !READY,
  fn: async () => {
    const s = startDebug();
    try {
      const url = s.base.replace("://", "://us%40er:p%C3%A4ss@") +
        "/anything/r?a=1&a=2&b=%7E";
      const replay = replayOf("PUT", url, [
        { name: "Accept", value: "text/html" },
        { name: "Accept", value: "application/json" },
        { name: "X-Latin", value: "caf\xe9" },
      ], {
        bytes: new Uint8Array([0, 1, 2, 0xff, 0x22, 0x5c]),
        mimeType: "application/octet-stream",
      });
      const byCurl = received(await runCurlCommand(replayCurl(replay)), false);
      const script = pythonCode(
        { ...replay, body: replay.body },
        { recorded: true },
      );
      // requests writes `%7E` as `~` (RFC 3986 §6.2.2.2), as the script
      // says; all else it sends as curl does.
      assert.match(script.code, /# requests sends this URL with %7E as ~ /);
      const out = await runPython(script.code);
      assert.deepEqual(received(out, false), {
        ...byCurl,
        url: (byCurl.url as string).replace("%7E", "~"),
      });
      assert.equal(
        (byCurl.headers as Record<string, string>).Authorization,
        `Basic ${btoa("us@er:p\xc3\xa4ss")}`,
      );
    } finally {
      await s.close();
    }
  },
});

Deno.test({
  name:
    "python requests: a redirect is the answer, as the cURL command (no -L) answers it: the script and the fetch call print the 302, not where it leads",
  ignore: !READY,
  fn: async () => {
    const s = startDebug();
    try {
      for (const method of ["GET", "POST"]) {
        const req = op({
          method,
          url: `${s.base}/redirect-to`,
          query: [{ name: "url", value: "/api/debug/anything" }],
          contentType: method === "POST" ? "text/plain" : "",
          body: method === "POST" ? "x" : null,
        });
        const byCurl = await runCurlCommand(
          operationCommand(req).replace(
            /^curl /,
            "curl -s -o /dev/null -w '%{http_code} %{redirect_url}' ",
          ),
        );
        assert.equal(byCurl, `302 ${s.origin}/api/debug/anything`, method);
        const script = operationPython(req);
        assert.match(script.code, /allow_redirects=False\)/);
        assert.match(await runPython(script.code), /^302 Found\n/, method);
        // fetch in Deno (and Node.js) answers a manual redirect with the 3xx.
        const call = operationFetch(req).code.replace(
          /^await fetch\(/m,
          "return await fetch(",
        );
        const AsyncFunction = Object.getPrototypeOf(async () => {})
          .constructor;
        const res: Response = await new AsyncFunction(call)();
        await res.body?.cancel();
        assert.equal(res.status, 302, method);
        assert.equal(res.headers.get("location"), "/api/debug/anything");
      }
    } finally {
      await s.close();
    }
  },
});
