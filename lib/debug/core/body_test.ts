/** Request bodies: content codings, the decoded-size limit, slow bodies. */
import assert from "node:assert/strict";
import {
  brotliCompressSync,
  deflateRawSync,
  deflateSync,
  gzipSync,
} from "node:zlib";
import {
  decodeBody,
  DECODED_CODINGS,
  jsonOrNull,
  requestCodings,
  utf8Text,
} from "./body.ts";
import { ParamError } from "./params.ts";
import { createDebugHandler } from "../mod.ts";

const CODINGS: [string, string | null, string[]][] = [
  ["ok/absent", null, []],
  ["ok/identity", "identity", []],
  ["ok/gzip", "gzip", ["gzip"]],
  ["ok/x-gzip is gzip", "x-gzip", ["gzip"]],
  ["ok/case and spaces", " GZip , BR ", ["gzip", "br"]],
  ["ok/deflate", "deflate", ["deflate"]],
  ["ok/empty entries skipped", "gzip,,identity", ["gzip"]],
];
for (const [name, header, want] of CODINGS) {
  Deno.test(`requestCodings: ${name}`, () => {
    assert.deepEqual(requestCodings(header), want);
  });
}

const UNKNOWN: [string, string][] = [
  ["bad/zstd", "zstd"],
  ["bad/compress", "compress"],
  ["bad/unknown after a known one", "gzip, foo"],
  ["bad/more than 4 codings", "gzip, gzip, gzip, gzip, gzip"],
];
for (const [name, header] of UNKNOWN) {
  Deno.test(`requestCodings: ${name} is 415 with Accept-Encoding`, () => {
    assert.throws(
      () => requestCodings(header),
      (e) =>
        e instanceof ParamError && e.status === 415 &&
        e.param === "Content-Encoding" &&
        e.headers?.["accept-encoding"] === DECODED_CODINGS,
    );
  });
}

const text = new TextEncoder().encode('{"hello":"wörld"}'.repeat(10));
const DECODE: [string, Uint8Array, string[]][] = [
  ["ok/gzip", gzipSync(text), ["gzip"]],
  ["ok/deflate (zlib)", deflateSync(text), ["deflate"]],
  ["ok/deflate (raw, as some clients send)", deflateRawSync(text), ["deflate"]],
  ["ok/br", brotliCompressSync(text), ["br"]],
  ["ok/gzip then br, decoded in reverse", brotliCompressSync(gzipSync(text)), [
    "gzip",
    "br",
  ]],
];
for (const [name, bytes, codings] of DECODE) {
  Deno.test(`decodeBody: ${name}`, async () => {
    assert.deepEqual(
      new Uint8Array(await decodeBody(bytes, codings, 10_000)),
      text,
    );
  });
}

const BAD: [string, Uint8Array, string[], number, number][] = [
  [
    "bad/gzip bomb over the limit",
    gzipSync(new Uint8Array(1_000_000)),
    ["gzip"],
    1000,
    413,
  ],
  [
    "bad/br bomb over the limit",
    brotliCompressSync(new Uint8Array(1_000_000)),
    ["br"],
    1000,
    413,
  ],
  [
    "bad/deflate one byte over",
    deflateSync(new Uint8Array(1001)),
    ["deflate"],
    1000,
    413,
  ],
  ["bad/not gzip", new TextEncoder().encode("plain"), ["gzip"], 1000, 400],
  ["bad/not br", new Uint8Array([0xff, 0xff, 0xff]), ["br"], 1000, 400],
  [
    "bad/truncated br",
    brotliCompressSync(text).slice(0, -3),
    ["br"],
    1000,
    400,
  ],
  ["bad/truncated gzip", gzipSync(text).slice(0, 20), ["gzip"], 1000, 400],
];
for (const [name, bytes, codings, max, status] of BAD) {
  Deno.test(`decodeBody: ${name} is ${status}`, async () => {
    await assert.rejects(
      decodeBody(bytes, codings, max),
      (e) => e instanceof ParamError && e.status === status,
    );
  });
}

Deno.test("decodeBody: ok/exactly the limit is accepted", async () => {
  assert.equal(
    (await decodeBody(gzipSync(new Uint8Array(1000)), ["gzip"], 1000)).length,
    1000,
  );
});

const handler = createDebugHandler({
  limits: { maxBodyBytes: 1000, bodyIdleMs: 50, maxSleepMs: 2000 },
});
const post = async (
  path: string,
  body: BodyInit | Uint8Array,
  headers: Record<string, string> = {},
) => {
  const res = await handler(
    new Request(`http://wb.test/api/debug${path}`, {
      method: "POST",
      body: body as BodyInit,
      headers,
    }),
  );
  return { res, json: await res.json() };
};

Deno.test("body handler: ok/coded bodies are decoded on /post and /echo", async () => {
  for (
    const [coding, bytes] of [
      ["gzip", gzipSync(text)],
      ["deflate", deflateSync(text)],
      ["br", brotliCompressSync(text)],
    ] as const
  ) {
    const a = await post("/post", bytes, {
      "content-encoding": coding,
      "content-type": "application/json",
    });
    assert.equal(a.res.status, 200, coding);
    assert.equal(a.json.data, new TextDecoder().decode(text));
    assert.equal(a.json.headers["Content-Encoding"], coding);
    const e = await post("/echo", bytes, { "content-encoding": coding });
    assert.equal(e.res.status, 200, coding);
    assert.equal(e.json.bodySize, text.length);
  }
});

const REFUSED: [
  string,
  string,
  BodyInit | Uint8Array,
  Record<string, string>,
  number,
  string,
][] = [
  [
    "bad/bomb on /post",
    "/post",
    gzipSync(new Uint8Array(100_000)),
    { "content-encoding": "gzip" },
    413,
    "body",
  ],
  [
    "bad/bomb on /anything",
    "/anything",
    brotliCompressSync(new Uint8Array(100_000)),
    { "content-encoding": "br" },
    413,
    "body",
  ],
  [
    "bad/plain over the limit",
    "/anything",
    new Uint8Array(1001),
    {},
    413,
    "body",
  ],
  [
    "bad/zstd",
    "/post",
    "x",
    { "content-encoding": "zstd" },
    415,
    "Content-Encoding",
  ],
  [
    "bad/not gzip data",
    "/post",
    "x",
    { "content-encoding": "gzip" },
    400,
    "Content-Encoding",
  ],
];
for (const [name, path, body, headers, status, param] of REFUSED) {
  Deno.test(`body handler: ${name} is ${status}`, async () => {
    const { res, json } = await post(path, body, headers);
    assert.equal(res.status, status, JSON.stringify(json));
    assert.equal(json.param, param);
    if (status === 415) {
      assert.equal(res.headers.get("accept-encoding"), DECODED_CODINGS);
    }
  });
}

Deno.test("body handler: bad/a body that stops arriving is 408 and asks to close", async () => {
  let cancelled = false;
  const stalled = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new TextEncoder().encode("{"));
    },
    cancel() {
      cancelled = true;
    },
  });
  const t0 = performance.now();
  const { res, json } = await post("/post", stalled);
  assert.equal(res.status, 408);
  assert.equal(json.param, "body");
  assert.equal(res.headers.get("connection"), "close");
  assert.ok(cancelled, "the body stream was cancelled");
  assert.ok(performance.now() - t0 < 1500, "within about bodyIdleMs");
});

Deno.test("utf8Text: ok/strict decoding, a byte-order mark kept", () => {
  assert.equal(utf8Text(new TextEncoder().encode("é")), "é");
  assert.equal(utf8Text(new Uint8Array([0xc3])), null);
  assert.equal(
    utf8Text(new Uint8Array([0xed, 0xa0, 0x80])),
    null,
    "a surrogate",
  );
  assert.equal(utf8Text(new Uint8Array([0xef, 0xbb, 0xbf, 0x61])), "\ufeffa");
});

Deno.test("jsonOrNull: ok/JSON text parsed; bad/anything else is null", () => {
  assert.deepEqual(jsonOrNull('{"a":[1]}'), { a: [1] });
  assert.equal(jsonOrNull(null), null);
  assert.equal(jsonOrNull(""), null);
  assert.equal(jsonOrNull("{bad"), null);
  assert.equal(jsonOrNull("\ufeff{}"), null, "a BOM is not JSON whitespace");
});
