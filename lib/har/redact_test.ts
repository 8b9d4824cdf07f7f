import assert from "node:assert/strict";
import {
  DEFAULT_REDACT_WORDS,
  looksSecret,
  nameMatcher,
  parseWordList,
  redactCookieHeader,
  redactCredential,
  REDACTED,
  redactQuery,
  redactSetCookie,
  redactUrl,
} from "./redact.ts";

const secret = nameMatcher(DEFAULT_REDACT_WORDS);

Deno.test("redact: word lists and name matching", () => {
  assert.deepEqual(parseWordList(" token, key\nsecret "), [
    "token",
    "key",
    "secret",
  ]);
  assert.equal(secret("access_token"), true);
  assert.equal(secret("page"), false);
});

Deno.test("redact: credentials keep their scheme, cookies their names", () => {
  assert.equal(redactCredential("Bearer abc.def"), `Bearer ${REDACTED}`);
  assert.equal(redactCookieHeader("a=1; b=2"), `a=${REDACTED}; b=${REDACTED}`);
  assert.match(
    redactSetCookie("sid=abc; Path=/; HttpOnly"),
    /^sid=.*Path=\/; HttpOnly$/,
  );
  assert.ok(!redactSetCookie("sid=abc; Path=/").includes("abc"));
});

Deno.test("redact: secret query parameters in URLs, counted", () => {
  const r = redactUrl("https://h/p?access_token=xyz&page=2#frag", secret);
  assert.ok(!r.text.includes("xyz"));
  assert.ok(r.text.includes("page=2"));
  assert.equal(r.count, 1);
  assert.equal(redactQuery("page=2", secret).count, 0);
});

Deno.test("redact: values that look like secrets", () => {
  assert.equal(looksSecret("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig"), true);
  assert.equal(looksSecret("hello"), false);
});
