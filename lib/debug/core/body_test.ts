/** Request bodies: content codings, the decoded-size limit, slow bodies. */
import assert from "node:assert/strict";
import {
  brotliCompressSync,
  deflateRawSync,
  deflateSync,
  gzipSync,
} from "node:zlib";
import {
  checkJsonDepth,
  decodeBody,
  DECODED_CODINGS,
  jsonDepthOver,
  jsonOrNull,
  rawLimit,
  readBody,
  requestCodings,
} from "./body.ts";
import { ParamError } from "./params.ts";
import { iterativeJson, jsonText } from "./json_text.ts";
import { MAX_JSON_DEPTH } from "./limits.ts";
import { createDebugHandler } from "../mod.ts";
import { createContext } from "./context.ts";

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

/**
 * `data` as raw deflate whose first bytes, 0x78 0x01, are also a zlib
 * header (RFC 1950 §2.2): a non-final stored block of 1 byte (its header
 * bits 000, the rest of the byte ignored, RFC 1951 §3.2.4), then the rest
 * in a final stored block. Read as zlib it fails, so it must be read raw.
 */
function rawLookingZlib(data: Uint8Array): Uint8Array {
  const n = data.length - 1;
  return Uint8Array.from([
    0x78,
    0x01,
    0x00,
    0xfe,
    0xff,
    data[0],
    0x01,
    n & 0xff,
    n >> 8,
    ~n & 0xff,
    (~n >> 8) & 0xff,
    ...data.subarray(1),
  ]);
}
const DECODE: [string, Uint8Array, string[]][] = [
  ["ok/gzip", gzipSync(text), ["gzip"]],
  ["ok/deflate (zlib)", deflateSync(text), ["deflate"]],
  ["ok/deflate (raw, as some clients send)", deflateRawSync(text), ["deflate"]],
  [
    "ok/deflate (raw, its first two bytes also a valid zlib header)",
    rawLookingZlib(text),
    ["deflate"],
  ],
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

/**
 * 211 bytes of brotli (quality 11, window 24) that decode to 256 MiB of
 * zeros: made here with node:zlib's brotliCompressSync.
 */
const BROTLI_BOMB = Uint8Array.from(
  atob(
    "z///f/gnAOKxQCD3/p/////wTwDEYQGA7v0/////4Z8AiMMiAN37f/7//8M/ARCH" +
      "BQC69//8//+HfwIgDgsAdO//+f//D/8EQBwWAOje//P//x/+CYA4LADQvf/n//8/" +
      "/BMAcVgAoHv/z///f/gnAOKwAED3/p/////wTwDEYQGA7v0/////4Z8AiMMCAN37" +
      "f/7//8M/ARCHBQC69//8//+HfwIgDgsAdO//+f//D/8EQBwWAOje//P//x/+CYA4" +
      "LADQvf/P//9//BMAcVgAoHv/Dw==",
  ),
  (c) => c.charCodeAt(0),
);

Deno.test("decodeBody: bad/a brotli bomb is stopped at the limit, not decoded whole", async () => {
  // Decoding it whole took 2.4-3 s and 580 MB here (DecompressionStream
  // decodes an input chunk at once); stopped at the limit, milliseconds.
  const t = performance.now();
  await assert.rejects(
    decodeBody(BROTLI_BOMB, ["br"], 1024),
    (e) => e instanceof ParamError && e.status === 413,
  );
  const ms = performance.now() - t;
  assert.ok(ms < 1000, `413 after ${ms.toFixed(0)} ms`);
});

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
  // Abandoned, not cancelled: Deno.serve would wait for a cancelled body's
  // last byte, holding the connection and shutdown (mod_test.ts).
  assert.equal(cancelled, false);
  // Wall time is the point: maxSleepMs would cut it at 2 s, not bodyIdleMs.
  assert.ok(performance.now() - t0 < 1500, "within about bodyIdleMs");
});

Deno.test("jsonOrNull: ok/JSON text parsed; bad/anything else is null", () => {
  assert.deepEqual(jsonOrNull('{"a":[1]}'), { a: [1] });
  assert.equal(jsonOrNull(null), null);
  assert.equal(jsonOrNull(""), null);
  assert.equal(jsonOrNull("{bad"), null);
  assert.equal(jsonOrNull("\ufeff{}"), null, "a BOM is not JSON whitespace");
});

Deno.test("jsonOrNull: a body too deep for a reviver, or with 16 digits only in a string, is parsed as before", () => {
  const deep = (n: number) => "[".repeat(n) + "1" + "]".repeat(n);
  const body = `{"id":12345678901234567890,"deep":${deep(5000)}}`;
  const v = jsonOrNull(body) as { id: unknown; deep: unknown };
  assert.ok(v && typeof v === "object", "parsed, not null");
  const card = jsonOrNull(
    '{"card":"4111111111111111","n":12345678901234567890}',
  );
  assert.equal(
    JSON.stringify(card),
    '{"card":"4111111111111111","n":12345678901234567890}',
  );
  assert.deepEqual(jsonOrNull('{"card":"4111111111111111"}'), {
    card: "4111111111111111",
  });
});

Deno.test("jsonOrNull: integers past 2^53 keep their digits, written back as sent", () => {
  const cases: [string, string, string][] = [
    [
      "ok/a 20-digit id",
      '{"id":12345678901234567890}',
      '{"id":12345678901234567890}',
    ],
    [
      "ok/negative, in an array",
      "[-98765432109876543210,1]",
      "[-98765432109876543210,1]",
    ],
    ["ok/2^53 + 1", "[9007199254740993]", "[9007199254740993]"],
    ["ok/alone", "12345678901234567890", "12345678901234567890"],
    [
      "ok/a safe integer as a number",
      "[9007199254740991]",
      "[9007199254740991]",
    ],
    // Not integers: read as doubles, as python httpbin reads a float.
    [
      "ok/a long decimal is a double",
      "[0.12345678901234567891]",
      "[0.12345678901234568]",
    ],
    [
      "ok/an exponent is a double",
      "[1234567890123456789e2]",
      "[123456789012345680000]",
    ],
    [
      "ok/digits in a string stay text",
      '["12345678901234567890"]',
      '["12345678901234567890"]',
    ],
  ];
  for (const [name, text, want] of cases) {
    assert.equal(JSON.stringify(jsonOrNull(text)), want, name);
    assert.equal(jsonText(jsonOrNull(text)), want, `${name} (jsonText)`);
    assert.equal(iterativeJson(jsonOrNull(text)), want, `${name} (iterative)`);
  }
});

const nest = (depth: number, inner = "") =>
  "[".repeat(depth) + inner + "]".repeat(depth);
const DEPTHS: [string, string, number, boolean][] = [
  ["ok/flat", "[1,2,{}]", 2, false],
  ["ok/exactly the limit", nest(3), 3, false],
  ["ok/siblings do not add up", "[[[]],[[]],{}]", 3, false],
  ["ok/brackets inside strings do not count", '[["[[[{{{"]]]', 2, false],
  ["ok/an escaped quote does not end the string", '[["\\"[[["]]', 2, false],
  ["ok/an escaped backslash ends before the quote", '[["\\\\"]]', 2, false],
  ["bad/one over", nest(4), 3, true],
  ["bad/objects count as arrays do", '{"a":{"b":[{}]}}', 3, true],
  ["bad/deep after a shallow sibling", "[[]," + nest(3) + "]", 3, true],
  ["bad/deep after a closed string", '["]]]",' + nest(3) + "]", 3, true],
];
for (const [name, text, max, over] of DEPTHS) {
  Deno.test(`jsonDepthOver: ${name}`, () => {
    assert.equal(jsonDepthOver(new TextEncoder().encode(text), max), over);
  });
}

Deno.test("checkJsonDepth: bad/nested past MAX_JSON_DEPTH is 400 naming body; ok/at it, and text beyond ASCII", () => {
  const enc = (t: string) => new TextEncoder().encode(t);
  checkJsonDepth(enc(nest(MAX_JSON_DEPTH)));
  // Padded past the length under which no scan runs; multi-byte text
  // holds no bracket byte.
  checkJsonDepth(enc(nest(MAX_JSON_DEPTH, '"é😀[{"'.repeat(10))));
  // Never parsed as JSON, so never refused for it: a form, a file's bytes.
  checkJsonDepth(enc("--b\r\n" + nest(MAX_JSON_DEPTH + 1)));
  checkJsonDepth(new Uint8Array([0xff, ...enc(nest(MAX_JSON_DEPTH + 1))]));
  checkJsonDepth(new Uint8Array([...enc(nest(MAX_JSON_DEPTH + 1)), 0xff]));
  assert.throws(
    () => checkJsonDepth(enc(" \n" + nest(MAX_JSON_DEPTH + 1))),
    ParamError,
  );
  assert.throws(
    () => checkJsonDepth(enc(nest(MAX_JSON_DEPTH + 1))),
    (e) =>
      e instanceof ParamError && e.status === 400 && e.param === "body" &&
      e.message.includes(String(MAX_JSON_DEPTH)),
  );
});

// readBody arms its idle/total timer and drain hook only when a read has to
// wait: counted on the instance's TimerWheel (`started` counts every wait
// ever scheduled, `active` those still pending).

const bodyCtx = () =>
  createContext({ limits: { bodyIdleMs: 60, maxSleepMs: 400 } });
const upload = (body: BodyInit) =>
  new Request("http://wb.test/post", { method: "POST", body });
const pieces = (parts: string[], gapMs: number, endMs = gapMs) => {
  const enc = new TextEncoder();
  let i = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new ReadableStream<Uint8Array>({
    pull: (c) =>
      new Promise<void>((done) => {
        timer = setTimeout(() => {
          if (i < parts.length) c.enqueue(enc.encode(parts[i++]));
          else c.close();
          done();
        }, i < parts.length ? gapMs : endMs);
      }),
    cancel: () => clearTimeout(timer),
  });
};

/** Counts the drain hooks `ctx`'s lifecycle registers from now on. */
function countDrainHooks(ctx: ReturnType<typeof bodyCtx>) {
  const life = ctx.life;
  const onDrain = life.onDrain.bind(life);
  const hooks = { count: 0 };
  life.onDrain = (end) => {
    hooks.count++;
    return onDrain(end);
  };
  return hooks;
}

Deno.test("readBody: ok/a body already held in full arms no timer and no drain hook", async () => {
  const ctx = bodyCtx();
  const hooks = countDrainHooks(ctx);
  const bytes = await readBody(upload('{"a":1}'.repeat(100)), ctx, true);
  assert.equal(new TextDecoder().decode(bytes), '{"a":1}'.repeat(100));
  assert.equal(ctx.timers.started, 0, "no wait was scheduled");
  assert.equal(hooks.count, 0, "no drain hook was registered");
});

Deno.test("readBody: ok/a body that has to wait arms the timer once, and frees it", async () => {
  // Deadlines far beyond the read: on a loaded machine the 10 ms gaps
  // stretch, and a deadline that comes first (60 ms) is re-armed, rightly.
  const ctx = createContext({
    limits: { bodyIdleMs: 10_000, maxSleepMs: 20_000 },
  });
  const hooks = countDrainHooks(ctx);
  const bytes = await readBody(
    upload(pieces(["ab", "cd", "ef"], 10)),
    ctx,
    true,
  );
  assert.equal(new TextDecoder().decode(bytes), "abcdef");
  assert.equal(ctx.timers.started, 1, "one timer for the whole read");
  assert.equal(ctx.timers.active, 0, "cancelled once the body ended");
  assert.equal(hooks.count, 1, "one drain hook");
});

Deno.test("readBody: bad/a waiting body past bodyIdleMs is 408 (idle)", async () => {
  const ctx = bodyCtx();
  await assert.rejects(
    readBody(upload(pieces(["{"], 0, 10_000)), ctx, true),
    (e) =>
      e instanceof ParamError && e.status === 408 &&
      /bodyIdleMs/.test(e.message),
  );
  assert.equal(ctx.timers.active, 0);
});

Deno.test("readBody: bad/a body trickling within bodyIdleMs is 408 at maxSleepMs (total)", async () => {
  // Pieces every 20 ms, well within an idle limit of 200 ms even on a
  // loaded machine (at 60 ms, one late timer read as the idle limit).
  const ctx = createContext({ limits: { bodyIdleMs: 200, maxSleepMs: 400 } });
  const t0 = performance.now();
  await assert.rejects(
    readBody(upload(pieces(Array(100).fill("x"), 20)), ctx, true),
    (e) =>
      e instanceof ParamError && e.status === 408 &&
      /maxSleepMs/.test(e.message),
  );
  // Wall time is the point: the whole trickle would take 2 s.
  assert.ok(performance.now() - t0 < 1500, "cut near maxSleepMs");
  assert.equal(ctx.timers.active, 0);
});

Deno.test("readBody: bad/drain while a body is waiting is 503; a body read after drain began is not cut", async () => {
  const ctx = bodyCtx();
  const reading = readBody(upload(pieces(["a", "b"], 30)), ctx, true);
  setTimeout(() => ctx.life.drain(), 10);
  await assert.rejects(
    reading,
    (e) => e instanceof ParamError && e.status === 503,
  );
  const late = await readBody(upload(pieces(["a", "b"], 5)), ctx, true);
  assert.equal(new TextDecoder().decode(late), "ab");
  assert.equal(ctx.timers.active, 0);
});

Deno.test("readBody: bad/over maxBodyBytes is 413 on both paths", async () => {
  const ctx = createContext({ limits: { maxBodyBytes: 4, bodyIdleMs: 60 } });
  for (const body of ["123456", pieces(["123", "456"], 5)]) {
    await assert.rejects(
      readBody(upload(body), ctx, true),
      (e) => e instanceof ParamError && e.status === 413,
    );
  }
  assert.equal(ctx.timers.active, 0);
});

Deno.test("readBody: ok/a coded body of incompressible bytes within the limit is read, though its raw bytes are more", async () => {
  const max = 10_000;
  const ctx = createContext({ limits: { maxBodyBytes: max } });
  const random = crypto.getRandomValues(new Uint8Array(max));
  const gz = gzipSync(random);
  assert.ok(gz.length > max, `raw ${gz.length}`);
  const req = (body: Uint8Array) =>
    new Request("http://wb.test/post", {
      method: "POST",
      headers: { "content-encoding": "gzip" },
      body: body as BodyInit,
    });
  assert.deepEqual(new Uint8Array(await readBody(req(gz), ctx, true)), random);
  // One byte more, decoded: 413 after decoding.
  const over = crypto.getRandomValues(new Uint8Array(max + 1));
  await assert.rejects(
    readBody(req(gzipSync(over)), ctx, true),
    (e) => e instanceof ParamError && e.status === 413,
  );
  // Past what coding can add, the raw bytes are refused as they arrive.
  await assert.rejects(
    readBody(req(new Uint8Array(rawLimit(max, 1) + 1)), ctx, true),
    (e) =>
      e instanceof ParamError && e.status === 413 &&
      /at least/.test(e.message),
  );
  // Coded twice: the middle layer holds what the outer coding added.
  const twice = gzipSync(gz);
  const req2 = new Request("http://wb.test/post", {
    method: "POST",
    headers: { "content-encoding": "gzip, gzip" },
    body: twice as BodyInit,
  });
  assert.deepEqual(new Uint8Array(await readBody(req2, ctx, true)), random);
  assert.equal(rawLimit(max, 0), max);
  assert.ok(rawLimit(1_048_576, 1) >= 1_048_919);
});
