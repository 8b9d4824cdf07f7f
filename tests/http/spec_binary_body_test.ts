/**
 * An operation's binary request body (an image upload) and a multipart
 * form's file part sent for real: its cURL command run by bash, its fetch
 * call by Deno and its Python script by python3 with `requests`, each
 * reading the same path/to/file, against the debug API's /anything, which
 * must receive the file's bytes (and the body's Content-Type and
 * Content-Length) from all three.
 */
import assert from "node:assert/strict";
import { startDebug } from "../helpers/debug_server.ts";
import { hasCurl, runCurlCommand } from "../helpers/curl.ts";
import { hasRequests, runPython } from "../helpers/python.ts";
import { runFetchForReal } from "../helpers/fetch_stub.ts";
import { operationDetail } from "../../lib/openapi/detail.ts";
import { parseSpec } from "../../lib/openapi/mod.ts";

const READY = await hasCurl() && await hasRequests();

/** The file's text: line breaks curl's `-d @file` would drop, kept. */
const FILE = "line one\r\nline two\n\tthree";

/** The operation, on `server`: a PNG upload, 3.1's way (no schema). */
function spec(server: string): string {
  return JSON.stringify({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    servers: [{ url: server }],
    paths: {
      "/avatar": {
        put: {
          requestBody: { required: true, content: { "image/png": {} } },
          responses: {},
        },
      },
    },
  });
}

/** The body and the fields of it /anything received. */
function received(text: string): unknown {
  const json = JSON.parse(text.slice(text.indexOf("{")));
  return {
    data: json.data,
    type: json.headers["Content-Type"],
    length: json.headers["Content-Length"],
  };
}

Deno.test({
  name:
    "spec binary body: an operation's cURL command, fetch call and Python script send /anything the same file's bytes",
  ignore: !READY,
  fn: async () => {
    const s = startDebug();
    try {
      const d = operationDetail(
        parseSpec(spec(`${s.base}/anything`)),
        "paths",
        "/avatar",
        "put",
      )!;
      const files = { "path/to/file": FILE };
      const byCurl = received(await runCurlCommand(d.curl, files));
      assert.deepEqual(byCurl, {
        data: FILE,
        type: "image/png",
        length: String(FILE.length),
      });
      assert.deepEqual(
        received(await runFetchForReal(d.fetch, { files })),
        byCurl,
      );
      assert.deepEqual(received(await runPython(d.python, { files })), byCurl);
    } finally {
      await s.close();
    }
  },
});

/** The operation, on `server`: a form with a name and a photo file. */
function formSpec(server: string): string {
  return JSON.stringify({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    servers: [{ url: server }],
    paths: {
      "/avatar": {
        post: {
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: {
                  type: "object",
                  properties: {
                    name: { type: "string" },
                    photo: { type: "string", format: "binary" },
                  },
                },
              },
            },
          },
          responses: {},
        },
      },
    },
  });
}

/** The form fields and files /anything received. */
function receivedForm(text: string): unknown {
  const json = JSON.parse(text.slice(text.indexOf("{")));
  return { form: json.form, files: json.files };
}

Deno.test({
  name:
    "spec binary body: an operation's multipart file part is the same file's bytes from its cURL command, fetch call and Python script",
  ignore: !READY,
  fn: async () => {
    const s = startDebug();
    try {
      const d = operationDetail(
        parseSpec(formSpec(`${s.base}/anything`)),
        "paths",
        "/avatar",
        "post",
      )!;
      const files = { "path/to/file": FILE };
      const byCurl = receivedForm(await runCurlCommand(d.curl, files));
      assert.deepEqual(byCurl, {
        form: { name: "string" },
        files: { photo: FILE },
      });
      assert.deepEqual(
        receivedForm(await runFetchForReal(d.fetch, { files })),
        byCurl,
      );
      assert.deepEqual(
        receivedForm(await runPython(d.python, { files })),
        byCurl,
      );
    } finally {
      await s.close();
    }
  },
});
