/**
 * An operation's binary request body (an image upload) and a multipart
 * form's file part sent for real: its cURL command run by bash, its fetch
 * call by Deno and its Python script by python3 with `requests`, each
 * reading the same path/to/file, against the debug API's /anything, which
 * must receive the file's bytes (and the body's Content-Type and
 * Content-Length) from all three; and multipart parts, typed files and
 * form-style fields, against /echo, which shows each part as it came.
 */
import assert from "node:assert/strict";
import { startDebug } from "../helpers/debug_server.ts";
import { hasCurl } from "../helpers/curl.ts";
import { hasRequests } from "../helpers/python.ts";
import { sameFromAll } from "../helpers/copied_commands.ts";
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
      const byCurl = await sameFromAll(d, received, files);
      assert.deepEqual(byCurl, {
        data: FILE,
        type: "image/png",
        length: String(FILE.length),
      });
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
      const byCurl = await sameFromAll(d, receivedForm, files);
      assert.deepEqual(byCurl, {
        form: { name: "string" },
        files: { photo: FILE },
      });
    } finally {
      await s.close();
    }
  },
});

/**
 * A 3.1 multipart body of typed files (a `contentMediaType`, an encoding's
 * `contentType`, an array of them) and form-style fields (an object
 * exploded, one not), on `server`.
 */
function partsSpec(server: string): string {
  return JSON.stringify({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    servers: [{ url: server }],
    paths: {
      "/echo": {
        post: {
          requestBody: {
            content: {
              "multipart/form-data": {
                schema: {
                  type: "object",
                  properties: {
                    logo: { contentMediaType: "image/png" },
                    scan: { type: "string", format: "binary" },
                    pages: {
                      type: "array",
                      items: { contentMediaType: "application/pdf" },
                      example: ["p1", "p2"],
                    },
                    color: { type: "object", example: { R: 100, G: 200 } },
                    size: { type: "object", example: { w: 3, h: 4 } },
                  },
                },
                encoding: {
                  scan: { contentType: "image/tiff" },
                  color: { style: "form" },
                  size: { explode: false },
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

/**
 * The parts of the multipart body /echo received, each as its field name,
 * file name, Content-Type and text, in order (the boundary apart).
 */
function receivedParts(text: string): string[] {
  const json = JSON.parse(text.slice(text.indexOf("{")));
  const boundary = /boundary="?([^";]+)/.exec(json.headers["content-type"])!;
  return (json.body as string).split(`--${boundary[1]}`).slice(1, -1).map(
    (part) => {
      const [head, ...body] = part.replace(/^\r\n/, "").split("\r\n\r\n");
      const name = /\bname="([^"]*)"/.exec(head)?.[1];
      const file = /\bfilename="([^"]*)"/.exec(head)?.[1] ?? "-";
      const type = /^content-type: *(.*)$/im.exec(head)?.[1] ?? "-";
      return `${name} ${file} ${type} ${
        body.join("\r\n\r\n").replace(/\r\n$/, "")
      }`;
    },
  );
}

Deno.test({
  name:
    "spec binary body: a 3.1 multipart body's typed files and form-style fields go from all three as the same parts",
  ignore: !READY,
  fn: async () => {
    const s = startDebug();
    try {
      const d = operationDetail(
        parseSpec(partsSpec(s.base)),
        "paths",
        "/echo",
        "post",
      )!;
      const files = { "path/to/file": "bytes" };
      const byCurl = await sameFromAll(d, receivedParts, files);
      assert.deepEqual(byCurl, [
        "logo file image/png bytes",
        "scan file image/tiff bytes",
        "pages file application/pdf bytes",
        "pages file application/pdf bytes",
        "R - - 100",
        "G - - 200",
        "size - - w,3,h,4",
      ]);
    } finally {
      await s.close();
    }
  },
});
