/**
 * Hostile HAR input, generated: random HAR-shaped documents with
 * wrong types and prototype names anywhere (fast-check), and the real
 * corpus files truncated at many points and mutated (byte flips, deletions,
 * duplications, bracket swaps). Every input ends in a result that keeps
 * the contract's invariants or a clear HarParseError, within a bound.
 * Corpus cases are skipped when the corpus is absent.
 */
import { corpusDir, corpusFiles } from "../helpers/corpus.ts";
import assert from "node:assert/strict";
import fc from "fast-check";
import { HarParseError } from "../../lib/har/errors.ts";
import { lineColumn } from "../../lib/shared/parse_error.ts";
import { findJsonError } from "../../lib/shared/parse_error.ts";
import { parseHarText } from "../../lib/har/parse.ts";
import { firstInvalidUtf8, readFileText } from "../../lib/shared/read_text.ts";
import {
  previewJson,
  safeStringifyParts,
  stringifyJsonParts,
} from "../../lib/har/json_text.ts";
import {
  assertClearError,
  assertNoPollution,
  bounded,
  outcome,
  printTally,
  tally,
} from "../helpers/har_hostile.ts";

const BOUND = 10_000;

// ---- The corpus ----------------------------------------------------------

const DIR = corpusDir("har");
const files = corpusFiles("har")
  .filter((name) => !name.startsWith("broken-"))
  .map((name) => ({ name, bytes: Deno.readFileSync(DIR + name) as Uint8Array }))
  .sort((a, b) => a.bytes.length - b.bytes.length);
const noCorpus = files.length === 0;

/** Reads bytes as the worker reads a picked file, then runs the pipeline. */
async function fromBytes(bytes: Uint8Array, what: string) {
  const t0 = performance.now();
  const read = await readFileText(new Blob([bytes as BlobPart]));
  const r = outcome(read.text, what);
  return { r, read, ms: performance.now() - t0 };
}

Deno.test({
  name:
    "har hostile: corpus files truncated at many points are rejected with their spot",
  ignore: noCorpus,
  fn: async () => {
    let tried = 0;
    for (const { name, bytes } of files) {
      const n = bytes.length;
      const points = n > 1_000_000 ? 6 : 16;
      const cuts = new Set([0, 1, 2, n - 1, n - 2]);
      for (let k = 1; k < points; k++) cuts.add(Math.floor((n * k) / points));
      for (const cut of cuts) {
        const { r, read, ms } = await fromBytes(bytes.subarray(0, cut), name);
        tally("truncated corpus", ms);
        assert.ok(ms < BOUND, `${name} cut at ${cut}: ${ms} ms`);
        tried++;
        if (!(r instanceof HarParseError)) {
          // Only whitespace after the document was cut off.
          assert.ok(
            /^\s*$/.test(new TextDecoder().decode(bytes.subarray(cut))),
            `${name} cut at ${cut} accepted`,
          );
          continue;
        }
        assert.equal(r.kind, "json", `${name} cut at ${cut}: ${r.message}`);
        if (r.line === undefined) {
          assert.equal(r.message, "The input is empty.");
          continue;
        }
        // The reported spot is where the scanner stopped, inside the text.
        const text = read.text.replace(/^\ufeff/, "");
        const issue = findJsonError(text)!;
        assert.deepEqual(
          [r.line, r.column],
          Object.values(lineColumn(text, issue.offset)),
        );
        assert.ok(issue.offset <= text.length);
      }
    }
    assert.ok(tried > 200, `${tried} cut points`);
  },
});

/** One mutation of a byte array. */
type Mutation =
  | { op: "flip"; at: number; byte: number }
  | { op: "delete"; at: number; len: number }
  | { op: "duplicate"; at: number; len: number; to: number }
  | { op: "bracket"; at: number; to: number }
  | { op: "insert"; at: number; text: string };

const BRACKETS = [0x5b, 0x5d, 0x7b, 0x7d, 0x22, 0x2c, 0x3a]; // [ ] { } " , :
const JUNK = [
  '{"__proto__":',
  "]]]]",
  "[".repeat(1000),
  '"\\ud800"',
  "\u0000",
  "1e400",
  "null",
  ",",
  '"',
  "é",
  "\xff",
];

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    op: fc.constant("flip" as const),
    at: fc.nat(),
    byte: fc.nat(255),
  }),
  fc.record({
    op: fc.constant("delete" as const),
    at: fc.nat(),
    len: fc.integer({ min: 1, max: 200 }),
  }),
  fc.record({
    op: fc.constant("duplicate" as const),
    at: fc.nat(),
    len: fc.integer({ min: 1, max: 2000 }),
    to: fc.nat(),
  }),
  fc.record({
    op: fc.constant("bracket" as const),
    at: fc.nat(),
    to: fc.nat(BRACKETS.length - 1),
  }),
  fc.record({
    op: fc.constant("insert" as const),
    at: fc.nat(),
    text: fc.constantFrom(...JUNK),
  }),
);

function mutate(src: Uint8Array, m: Mutation): Uint8Array {
  const n = src.length;
  const at = n ? m.at % n : 0;
  const cat = (...parts: Uint8Array[]) => {
    const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
    let o = 0;
    for (const p of parts) {
      out.set(p, o);
      o += p.length;
    }
    return out;
  };
  switch (m.op) {
    case "flip": {
      const out = src.slice();
      if (n) out[at] = m.byte;
      return out;
    }
    case "delete":
      return cat(src.subarray(0, at), src.subarray(at + m.len));
    case "duplicate": {
      const to = n ? m.to % n : 0;
      return cat(
        src.subarray(0, to),
        src.subarray(at, at + m.len),
        src.subarray(to),
      );
    }
    case "bracket": {
      // The next bracket-like byte from `at` becomes another one.
      let k = at;
      while (k < n && !BRACKETS.includes(src[k])) k++;
      const out = src.slice();
      if (k < n) out[k] = BRACKETS[m.to];
      return out;
    }
    case "insert":
      return cat(
        src.subarray(0, at),
        new TextEncoder().encode(m.text),
        src.subarray(at),
      );
  }
}

Deno.test({
  name: "har hostile: mutated corpus files give a result or a located error",
  ignore: noCorpus,
  fn: async () => {
    // The files under 400 kB: every mutation re-runs the whole pipeline.
    const small = files.filter((f) => f.bytes.length < 400_000);
    let results = 0, errors = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.nat(small.length - 1),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        async (k, muts) => {
          let bytes = small[k].bytes;
          for (const m of muts) bytes = mutate(bytes, m);
          const { r, read, ms } = await fromBytes(bytes, small[k].name);
          tally("mutated corpus", ms);
          assert.ok(ms < BOUND, `${ms} ms`);
          if (r instanceof HarParseError) {
            errors++;
            return;
          }
          results++;
          // Invalid bytes are reported, with a line, when there are any.
          assert.equal(read.invalid !== null, firstInvalidUtf8(bytes) >= 0);
          const back = parseHarText(r.sanitized);
          assert.equal(back.doc.entries.length, r.parsed.columns.n);
        },
      ),
      { numRuns: 250, seed: 20261123 },
    );
    assert.ok(
      results > 10 && errors > 10,
      `${results} results, ${errors} errors`,
    );
    assertNoPollution();
  },
});

// ---- Random HAR-shaped documents -------------------------------------------

const HOSTILE_STRINGS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "",
  "\u0000",
  "\ud800",
  "0x1F4",
  "1e2",
  "NaN",
  "Infinity",
  "-1",
  " 200 ",
];
const str = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ maxLength: 12 }),
);
const hostileNum = fc.constantFrom(
  -1,
  0,
  -0,
  0.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  2 ** 53 + 2,
  4294967496,
  2147483648,
  NaN,
  Infinity,
);
const anyish: fc.Arbitrary<unknown> = fc.oneof(
  str,
  hostileNum,
  fc.integer().map(String),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(str, fc.integer()), { maxLength: 3 }),
  fc.dictionary(str, fc.oneof(str, fc.integer(), fc.constant(null)), {
    maxKeys: 3,
  }),
);
/** Usually a plausible value, sometimes anything. */
const or = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: good }, { weight: 1, arbitrary: anyish });
const ms = or(
  fc.oneof(fc.double({ min: -1, max: 1e5, noNaN: true }), fc.constant(-1)),
);
const date = or(
  fc.integer({ min: -62135596800000, max: 253402300799999 }).map((t) =>
    new Date(t).toISOString()
  ),
);
const pair = or(fc.record({ name: or(str), value: or(str) }));
const list = or(fc.array(pair, { maxLength: 4 }));
const mime = or(
  fc.constantFrom(
    "text/html",
    "application/json",
    "image/png",
    "text/css",
    "font/woff2",
    "application/x-www-form-urlencoded",
    "image/svg+xml",
  ),
);
const url = or(
  fc.oneof(
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
    fc.constantFrom(
      "data:text/plain,x",
      "wss://w.test/s",
      "https://x.test/a.constructor",
    ),
  ),
);
const body = or(
  fc.oneof(fc.json({ maxDepth: 3 }), fc.string({ maxLength: 40 })),
);

const entryArb = fc.record({
  startedDateTime: date,
  time: ms,
  timings: or(
    fc.record({
      blocked: ms,
      dns: ms,
      connect: ms,
      ssl: ms,
      send: ms,
      wait: ms,
      receive: ms,
    }, { requiredKeys: [] }),
  ),
  request: or(fc.record({
    method: or(fc.constantFrom("GET", "POST", "HEAD", "__proto__")),
    url,
    headers: list,
    queryString: list,
    cookies: list,
    postData: or(
      fc.record({ mimeType: mime, text: body, params: list }, {
        requiredKeys: [],
      }),
    ),
  }, { requiredKeys: [] })),
  response: or(fc.record({
    status: or(fc.integer({ min: 0, max: 599 })),
    statusText: or(str),
    headers: list,
    cookies: list,
    content: or(
      fc.record({
        size: ms,
        mimeType: mime,
        text: body,
        encoding: or(fc.constant("base64")),
      }, { requiredKeys: [] }),
    ),
    redirectURL: url,
    headersSize: ms,
    bodySize: ms,
    _transferSize: ms,
  }, { requiredKeys: [] })),
  pageref: or(fc.constantFrom("p0", "p1", "__proto__", "constructor")),
  _resourceType: or(
    fc.constantFrom(
      "script",
      "xhr",
      "Fetch",
      "constructor",
      "__proto__",
      "websocket",
    ),
  ),
  _webSocketMessages: or(
    fc.array(fc.record({ type: or(str), time: ms, opcode: ms, data: body }), {
      maxLength: 2,
    }),
  ),
}, { requiredKeys: [] });

const pageArb = or(fc.record({
  id: or(fc.constantFrom("p0", "p1", "__proto__", "constructor")),
  title: or(str),
  startedDateTime: date,
  pageTimings: or(
    fc.record({ onContentLoad: ms, onLoad: ms }, { requiredKeys: [] }),
  ),
}, { requiredKeys: [] }));

const docArb = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      log: fc.record({
        version: or(fc.constant("1.2")),
        creator: or(fc.record({ name: or(str) })),
        pages: or(fc.array(pageArb, { maxLength: 3 })),
        entries: fc.array(or(entryArb), { maxLength: 12 }),
      }, { requiredKeys: ["entries"] }),
    }),
  },
  { weight: 1, arbitrary: anyish },
  { weight: 1, arbitrary: fc.record({ log: anyish }) },
);

Deno.test("har hostile: random HAR-shaped documents keep the invariants or are rejected by path", () => {
  let results = 0, rejected = 0;
  fc.assert(
    fc.property(docArb, (doc) => {
      const text = JSON.stringify(doc) ?? "null";
      const r = bounded(
        "random documents",
        BOUND,
        () => outcome(text, "random"),
      );
      if (r instanceof HarParseError) {
        // The text is valid JSON: only the structure can be wrong.
        assert.equal(r.kind, "structure", r.message);
        assert.ok(
          r.path === "$" || r.path === "$.log" ||
            r.path!.startsWith("$.log.entries"),
          r.path,
        );
        rejected++;
        return;
      }
      results++;
      const back = parseHarText(r.sanitized);
      assert.equal(back.doc.entries.length, r.parsed.columns.n);
      for (const d of r.details) {
        assert.equal(typeof d.curl, "string");
        assert.ok(
          Number.isFinite(d.entry.durationMs) && d.entry.durationMs >= 0,
        );
      }
    }),
    { numRuns: 300, seed: 7 },
  );
  assert.ok(
    results > 100 && rejected > 10,
    `${results} results, ${rejected} rejected`,
  );
  assertNoPollution();
});

Deno.test("har hostile: random text is rejected with a line and column", () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string({ maxLength: 60 }),
        fc.json().map((j) => j.slice(0, -1)),
      ),
      (text) => {
        let valid = true;
        try {
          JSON.parse(text.replace(/^\ufeff/, ""));
        } catch {
          valid = false;
        }
        const r = outcome(text, "random text");
        if (!valid) {
          assert.ok(r instanceof HarParseError);
          assertClearError(r, text);
          assert.equal(r.kind, "json");
        }
      },
    ),
    { numRuns: 300, seed: 11 },
  );
  tally("random text", 0, 300);
});

Deno.test("har hostile: the stack-free stringifier writes what JSON.stringify writes", () => {
  fc.assert(
    fc.property(
      fc.jsonValue({ maxDepth: 12 }),
      fc.constantFrom(0, 2, 4),
      (v, indent) => {
        const want = JSON.stringify(v, null, indent);
        assert.equal(stringifyJsonParts(v, { indent }).join(""), want);
        assert.equal(safeStringifyParts(v, indent).join(""), want);
        const short = previewJson(v, 20);
        assert.ok(
          short.length <= 21 &&
            want.replace(/\s/g, "").startsWith(
              short.replace(/…$/, "").replace(/\s/g, ""),
            ),
        );
      },
    ),
    { numRuns: 500, seed: 5 },
  );
});

Deno.test("har hostile: the UTF-8 check agrees with a fatal TextDecoder", () => {
  const fatal = new TextDecoder("utf-8", { fatal: true });
  fc.assert(
    fc.property(
      fc.oneof(
        fc.uint8Array({ maxLength: 40 }),
        fc.string({ unit: "binary", maxLength: 20 }).map((s) =>
          new TextEncoder().encode(s)
        ),
        fc.tuple(
          fc.string({ unit: "binary", maxLength: 10 }),
          fc.uint8Array({ maxLength: 3 }),
          fc.string({ maxLength: 5 }),
        )
          .map(([a, b, c]) => {
            const e = new TextEncoder();
            return new Uint8Array([...e.encode(a), ...b, ...e.encode(c)]);
          }),
      ),
      (bytes) => {
        const at = firstInvalidUtf8(bytes);
        let ok = true;
        try {
          fatal.decode(bytes);
        } catch {
          ok = false;
        }
        assert.equal(at < 0, ok);
        if (at >= 0) fatal.decode(bytes.subarray(0, at)); // all before is valid
      },
    ),
    { numRuns: 2000, seed: 3 },
  );
  printTally("HAR hostile inputs (har_hostile_property_test.ts)");
});
