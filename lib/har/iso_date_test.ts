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
  // Offsets: half hours both ways, with and without the colon, -00:00.
  [
    "ok/half-hour-offset-millis-no-colon",
    "2024-05-01T08:00:00.123+0530",
    Date.UTC(2024, 4, 1, 2, 30) + 123,
    0,
  ],
  [
    "ok/negative-half-hour-offset",
    "2024-05-01T08:00:00.123-05:30",
    Date.UTC(2024, 4, 1, 13, 30) + 123,
    0,
  ],
  [
    "ok/negative-zero-offset",
    "2024-05-01T08:00:00-00:00",
    Date.UTC(2024, 4, 1, 8),
    0,
  ],
  [
    "ok/largest-offset",
    "2024-05-01T08:00:00+23:59",
    Date.UTC(2024, 4, 1, 8) - (23 * 60 + 59) * 60000,
    0,
  ],
  // Lower-case z and t (ISO 8601 and RFC 3339 §5.6 allow them).
  [
    "ok/lowercase-z",
    "2024-05-01T08:00:00.250z",
    Date.UTC(2024, 4, 1, 8) + 250,
    0,
  ],
  ["ok/lowercase-t-and-z", "2024-05-01t08:00:00z", Date.UTC(2024, 4, 1, 8), 0],
  // Fractions of 1 to 9 digits: three are whole ms, the rest kept apart.
  [
    "ok/fraction-2",
    "2024-05-01T08:00:00.12Z",
    Date.UTC(2024, 4, 1, 8) + 120,
    0,
  ],
  ["ok/fraction-3", "2024-05-01T08:00:00.007Z", Date.UTC(2024, 4, 1, 8) + 7, 0],
  [
    "ok/fraction-4",
    "2024-05-01T08:00:00.1234Z",
    Date.UTC(2024, 4, 1, 8) + 123,
    0.4,
  ],
  [
    "ok/fraction-9",
    "2024-05-01T08:00:00.123456789Z",
    Date.UTC(2024, 4, 1, 8) + 123,
    0.456789,
  ],
  [
    "ok/fraction-16-general-path",
    "2024-05-01T08:00:00.1234567890123456Z",
    Date.UTC(2024, 4, 1, 8) + 123,
    0.4567890123456,
  ],
  // A leap second (RFC 3339 §5.7) is the next minute's first second.
  [
    "ok/leap-second",
    "2016-12-31T23:59:60Z",
    Date.UTC(2017, 0, 1),
    0,
  ],
  [
    "ok/leap-second-fraction",
    "2016-12-31T23:59:60.5Z",
    Date.UTC(2017, 0, 1) + 500,
    0,
  ],
  [
    "ok/leap-second-space",
    "2016-12-31 23:59:60Z",
    Date.UTC(2017, 0, 1),
    0,
  ],
  // Without seconds (ISO 8601 reduced precision).
  ["ok/no-seconds", "2024-05-01T08:00Z", Date.UTC(2024, 4, 1, 8), 0],
  [
    "ok/no-seconds-offset",
    "2024-05-01T08:00+05:30",
    Date.UTC(2024, 4, 1, 2, 30),
    0,
  ],
  [
    "ok/space-fraction-space-offset",
    "2024-05-01 08:00:00.5 +05:30",
    Date.UTC(2024, 4, 1, 2, 30) + 500,
    0,
  ],
  [
    "ok/surrounding-spaces",
    "  2024-05-01T08:00:00Z  ",
    Date.UTC(2024, 4, 1, 8),
    0,
  ],
  // 24:00 is the end of the day, the next day's start.
  ["ok/end-of-day", "2024-05-01T24:00:00Z", Date.UTC(2024, 4, 2), 0],
  [
    "ok/end-of-day-general",
    "2024-05-01 24:00:00.000Z",
    Date.UTC(2024, 4, 2),
    0,
  ],
  // Leap days and years before 1970 (negative epoch milliseconds).
  ["ok/leap-day", "2024-02-29T00:00:00Z", Date.UTC(2024, 1, 29), 0],
  ["ok/leap-day-400", "2000-02-29T00:00:00Z", Date.UTC(2000, 1, 29), 0],
  [
    "ok/before-epoch",
    "1969-12-31T23:59:59.999Z",
    -1,
    0,
  ],
  [
    "ok/before-epoch-sub-ms",
    "1969-12-31T23:59:59.9999Z",
    -1,
    0.9,
  ],
  ["ok/1601", "1601-01-01T00:00:00Z", Date.UTC(1601, 0, 1), 0],
  // Years under 1000 (the general path), 0-99 not read as 1900-1999.
  ["ok/year-999", "0999-12-31T23:59:59Z", Date.UTC(1000, 0, 1) - 1000, 0],
  ["ok/year-99", "0099-01-01T00:00:00Z", -59042995200000, 0],
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
  "bad/month-zero:2024-00-10T00:00:00Z",
  "bad/day-zero:2024-01-00T00:00:00Z",
  "bad/april-31:2024-04-31T00:00:00Z",
  "bad/april-31-general:2024-04-31 00:00:00Z",
  "bad/feb-29-common-year:2023-02-29T00:00:00Z",
  "bad/feb-29-century:1900-02-29T00:00:00Z",
  "bad/feb-30-leap-year:2024-02-30T00:00:00Z",
  "bad/day-32:2024-01-32T00:00:00Z",
  "bad/minute-60:2024-05-01T08:60:00Z",
  "bad/minute-60-general:2024-05-01 08:60:00Z",
  "bad/second-61:2024-05-01T08:00:61Z",
  "bad/second-61-general:2024-05-01 08:00:61Z",
  "bad/after-end-of-day:2024-05-01T24:00:01Z",
  "bad/after-end-of-day-minute:2024-05-01T24:01:00Z",
  "bad/after-end-of-day-general:2024-05-01 24:00:01Z",
  "bad/after-end-of-day-ms:2024-05-01T24:00:00.001Z",
  "bad/after-end-of-day-sub-ms:2024-05-01T24:00:00.0001Z",
  "bad/after-end-of-day-sub-ms-general:2024-05-01 24:00:00.0001Z",
  "bad/offset-24:2024-05-01T08:00:00+24:00",
  "bad/offset-24-no-colon:2024-05-01T08:00:00+2400",
  "bad/offset-minutes-60:2024-05-01T08:00:00+05:60",
  "bad/offset-minutes-60-general:2024-05-01 08:00:00+05:60",
  "bad/offset-one-minute-digit:2024-05-01T08:00:00+05:3",
  "bad/dot-without-digits:2024-05-01T08:00:00.Z",
  "bad/one-digit-month:2024-5-1T08:00:00Z",
  "bad/one-digit-hour:2024-05-01T8:00:00Z",
  "bad/hour-only:2024-05-01T08Z",
  "bad/expanded-year:+002024-05-01T08:00:00Z",
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
