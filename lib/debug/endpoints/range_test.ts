import assert from "node:assert/strict";
import {
  alphabetBytes,
  type ByteRange,
  parseRange,
  servedRanges,
} from "./range.ts";

const r = (first: number, last: number): ByteRange => ({ first, last });

/** [name, header, body length, expected ranges]. */
const OK: [string, string, number, ByteRange[]][] = [
  ["single", "bytes=0-9", 100, [r(0, 9)]],
  ["single byte", "bytes=5-5", 100, [r(5, 5)]],
  ["last byte named", "bytes=99-99", 100, [r(99, 99)]],
  ["suffix", "bytes=-10", 100, [r(90, 99)]],
  ["suffix of one", "bytes=-1", 100, [r(99, 99)]],
  ["suffix longer than the body is all of it", "bytes=-500", 100, [r(0, 99)]],
  ["open", "bytes=90-", 100, [r(90, 99)]],
  ["open from 0", "bytes=0-", 100, [r(0, 99)]],
  ["last clamped to the body", "bytes=95-200", 100, [r(95, 99)]],
  ["several, in request order", "bytes=50-59,0-9", 100, [
    r(50, 59),
    r(0, 9),
  ]],
  ["several with suffix and open", "bytes=0-0,-1,98-", 100, [
    r(0, 0),
    r(99, 99),
    r(98, 99),
  ]],
  ["overlapping served as asked", "bytes=0-50,40-60", 100, [
    r(0, 50),
    r(40, 60),
  ]],
  ["unit case-insensitive, spaces", " Bytes = 1-2 , 4-5 ", 100, [
    r(1, 2),
    r(4, 5),
  ]],
  ["empty list elements skipped (RFC 9110 §5.6.1)", "bytes=1-2,,4-5,", 100, [
    r(1, 2),
    r(4, 5),
  ]],
  ["unsatisfiable dropped, satisfiable kept", "bytes=200-300,0-1", 100, [
    r(0, 1),
  ]],
  [
    "16 ranges (the most)",
    `bytes=${"0-0,".repeat(16)}`,
    10,
    Array(16).fill(
      r(0, 0),
    ),
  ],
  ["huge last", "bytes=0-9999999999999999", 100, [r(0, 99)]],
  ["huge last past 2^64", "bytes=10-99999999999999999999", 100, [r(10, 99)]],
  ["huge suffix", "bytes=-99999999999999999999999", 100, [r(0, 99)]],
  ["leading zeros", "bytes=0010-0019", 100, [r(10, 19)]],
];

/** Valid, but nothing satisfiable: 416. */
const UNSATISFIABLE: [string, string, number][] = [
  ["first at the end", "bytes=100-", 100],
  ["first past the end", "bytes=100-200", 100],
  ["zero suffix", "bytes=-0", 100],
  ["all past the end", "bytes=200-300,100-", 100],
  ["empty body, open", "bytes=0-", 0],
  ["empty body, suffix", "bytes=-5", 0],
  ["huge first", "bytes=9999999999999999-", 100],
  ["huge first past 2^64", "bytes=99999999999999999999-", 100],
];

/** Ignored (null): the whole body is sent (RFC 9110 §14.2). */
const IGNORED: [string, string | null][] = [
  ["absent", null],
  ["empty", ""],
  ["another unit", "items=0-1"],
  ["no unit", "0-1"],
  ["no equals sign", "bytes 0-1"],
  ["no ranges", "bytes="],
  ["only commas", "bytes=,,"],
  ["dash alone", "bytes=-"],
  ["letters", "bytes=a-b"],
  ["hex", "bytes=0x1-2"],
  ["plus sign", "bytes=+1-2"],
  ["negative", "bytes=--1"],
  ["two dashes", "bytes=1-2-3"],
  ["last before first", "bytes=5-1"],
  ["one bad among good", "bytes=0-1,5-1"],
  ["a parameter", "bytes=0-1;x=y"],
  ["decimal", "bytes=1.5-2"],
  ["17 ranges (too many)", `bytes=${"0-0,".repeat(17)}`],
];

for (const [name, header, n, want] of OK) {
  Deno.test(`parseRange ok/${name}`, () => {
    assert.deepEqual(parseRange(header, n), want);
  });
}

for (const [name, header, n] of UNSATISFIABLE) {
  Deno.test(`parseRange ok/unsatisfiable/${name}`, () => {
    assert.deepEqual(parseRange(header, n), []);
  });
}

for (const [name, header] of IGNORED) {
  Deno.test(`parseRange bad/${name} is ignored`, () => {
    assert.equal(parseRange(header, 100), null);
  });
}

/** Byte `i` of the body, the obvious way. */
function naive(first: number, last: number): Uint8Array {
  const abc = "abcdefghijklmnopqrstuvwxyz";
  const out: number[] = [];
  for (let i = first; i <= last; i++) out.push(abc.charCodeAt(i % 26));
  return Uint8Array.from(out);
}

Deno.test("alphabetBytes ok/every small range equals the naive body", () => {
  for (let first = 0; first < 80; first++) {
    for (let last = first - 1; last < 200; last++) {
      assert.deepEqual(
        alphabetBytes(first, last),
        naive(first, last),
        `${first}-${last}`,
      );
    }
  }
});

Deno.test("alphabetBytes ok/large and odd ranges equal the naive body", () => {
  const cases: [number, number][] = [
    [0, 1_048_575],
    [1, 1_048_575],
    [25, 1_000_000],
    [1_048_000, 1_048_575],
    [12_345, 67_890],
    [26 * 1000, 26 * 2000 - 1],
    [26 * 1000 + 13, 26 * 2000 + 12],
  ];
  for (const [first, last] of cases) {
    assert.deepEqual(
      alphabetBytes(first, last),
      naive(first, last),
      `${first}-${last}`,
    );
  }
});

Deno.test("alphabetBytes ok/an empty range is empty", () => {
  assert.equal(alphabetBytes(5, 4).length, 0);
  assert.equal(alphabetBytes(0, -1).length, 0);
});

/** [name, asked, body length, ranges sent]. */
const SERVED: [string, ByteRange[], number, ByteRange[]][] = [
  ["ok/within the body, as asked", [r(50, 59), r(0, 9)], 100, [
    r(50, 59),
    r(0, 9),
  ]],
  ["ok/overlapping within the body, as asked", [r(0, 50), r(40, 60)], 100, [
    r(0, 50),
    r(40, 60),
  ]],
  ["ok/exactly the body, as asked", [r(0, 49), r(50, 99)], 100, [
    r(0, 49),
    r(50, 99),
  ]],
  ["ok/over the body: merged to one", Array(16).fill(r(0, 999)), 1000, [
    r(0, 999),
  ]],
  [
    "ok/over the body: sorted and merged",
    [
      r(60, 99),
      r(0, 50),
      r(40, 70),
      r(90, 95),
    ],
    100,
    [r(0, 99)],
  ],
  [
    "ok/over the body: adjacent merged, gaps kept",
    [
      r(50, 99),
      r(0, 9),
      r(10, 19),
      r(30, 60),
    ],
    100,
    [r(0, 19), r(30, 99)],
  ],
];

for (const [name, asked, n, want] of SERVED) {
  Deno.test(`servedRanges ${name}`, () => {
    assert.deepEqual(servedRanges(asked, n), want);
  });
}

Deno.test("servedRanges ok/never more data than the body", () => {
  for (let n = 1; n < 40; n++) {
    for (let k = 1; k <= 16; k++) {
      const asked = Array.from(
        { length: k },
        (_, i) => r((i * 7) % n, Math.min(n - 1, (i * 7) % n + i * 3)),
      );
      const sent = servedRanges(asked, n)
        .reduce((sum, x) => sum + x.last - x.first + 1, 0);
      assert.ok(sent <= n, `n=${n} k=${k}: ${sent}`);
    }
  }
});
