import assert from "node:assert/strict";
import { isToken, leadingToken } from "./http_token.ts";

/** [name, text, max]: tokens. */
const OK: [string, string, number | undefined][] = [
  ["ok/a method", "GET", undefined],
  ["ok/a field name", "X-Request-Id", undefined],
  ["ok/every tchar symbol", "!#$%&'*+.^_`|~-", undefined],
  ["ok/digits", "0123456789", undefined],
  ["ok/exactly the max", "a".repeat(256), 256],
];
/** [name, text, max]: not tokens. */
const BAD: [string, string, number | undefined][] = [
  ["bad/empty", "", undefined],
  ["bad/a space", "a b", undefined],
  ["bad/a colon", "a:b", undefined],
  ["bad/a slash", "a/b", undefined],
  ["bad/a double quote", 'a"b', undefined],
  ["bad/a comma", "a,b", undefined],
  ["bad/a control character", "a\tb", undefined],
  ["bad/non-ASCII", "é", undefined],
  ["bad/a trailing newline", "a\n", undefined],
  ["bad/over the max", "a".repeat(257), 256],
];

for (const [name, text, max] of OK) {
  Deno.test(`isToken ${name}`, () => assert.equal(isToken(text, max), true));
}
for (const [name, text, max] of BAD) {
  Deno.test(`isToken ${name}`, () => assert.equal(isToken(text, max), false));
}

/** [name, text, leading token]. */
const LEADING: [string, string, string][] = [
  ["ok/up to the equals sign", "realm=x", "realm"],
  ["ok/the whole text", "nonce", "nonce"],
  ["bad/starts with a space", " realm", ""],
  ["bad/starts with a quote", '"x"', ""],
];
for (const [name, text, want] of LEADING) {
  Deno.test(`leadingToken ${name}`, () => {
    assert.equal(leadingToken(text), want);
  });
}
