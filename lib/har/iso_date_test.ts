import assert from "node:assert/strict";
import fc from "fast-check";
import { diffMs, parseFast, parseGeneral, parseInstant } from "./iso_date.ts";

const OK: [string, string, number, number][] = [
  ["ok/utc-z", "2024-05-01T08:00:00Z", Date.UTC(2024, 4, 1, 8), 0],
  ["ok/millis", "2024-05-01T08:00:00.123Z", Date.UTC(2024, 4, 1, 8) + 123, 0],
  ["ok/one-digit", "2024-05-01T08:00:00.5Z", Date.UTC(2024, 4, 1, 8) + 500, 0],
  [
    "ok/seven-digits-offset",
    "2016-06-28T21:42:02.7221474+01:00",
    Date.UTC(2016, 5, 28, 20, 42, 2) + 722,
    0.1474,
  ],
  [
    "ok/micro",
    "2023-08-29T13:03:20.195591+00:00",
    Date.UTC(2023, 7, 29, 13, 3, 20) + 195,
    0.591,
  ],
  [
    "ok/negative-offset",
    "2023-03-29T16:58:59.303-07:00",
    Date.UTC(2023, 2, 29, 23, 58, 59) + 303,
    0,
  ],
  [
    "ok/offset-no-colon",
    "2024-05-01T10:00:00+0200",
    Date.UTC(2024, 4, 1, 8),
    0,
  ],
  [
    "ok/offset-hours-only",
    "2024-05-01T10:00:00+02",
    Date.UTC(2024, 4, 1, 8),
    0,
  ],
  [
    "ok/half-hour-offset",
    "2024-05-01T13:30:00+05:30",
    Date.UTC(2024, 4, 1, 8),
    0,
  ],
  ["ok/no-offset-is-utc", "2024-05-01T08:00:00", Date.UTC(2024, 4, 1, 8), 0],
  ["ok/space-separator", "2024-05-01 08:00:00Z", Date.UTC(2024, 4, 1, 8), 0],
  [
    "ok/comma-fraction",
    "2024-05-01T08:00:00,25Z",
    Date.UTC(2024, 4, 1, 8) + 250,
    0,
  ],
  ["ok/date-only", "2024-05-01", Date.UTC(2024, 4, 1), 0],
  [
    "ok/day-rollover",
    "2024-12-31T23:30:00-01:00",
    Date.UTC(2025, 0, 1, 0, 30),
    0,
  ],
];

for (const [name, text, ms, frac] of OK) {
  Deno.test(`iso date: ${name}`, () => {
    const got = parseInstant(text);
    assert.ok(got, text);
    assert.equal(got.ms, ms);
    assert.ok(Math.abs(got.frac - frac) < 1e-12, `${got.frac} vs ${frac}`);
  });
}

const BAD = [
  "bad/empty:",
  "bad/words:yesterday",
  "bad/month:2024-13-01T00:00:00Z",
  "bad/hour:2024-01-01T25:00:00Z",
  "bad/offset:2024-01-01T00:00:00+25:00",
  "bad/garbage-tail:2024-01-01T00:00:00Zjunk",
];
for (const c of BAD) {
  const [name, text] = [
    c.slice(0, c.indexOf(":")),
    c.slice(c.indexOf(":") + 1),
  ];
  Deno.test(`iso date: ${name}`, () => assert.equal(parseInstant(text), null));
}

Deno.test("iso date: non-strings are not dates", () => {
  assert.equal(parseInstant(12), null);
  assert.equal(parseInstant(null), null);
});

Deno.test("iso date: differences keep sub-millisecond digits exactly", () => {
  const a = parseInstant("2016-06-28T21:42:02.7541492+01:00")!;
  const b = parseInstant("2016-06-28T21:42:02.7221474+01:00")!;
  // 32.0018 ms; a float of the whole epoch value could not hold this.
  assert.equal(diffMs(a, b), 32.0018);
});

Deno.test("iso date: the fast path agrees with the general parser", () => {
  fc.assert(
    fc.property(
      fc.date({
        min: new Date("1970-01-01"),
        max: new Date("2100-01-01"),
        noInvalidDate: true,
      }),
      fc.stringMatching(/^[0-9]{0,12}$/),
      fc.constantFrom("Z", "+01:00", "-07:00", "+0530", "-1200", "+14:00", "z"),
      (date, fraction, offset) => {
        const text = date.toISOString().slice(0, 19) +
          (fraction ? `.${fraction}` : "") + offset;
        const fast = parseFast(text);
        const general = parseGeneral(text);
        assert.ok(fast, text);
        assert.deepEqual(fast, general, text);
      },
    ),
    { numRuns: 3000 },
  );
  assert.equal(parseFast("2024-05-01 08:00:00Z"), undefined);
  assert.equal(parseFast("2024-05-01T08:00:00.Z"), undefined);
  assert.equal(parseFast("2024-05-01T08:00:00+01:00x"), undefined);
});
