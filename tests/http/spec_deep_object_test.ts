/**
 * An operation's deepObject query parameters and deepObject form fields
 * (as Stripe declares them) sent for real: its cURL command run by bash,
 * its fetch call by Deno and its Python script by python3 with
 * `requests`, each against the debug API's /anything, which must receive
 * the same query and form from all three, bracketed as such APIs read
 * them (`expand[]`, `line_items[0][price]`, `metadata[order]`).
 */
import assert from "node:assert/strict";
import { startDebug } from "../helpers/debug_server.ts";
import { hasCurl } from "../helpers/curl.ts";
import { hasRequests } from "../helpers/python.ts";
import { sameFromAll } from "../helpers/copied_commands.ts";
import { operationDetail } from "../../lib/openapi/detail.ts";
import { parseSpec } from "../../lib/openapi/mod.ts";

const READY = await hasCurl() && await hasRequests();

const DEEP = { style: "deepObject", explode: true };

/** The operation, on `server`: Stripe's shapes, with examples. */
function spec(server: string): string {
  return JSON.stringify({
    openapi: "3.0.0",
    info: { title: "t", version: "1" },
    servers: [{ url: server }],
    paths: {
      "/v1/checkout/sessions": {
        post: {
          parameters: [{
            name: "expand",
            in: "query",
            required: true,
            ...DEEP,
            schema: { type: "array", items: { type: "string" } },
            example: ["customer", "invoice"],
          }, {
            name: "created",
            in: "query",
            required: true,
            ...DEEP,
            schema: { type: "object" },
            example: { gte: 1, range: { lt: 9 } },
          }, {
            // No example: its generated sample goes, bracketed too.
            name: "filter",
            in: "query",
            required: true,
            ...DEEP,
            schema: {
              type: "object",
              properties: {
                status: { type: "string", enum: ["open"] },
                amount: {
                  type: "object",
                  properties: { gte: { type: "integer", minimum: 5 } },
                },
              },
            },
          }],
          requestBody: {
            content: {
              "application/x-www-form-urlencoded": {
                schema: {
                  type: "object",
                  example: {
                    payment_method_types: ["card", "sepa_debit"],
                    line_items: [{ price: "p_1", tax_rates: ["t1", "t2"] }],
                    metadata: { order: "6735" },
                    success_url: "https://x.test/ok?a=1&b=2",
                  },
                },
                encoding: {
                  payment_method_types: DEEP,
                  line_items: DEEP,
                  metadata: DEEP,
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

/** The query and form /anything received. */
function received(text: string): unknown {
  const json = JSON.parse(text.slice(text.indexOf("{")));
  return { args: json.args, form: json.form };
}

Deno.test({
  name:
    "spec deepObject: an operation's cURL command, fetch call and Python script send /anything the same bracketed query and form",
  ignore: !READY,
  fn: async () => {
    const s = startDebug();
    try {
      const d = operationDetail(
        parseSpec(spec(`${s.base}/anything`)),
        "paths",
        "/v1/checkout/sessions",
        "post",
      )!;
      const byCurl = await sameFromAll(d, received);
      assert.deepEqual(byCurl, {
        args: {
          "expand[]": ["customer", "invoice"],
          "created[gte]": "1",
          "created[range][lt]": "9",
          "filter[status]": "open",
          "filter[amount][gte]": "5",
        },
        form: {
          "payment_method_types[]": ["card", "sepa_debit"],
          "line_items[0][price]": "p_1",
          "line_items[0][tax_rates][]": ["t1", "t2"],
          "metadata[order]": "6735",
          success_url: "https://x.test/ok?a=1&b=2",
        },
      });
    } finally {
      await s.close();
    }
  },
});

/**
 * The same fields as an OpenAPI 3.1 multipart/form-data body, where an
 * encoding's `style` applies too: a part per member, bracketed.
 */
function multipartSpec(server: string): string {
  return JSON.stringify({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    servers: [{ url: server }],
    paths: {
      "/v1/files": {
        post: {
          requestBody: {
            content: {
              "multipart/form-data": {
                schema: {
                  type: "object",
                  example: {
                    purpose: "dispute_evidence",
                    file_link_data: {
                      create: true,
                      metadata: { order: "6735" },
                    },
                    expand: ["links"],
                  },
                },
                encoding: { file_link_data: DEEP, expand: DEEP },
              },
            },
          },
          responses: {},
        },
      },
    },
  });
}

Deno.test({
  name:
    "spec deepObject: a 3.1 multipart body's deepObject fields go from all three as the same bracketed parts",
  ignore: !READY,
  fn: async () => {
    const s = startDebug();
    try {
      const d = operationDetail(
        parseSpec(multipartSpec(`${s.base}/anything`)),
        "paths",
        "/v1/files",
        "post",
      )!;
      const byCurl = await sameFromAll(d, received);
      assert.deepEqual(byCurl, {
        args: {},
        form: {
          purpose: "dispute_evidence",
          "file_link_data[create]": "true",
          "file_link_data[metadata][order]": "6735",
          "expand[]": "links",
        },
      });
    } finally {
      await s.close();
    }
  },
});

/**
 * A 3.1 operation whose query parameter and urlencoded field allow
 * reserved characters (OpenAPI 3.x §4.8.12.1, §4.8.15): a URL goes with
 * its `/`, `:` and `?` as they are, `&`, `=`, `+` and `#` still encoded
 * (3.2 Appendix C), so each reads back whole. /anything echoes the query
 * as sent (`url`) but a form only decoded: the form's bytes are
 * curl_test.ts's.
 */
function reservedSpec(server: string): string {
  const value = "https://x.test/a?b=c&d+e#f";
  return JSON.stringify({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    servers: [{ url: server }],
    paths: {
      "/r": {
        post: {
          parameters: [{
            name: "next",
            in: "query",
            required: true,
            allowReserved: true,
            schema: { type: "string" },
            example: value,
          }],
          requestBody: {
            content: {
              "application/x-www-form-urlencoded": {
                schema: { type: "object", example: { back: value } },
                encoding: { back: { allowReserved: true } },
              },
            },
          },
          responses: {},
        },
      },
    },
  });
}

Deno.test({
  name:
    "spec allowReserved: the cURL command, fetch call and Python script send /anything the same query, reserved characters as they are",
  ignore: !READY,
  fn: async () => {
    const s = startDebug();
    try {
      const d = operationDetail(
        parseSpec(reservedSpec(`${s.base}/anything`)),
        "paths",
        "/r",
        "post",
      )!;
      const sent = (text: string) => {
        const json = JSON.parse(text.slice(text.indexOf("{")));
        return { ...(received(text) as object), url: json.url };
      };
      const byCurl = await sameFromAll(d, sent);
      assert.deepEqual(byCurl, {
        args: { next: "https://x.test/a?b=c&d+e#f" },
        form: { back: "https://x.test/a?b=c&d+e#f" },
        url: `${s.base}/anything/r?next=https://x.test/a?b%3Dc%26d%2Be%23f`,
      });
    } finally {
      await s.close();
    }
  },
});
