/** The limits: defaults, options, env, and what is refused. */
import assert from "node:assert/strict";
import * as limits from "./limits.ts";
import {
  DEFAULT_LIMITS,
  LIMIT_NAMES,
  LIMITS,
  limitsFromEnv,
  resolveLimits,
} from "./limits.ts";

Deno.test("limits: every limit has a default, an env name and a text", () => {
  assert.deepEqual([...LIMIT_NAMES].sort(), Object.keys(DEFAULT_LIMITS).sort());
  const envs = LIMIT_NAMES.map((n) => LIMITS[n].env);
  assert.equal(new Set(envs).size, envs.length);
  for (const e of envs) assert.match(e, /^DEBUG_[A-Z_]+$/);
  assert.equal(DEFAULT_LIMITS.maxLongRequests, 10_000);
  assert.equal(DEFAULT_LIMITS.rateLimitPerMinute, 0);
});

Deno.test("limits: ok/... options over the defaults", () => {
  const cases: [
    string,
    Record<string, number | undefined>,
    Partial<typeof DEFAULT_LIMITS>,
  ][] = [
    ["ok/none", {}, {}],
    ["ok/one", { maxSleepMs: 10 }, { maxSleepMs: 10 }],
    ["ok/zero", { rateLimitPerMinute: 0, maxLongRequests: 0 }, {
      maxLongRequests: 0,
    }],
    ["ok/undefined keeps default", { maxBytes: undefined }, {}],
  ];
  for (const [name, given, want] of cases) {
    assert.deepEqual(
      resolveLimits(given),
      { ...DEFAULT_LIMITS, ...want },
      name,
    );
  }
});

Deno.test("limits: bad/... options throw a RangeError naming the limit", () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ["bad/unknown name", { maxSleep: 5 }, /unknown debug limit "maxSleep"/],
    ["bad/negative", { maxSleepMs: -1 }, /maxSleepMs/],
    ["bad/fraction", { maxBytes: 1.5 }, /maxBytes/],
    ["bad/string", { maxLinks: "7" }, /maxLinks/],
    ["bad/NaN", { maxRedirects: NaN }, /maxRedirects/],
    ["bad/huge", { maxBodyBytes: 2 ** 60 }, /maxBodyBytes/],
  ];
  for (const [name, given, msg] of cases) {
    assert.throws(() => resolveLimits(given), (e: Error) => {
      assert.ok(e instanceof RangeError, name);
      assert.match(e.message, msg, name);
      return true;
    });
  }
});

Deno.test("limits: env overrides, unset and empty ignored, garbage names its variable", () => {
  const env: Record<string, string> = {
    DEBUG_MAX_SLEEP_MS: "100",
    DEBUG_MAX_BODY_BYTES: "16",
    DEBUG_RATE_LIMIT: "120",
    DEBUG_MAX_LINKS: "",
    DEBUG_MAX_WEBSOCKETS: "8",
  };
  assert.deepEqual(limitsFromEnv((n) => env[n]), {
    maxSleepMs: 100,
    maxBodyBytes: 16,
    rateLimitPerMinute: 120,
    maxWebSockets: 8,
  });
  assert.deepEqual(limitsFromEnv(() => undefined), {});
  for (const bad of ["-1", "1e3", "ten", " 5", "0x10", "1.5"]) {
    for (const name of ["DEBUG_MAX_REDIRECTS", "DEBUG_MAX_LONG_REQUESTS"]) {
      assert.throws(
        () => limitsFromEnv((n) => n === name ? bad : undefined),
        (e: Error) => e instanceof RangeError && e.message.includes(name),
      );
    }
  }
});

/** [name, value]: the fixed limits, pinned (moving one must not change it). */
const FIXED: [string, number][] = [
  ["MAX_RANGES", 16],
  ["MAX_RESPONSE_HEADERS", 50],
  ["MAX_RESPONSE_HEADER_VALUE", 8192],
  ["MAX_SET_COOKIES", 50],
  ["MAX_COOKIE_VALUE", 4096],
  ["MAX_COOKIE_PAIRS", 500],
  ["MAX_REDIRECT_URL", 2048],
  ["MAX_BASIC_CREDENTIALS", 4096],
  ["MAX_BEARER_TOKEN", 8192],
  ["MAX_DIGEST_HEADER", 8192],
  ["MAX_STALE_AFTER", 99_999_999],
  ["MAX_DIGEST_PARAMS", 32],
  ["MAX_ACCEPT_CHARS", 4096],
  ["MAX_ACCEPT_RANGES", 64],
];

for (const [name, value] of FIXED) {
  Deno.test(`limits: ok/fixed limit ${name} is ${value}, named in this module`, () => {
    assert.equal((limits as Record<string, unknown>)[name], value);
  });
}
