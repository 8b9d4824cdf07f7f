/**
 * Hostile HAR input: 100,000-level nesting wherever a file can
 * put it, Object.prototype names wherever a file can put them, and broken
 * encodings. Each input gets a result or a clear HarParseError (line and
 * column, or a JSON path) from every step the worker runs, within a
 * generous bound, and nothing leaks into Object.prototype.
 */
import assert from "node:assert/strict";
import { HarParseError } from "../../lib/har/errors.ts";
import { findJsonError } from "../../lib/shared/parse_error.ts";
import { formatHash, parseHash } from "../../islands/har/hash_state.ts";
import { parseHarText } from "../../lib/har/parse.ts";
import { computeView, defaultViewState } from "../../lib/har/view.ts";
import {
  assertClearError,
  assertNoPollution,
  bounded,
  DEPTH,
  entry,
  har,
  HarWorkerProbe,
  nestArrays,
  nestObjects,
  outcome,
  type PipelineResult,
  printTally,
  tally,
  withRaw,
} from "../helpers/har_hostile.ts";

/** Loosely typed JSON, for digging into results. */
// deno-lint-ignore no-explicit-any
type Json = any;

const BOUND = 20_000; // ms; the steps take well under a second each

function ok(r: PipelineResult | HarParseError, what: string): PipelineResult {
  if (r instanceof HarParseError) {
    assert.fail(`${what}: rejected: ${r.message}`);
  }
  return r;
}

// ---- 100,000 levels: as JSON structure, everywhere the normaliser looks --

const D = "@@D@@";
const deepArr = nestArrays();
const deepObj = nestObjects();

/** [case, document text, entries expected] */
const DEEP_OK: [string, string, number][] = [
  ["log member", withRaw(har([entry()], { _deep: D }), { D: deepArr }), 1],
  ["log.creator", withRaw(har([entry()], { creator: D }), { D: deepObj }), 1],
  ["log.pages", withRaw(har([entry()], { pages: D }), { D: deepArr }), 1],
  [
    "log.pages[0].title and pageTimings",
    withRaw(
      har([entry({ pageref: "p" })], {
        pages: [{ id: "p", title: D, pageTimings: D, startedDateTime: D }],
      }),
      { D: deepObj },
    ),
    1,
  ],
  ["entry member", withRaw(har([entry({ _deep: D })]), { D: deepObj }), 1],
  [
    "request and response",
    withRaw(har([entry(), entry({ request: D, response: D })]), { D: deepObj }),
    2,
  ],
  [
    "request.headers",
    withRaw(har([entry({ request: { ...req(), headers: D } })]), {
      D: deepArr,
    }),
    1,
  ],
  [
    "a header's name and value",
    withRaw(
      har([entry({ request: { ...req(), headers: [{ name: D, value: D }] } })]),
      { D: deepObj },
    ),
    1,
  ],
  [
    "query, cookies, form fields",
    withRaw(
      har([entry({
        request: {
          ...req(),
          queryString: [{ name: "q", value: D }],
          cookies: [{ name: "c", value: D, domain: D, expires: D }],
          postData: { mimeType: D, params: [{ name: "f", value: D }] },
        },
      })]),
      { D: deepObj },
    ),
    1,
  ],
  [
    "response.content",
    withRaw(har([entry({ response: { ...res(), content: D } })]), {
      D: deepObj,
    }),
    1,
  ],
  [
    "content.text, size and mimeType",
    withRaw(
      har([entry({
        response: { ...res(), content: { text: D, size: D, mimeType: D } },
      })]),
      { D: deepArr },
    ),
    1,
  ],
  [
    "timings and time",
    withRaw(har([entry({ timings: D, time: D })]), { D: deepObj }),
    1,
  ],
  [
    "startedDateTime, pageref, _resourceType",
    withRaw(
      har([
        entry(),
        entry({ startedDateTime: D, pageref: D, _resourceType: D }),
      ]),
      { D: deepArr },
    ),
    2,
  ],
  [
    "WebSocket message data",
    withRaw(
      har([entry({ _webSocketMessages: [{ type: "send", data: D }] })]),
      { D: deepObj },
    ),
    1,
  ],
];

function req(): Json {
  return (entry().request as Json);
}
function res(): Json {
  return (entry().response as Json);
}

for (const [name, text, n] of DEEP_OK) {
  Deno.test(`har hostile: ok/100,000 levels in ${name}`, () => {
    const r = ok(
      bounded("deep nesting", BOUND, () => outcome(text, name)),
      name,
    );
    assert.equal(r.parsed.columns.n, n);
    // The sanitized copy is JSON again, deep value included.
    const back = bounded(
      "deep nesting",
      BOUND,
      () => parseHarText(r.sanitized),
    );
    assert.equal(back.doc.entries.length, n);
    assert.ok(r.sanitized.length > DEPTH, "the deep value is kept");
    assertNoPollution();
  });
}

/** [case, text, path the error names] */
const DEEP_BAD: [string, string, string][] = [
  ["as the document", deepArr, "$"],
  ["as an object without log", nestObjects(DEPTH, "x"), "$.log"],
  ["as log", withRaw({ log: D }, { D: deepArr }), "$.log"],
  [
    "as log.entries",
    withRaw(har([]), {}).replace("[]", deepArr),
    "$.log.entries[0]",
  ],
  [
    "as an entry",
    withRaw(har([entry(), D]), { D: deepArr }),
    "$.log.entries[1]",
  ],
];

for (const [name, text, path] of DEEP_BAD) {
  Deno.test(`har hostile: bad/100,000 levels ${name}`, () => {
    const err = bounded("deep nesting", BOUND, () => outcome(text, name));
    assert.ok(err instanceof HarParseError, "rejected");
    assert.equal(err.path, path);
  });
}

/** Broken deep JSON: the locator finds the spot without recursion. */
const DEEP_BROKEN: [string, string, number, number, RegExp][] = [
  [
    "trailing comma at the bottom",
    nestArrays(DEPTH, "1,"),
    1,
    DEPTH + 3,
    /trailing comma/,
  ],
  [
    "missing value at the bottom",
    nestObjects(DEPTH, "a", ""),
    1,
    DEPTH * 5 + 1,
    /expected a value/,
  ],
  ["never closed", "[".repeat(DEPTH), 1, DEPTH + 1, /not closed/],
  [
    "closed by the wrong bracket",
    "[".repeat(DEPTH) + "}",
    1,
    DEPTH + 1,
    /unexpected '\}', expected a value or '\]'/,
  ],
  [
    "a million levels, never closed",
    "[\n" + '{"a":'.repeat(1_000_000),
    2,
    5_000_001,
    /an object \('\{'\) is not closed/,
  ],
  [
    "broken deep inside an entry",
    withRaw(har([entry({ _d: D })]), { D: nestArrays(DEPTH, "}") }),
    1,
    0, // column checked against the text below
    /unexpected '\}', expected a value or '\]'/,
  ],
];

for (const [name, text, line, column, re] of DEEP_BROKEN) {
  Deno.test(`har hostile: bad/deep JSON ${name} is located`, () => {
    const err = assertClearError(
      bounded("deep nesting", BOUND, () => outcome(text, name)),
      name,
    );
    assert.equal(err.kind, "json");
    assert.match(err.message, re);
    assert.equal(err.line, line);
    const want = column || text.indexOf("}", text.indexOf("[[[")) + 1;
    assert.equal(err.column, want);
    assert.ok(
      err.excerpt?.split("\n").every((l) => l.length <= 90),
      "excerpt lines are cut",
    );
    const lineStart = line === 1 ? 0 : text.indexOf("\n") + 1;
    assert.equal(findJsonError(text)?.offset, lineStart + want - 1);
  });
}

// ---- 100,000 levels inside string bodies: the sanitizer parses and walks them

const SECRET = "hunter2-deep-secret";
const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.deepsig";

Deno.test("har hostile: ok/JSON bodies 100,000 deep are previewed and sanitized", () => {
  const postBody = nestObjects(DEPTH, "a", `{"password":"${SECRET}"}`);
  const respBody = nestArrays(DEPTH, JSON.stringify(JWT));
  const wsData = nestObjects(DEPTH, "b", `{"access_token":"${SECRET}"}`);
  const doc = har([entry({
    request: {
      ...req(),
      method: "POST",
      postData: { mimeType: "application/json", text: postBody },
    },
    response: {
      ...res(),
      content: {
        size: respBody.length,
        mimeType: "application/json",
        text: respBody,
      },
    },
    _webSocketMessages: [{ type: "send", time: 1, opcode: 1, data: wsData }],
  })]);
  const text = JSON.stringify(doc);
  const r = ok(
    bounded("deep JSON bodies", BOUND, () => outcome(text, "bodies")),
    "bodies",
  );
  const d = r.details[0];
  assert.equal(d.requestBody.kind, "json");
  assert.equal(d.responseBody.kind, "json");
  const pre = (d.responseBody as { text: string }).text;
  assert.ok(pre.startsWith("[\n  [\n    ["), pre.slice(0, 20));
  // The cURL command carries the body (under the size limit).
  assert.ok(d.curl.includes(SECRET));
  // Nothing of the secrets is left in the sanitized copy.
  assert.ok(!r.sanitized.includes(SECRET), "password and token redacted");
  assert.ok(!r.sanitized.includes(JWT), "JWT redacted");
  assert.equal(r.redacted, 3);
  const back = JSON.parse(r.sanitized) as Json;
  const post = back.log.entries[0].request.postData.text as string;
  assert.ok(post.startsWith('{"a":{"a":') && post.includes('"[REDACTED]"'));
  assertNoPollution();
});

Deno.test("har hostile: ok/nesting just under the stack limit does not amplify", () => {
  // 5,000 levels natively pretty-printed are 25 M characters each: 100 of
  // them took 35 s before the sanitizer stopped indenting past 16 levels.
  const deep = nestObjects(5_000);
  const text = withRaw(
    har(Array.from({ length: 100 }, () => entry({ _d: D }))),
    { D: deep },
  );
  const r = ok(
    bounded("amplifying nesting", BOUND, () => outcome(text, "amp")),
    "amp",
  );
  assert.ok(r.sanitized.length < text.length * 20, `${r.sanitized.length}`);
  assert.equal(parseHarText(r.sanitized).doc.entries.length, 100);
  // And a 2 MB body of such values is previewed, not expanded.
  const body = "[" +
    Array.from({ length: 60 }, () => nestArrays(6_000)).join(",") +
    "]";
  const big = har([
    entry({
      response: {
        ...res(),
        content: {
          size: body.length,
          mimeType: "application/json",
          text: body,
        },
      },
    }),
  ]);
  const p = ok(
    bounded(
      "amplifying nesting",
      BOUND,
      () => outcome(JSON.stringify(big), "amp body"),
    ),
    "amp body",
  );
  const preview = p.details[0].responseBody as {
    kind: string;
    text: string;
    truncated: boolean;
  };
  assert.equal(preview.kind, "json");
  assert.equal(preview.truncated, true);
  assert.ok(preview.text.length < 250_000);
});

// ---- __proto__, constructor, prototype wherever a name goes ----------------

const NAMES = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "__defineGetter__",
];
const POLLUTE = '{"__proto__":{"polluted":1},"constructor":{"prototype":' +
  '{"polluted":1}},"prototype":{"polluted":1},"password":"pw-123456"}';

function protoDoc(): string {
  const entries = NAMES.map((n, i) => {
    const e = entry({
      startedDateTime: `2024-05-01T08:00:0${i}.000Z`,
      pageref: n,
      _resourceType: n,
      request: {
        ...req(),
        method: n,
        url: `https://h${i}.test/${n}.${n}?${n}=1&x=2`,
        headers: [{ name: n, value: n }, { name: "Cookie", value: `${n}=1` }],
        queryString: [{ name: n, value: n }],
        cookies: [{ name: n, value: "v", [n]: 1 }],
        postData: { mimeType: "application/json", text: POLLUTE },
      },
      response: {
        ...res(),
        status: 200 + i,
        headers: [{ name: n, value: n }],
        cookies: [{ name: n, value: "v" }],
        content: { size: 1, mimeType: n, text: POLLUTE },
      },
      timings: { [n]: 5, send: 1, wait: 1, receive: 1 },
    });
    // An own property, even for "__proto__" (assignment would re-parent).
    Object.defineProperty(e, n, { value: { polluted: 1 }, enumerable: true });
    return e;
  });
  const pages = NAMES.map((n) => ({
    id: n,
    title: n,
    startedDateTime: "2024-05-01T08:00:00.000Z",
    pageTimings: { onLoad: 5, [n]: 1 },
  }));
  return JSON.stringify(har(entries, { pages, [NAMES[1]]: NAMES[0] }));
}

Deno.test("har hostile: ok/__proto__, constructor, prototype as every kind of name", () => {
  const text = protoDoc();
  assert.ok(text.includes('"__proto__":{"polluted":1}'), "own __proto__ keys");
  const r = ok(
    bounded("prototype names", BOUND, () => outcome(text, "proto")),
    "proto",
  );
  const { columns: c, meta } = r.parsed;
  assert.equal(c.n, NAMES.length);
  // Every page is a real page with its one entry; none is synthetic.
  assert.deepEqual(
    meta.pages.map((p) => [p.id, p.count, p.synthetic]),
    NAMES.map((n) => [n, 1, false]),
  );
  assert.deepEqual(Array.from(c.page), NAMES.map((_, i) => i));
  // "constructor" is no resource type, ".constructor" no extension, and
  // "constructor" no MIME type: each entry is "other".
  assert.deepEqual(
    r.details.map((d) => d.entry.type),
    NAMES.map(() => "other"),
  );
  assert.deepEqual(r.details.map((d) => d.entry.method), NAMES);
  assert.deepEqual(r.details.map((d) => d.entry.mimeType), NAMES);
  for (const [i, d] of r.details.entries()) {
    const n = NAMES[i];
    assert.deepEqual(d.requestHeaders[0], { name: n, value: n });
    assert.deepEqual(d.responseHeaders[0], { name: n, value: n });
    assert.deepEqual(d.query, [{ name: n, value: n }]);
    assert.equal(d.requestCookies[0].name, n);
    assert.equal(d.extraTimings[0].name, n);
    assert.equal(d.requestBody.kind, "json");
    assert.match((d.requestBody as { text: string }).text, /"__proto__": \{/);
    assert.match(d.curl, new RegExp(`-H '${n.replace(/\$/g, "\\$")}: `));
  }
  // The sanitized copy keeps the keys as keys and redacts the password.
  const back = JSON.parse(r.sanitized) as Json;
  for (const e of back.log.entries) {
    const body = JSON.parse(e.request.postData.text);
    assert.ok(Object.hasOwn(body, "__proto__"), "__proto__ key kept");
    assert.deepEqual(Object.keys(body), [
      "__proto__",
      "constructor",
      "prototype",
      "password",
    ]);
    assert.equal(body.password, "[REDACTED]");
  }
  // Searching, filtering by page and the fragment with these names.
  for (const [k, n] of NAMES.entries()) {
    const view = computeView(c, { ...defaultViewState(), page: k, q: n });
    assert.deepEqual(Array.from(view.rows), [k]);
    const hs = parseHash(formatHash({ ...parseHash(""), page: n, q: n }));
    assert.equal(hs.page, n);
    assert.equal(hs.q, n);
  }
  assert.deepEqual(
    parseHash("#type=constructor,__proto__&status=toString").types,
    [],
  );
  assertNoPollution();
});

// ---- Encodings: invalid UTF-8 bytes, lone surrogates, NUL ------------------

const enc = new TextEncoder();
function bytes(...parts: (string | number[])[]): Uint8Array {
  const chunks = parts.map((p) =>
    typeof p === "string" ? enc.encode(p) : new Uint8Array(p)
  );
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

const GOOD = JSON.stringify(har([entry()]), null, 1);
const URL_AT = GOOD.indexOf("https://example.com/a") + 8;
const HEADER_AT = GOOD.indexOf("*/*");

/** GOOD (ASCII only) with `raw` bytes inserted at `at`. */
function spliced(at: number, raw: number[]): Uint8Array {
  return bytes(GOOD.slice(0, at), raw, GOOD.slice(at));
}

const BAD_BYTES: [string, Uint8Array][] = [
  ["a 0xFF byte in a URL", spliced(URL_AT, [0xff])],
  ["a Latin-1 é in a header", spliced(HEADER_AT, [0xe9])],
  ["an overlong '/' (C0 AF)", spliced(URL_AT, [0xc0, 0xaf])],
  ["a UTF-8 encoded surrogate (ED A0 80)", spliced(URL_AT, [0xed, 0xa0, 0x80])],
  ["a sequence cut short", spliced(URL_AT, [0xe2, 0x82])],
  ["a code point past U+10FFFF", spliced(URL_AT, [0xf4, 0x90, 0x80, 0x80])],
  ["a lone continuation byte", spliced(HEADER_AT, [0x80])],
];

for (const [name, input] of BAD_BYTES) {
  Deno.test(`har hostile: ok/invalid UTF-8, ${name}, opens with a located warning`, async () => {
    const probe = new HarWorkerProbe();
    try {
      // The worker decodes without `fatal`: bad bytes become U+FFFD.
      const { answer, ms } = await probe.load(input, BOUND);
      assert.equal(answer.type, "loaded", JSON.stringify(answer).slice(0, 300));
      if (answer.type !== "loaded") return;
      assert.equal(answer.columns.n, 1);
      const text = new TextDecoder().decode(input);
      const before = text.slice(0, text.indexOf("\ufffd"));
      const line = before.split("\n").length;
      const column = before.length - before.lastIndexOf("\n");
      assert.ok(
        answer.meta.warnings[0].includes(
          `not valid UTF-8 (first bad byte at line ${line}, column ${column})`,
        ),
        answer.meta.warnings[0],
      );
      const d = await probe.detail(0, BOUND);
      assert.equal(d.answer.type, "detail");
      const s = await probe.sanitize(BOUND);
      assert.ok(s.answer.blob, s.answer.error);
      const back = parseHarText(await s.answer.blob!.text());
      assert.equal(back.doc.entries.length, 1);
      tally("invalid UTF-8", ms);
      // The same text through the library (the paste path).
      ok(outcome(text, name), name);
    } finally {
      probe.close();
    }
  });
}

Deno.test("har hostile: bad/invalid bytes outside strings name line, column and the encoding", async () => {
  const probe = new HarWorkerProbe();
  try {
    const cases: [Uint8Array, number, number][] = [
      [bytes('{"log":', [0xff], '{"entries":[]}}'), 1, 8],
      [bytes("{\n", [0xfe, 0xfe], '"log": {}}'), 2, 1],
      // UTF-16 without its byte order mark: NUL bytes everywhere.
      [
        new Uint8Array(
          [...'{"log":{"entries":[]}}'].flatMap((ch) => [ch.charCodeAt(0), 0]),
        ),
        1,
        2,
      ],
    ];
    for (const [input, line, column] of cases) {
      const { answer } = await probe.load(input, BOUND);
      assert.equal(answer.type, "error");
      if (answer.type !== "error") continue;
      assert.equal(answer.error.line, line);
      assert.equal(answer.error.column, column);
      assert.match(answer.error.message, /\(line \d+, column \d+\)/);
      if (input.includes(0xff) || input.includes(0xfe)) {
        assert.match(answer.error.message, /not valid UTF-8/);
      }
    }
  } finally {
    probe.close();
  }
});

Deno.test("har hostile: ok/a U+FFFD written in the file is no bad byte", async () => {
  const probe = new HarWorkerProbe();
  try {
    const text = JSON.stringify(har([entry({ comment: "\ufffd \ufeff" })]));
    const { answer } = await probe.load(new TextEncoder().encode(text), BOUND);
    assert.equal(answer.type, "loaded");
    if (answer.type === "loaded") assert.deepEqual(answer.meta.warnings, []);
  } finally {
    probe.close();
  }
});

Deno.test("har hostile: ok/UTF-16 files with a byte order mark open", async () => {
  const probe = new HarWorkerProbe();
  try {
    const text = JSON.stringify(
      har([entry({ request: { ...req(), url: "https://ü.test/é" } })]),
    );
    const le = new Uint8Array(2 + text.length * 2);
    le.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) {
      le[2 + 2 * i] = text.charCodeAt(i) & 0xff;
      le[3 + 2 * i] = text.charCodeAt(i) >> 8;
    }
    const be = le.map((_, i) =>
      i < 2 ? [0xfe, 0xff][i] : le[i % 2 ? i - 1 : i + 1]
    );
    for (const input of [le, be]) {
      const { answer } = await probe.load(input, BOUND);
      assert.equal(answer.type, "loaded");
      if (answer.type !== "loaded") continue;
      assert.equal(answer.columns.urls, "https://ü.test/é");
      assert.deepEqual(answer.meta.warnings, []);
    }
  } finally {
    probe.close();
  }
});

Deno.test("har hostile: ok/lone surrogates and NUL characters in strings", () => {
  const doc = har([entry({
    pageref: "\ud800",
    _resourceType: "\udc00",
    request: {
      ...req(),
      method: "G\u0000T",
      url: "https://x.test/\ud800?a=\udfff&\u0000=\u0000",
      headers: [{ name: "X-\ud83d", value: "\u0000\udc00" }],
      postData: { mimeType: "text/plain", text: "\ud800".repeat(300_000) },
    },
    response: {
      ...res(),
      headers: [{ name: "Content-Type", value: "text/plain\u0000" }],
      content: {
        size: 3,
        mimeType: "application/json",
        text: '{"\\ud800":"\\u0000"}',
      },
    },
  })]);
  const text = JSON.stringify(doc); // escapes lone surrogates (well-formed)
  assert.ok(text.includes("\\ud800"));
  const r = ok(
    bounded("surrogates and NUL", BOUND, () => outcome(text, "surrogates")),
    "s",
  );
  const d = r.details[0];
  assert.equal(d.entry.method, "G\u0000T");
  assert.equal(d.entry.url, "https://x.test/\ud800?a=\udfff&\u0000=\u0000");
  assert.equal(d.requestHeaders[0].value, "\u0000\udc00");
  // A preview cut never splits a surrogate pair into a new lone half.
  const body = d.requestBody as { text: string; truncated: boolean };
  assert.equal(body.truncated, true);
  assert.equal(body.text.length, 200_000);
  assert.equal(JSON.parse(r.sanitized).log.entries[0].pageref, "\ud800");
  // Raw control characters outside or inside strings are located.
  for (
    const [bad, re] of [
      ['{"log":\u0000{}}', /control character U\+0000, expected a value/],
      [
        '{"log":{"entries":["a\u0000b"]}}',
        /unescaped control character U\+0000 inside a string/,
      ],
      ['{"log":\ud800{}}', /unexpected '\ud800'/],
    ] as const
  ) {
    const err = assertClearError(outcome(bad, "raw control"), "raw control");
    assert.match(err.message, re);
    assert.equal(err.line, 1);
  }
});

Deno.test("har hostile: the real worker answers every deep input in time", async () => {
  const probe = new HarWorkerProbe();
  try {
    for (const [name, text, n] of DEEP_OK.slice(3, 6)) {
      const { answer, after } = await probe.load(text, BOUND);
      assert.equal(answer.type, "loaded", name);
      if (answer.type === "loaded") assert.equal(answer.columns.n, n);
      await after;
      const d = await probe.detail(0, BOUND);
      assert.equal(d.answer.type, "detail", name);
      const s = await probe.sanitize(BOUND);
      assert.ok(s.answer.blob, `${name}: ${s.answer.error}`);
    }
    for (const [name, text] of DEEP_BAD) {
      const { answer } = await probe.load(text, BOUND);
      assert.equal(answer.type, "error", name);
    }
  } finally {
    probe.close();
  }
  printTally("HAR hostile inputs (har_hostile_test.ts)");
});
