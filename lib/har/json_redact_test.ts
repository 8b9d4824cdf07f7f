/** Redaction in JSON text: the secrets go, every other byte stays. */
import assert from "node:assert/strict";
import { type JsonRedaction, redactJsonText } from "./json_redact.ts";
import { cpuMs } from "../../tests/helpers/cpu_time.ts";

/** Names containing "token" are secret; strings starting `sk_` too. */
function how(log: (string | null)[] = []): JsonRedaction {
  return {
    secretKey: (name) => name.toLowerCase().includes("token"),
    leaf: (v) => v.startsWith("sk_") ? "[X]" : null,
    redacted: (raw) => log.push(raw),
  };
}

Deno.test("json redact: ok/only the secret values change, byte for byte", () => {
  const CASES: [string, string, string][] = [
    [
      "ok/numbers, duplicates and layout kept",
      '{\n  "id": 12345678901234567890,\n  "price": 1.50,\n  "huge": 1e400,\n  "token": "abcdefghijkl",\n  "a": 1, "a": 2\n}',
      '{\n  "id": 12345678901234567890,\n  "price": 1.50,\n  "huge": 1e400,\n  "token": "[X]",\n  "a": 1, "a": 2\n}',
    ],
    [
      "ok/a container under a secret name goes whole",
      '{"refresh_token": {"v": [1, {"t": 2}]}, "n": 0}',
      '{"refresh_token": "[X]", "n": 0}',
    ],
    [
      "ok/a number or true under a secret name goes",
      '[{"Token":42},{"token":true}]',
      '[{"Token":"[X]"},{"token":"[X]"}]',
    ],
    [
      "ok/null and empty under a secret name stay",
      '{"token": null, "id_token": ""}',
      '{"token": null, "id_token": ""}',
    ],
    [
      "ok/a string value anywhere, by what it holds",
      '["a", {"k": "sk_live_1"}, [["sk_222222"]], "sk_3"]',
      // Strings under 8 characters are not looked at: no credential is.
      '["a", {"k": "[X]"}, [["[X]"]], "sk_3"]',
    ],
    [
      "ok/escapes in names and values are read as JSON reads them",
      '{"to\\u006ben": "x", "s": "sk\\u005f3", "q": "a\\"b"}',
      '{"to\\u006ben": "[X]", "s": "[X]", "q": "a\\"b"}',
    ],
    [
      "ok/a key that is a secret word only as a value stays",
      '{"name": "token", "token_type": "bearer"}',
      '{"name": "token", "token_type": "[X]"}',
    ],
    [
      "ok/a name/value pair whose name is secret loses its value",
      '[{"name": "x_token", "value": "abc"}, {"name": "page", "value": "2"}]',
      '[{"name": "x_token", "value": "[X]"}, {"name": "page", "value": "2"}]',
    ],
    [
      "ok/a pair written value first loses its value too",
      '[{"value": "abc", "name": "x_token"}, {"value": 2, "name": "page"}]',
      '[{"value": "[X]", "name": "x_token"}, {"value": 2, "name": "page"}]',
    ],
    [
      "ok/a value first that is a container goes whole, with what it held",
      '{"value": {"a": "sk_live_1", "b": [1]}, "id": "sk_live_2", "name": "token"}',
      '{"value": "[X]", "id": "[X]", "name": "token"}',
    ],
    [
      "ok/a value first that is null or empty stays",
      '[{"value": null, "name": "token"}, {"value": "", "name": "token"}]',
      '[{"value": null, "name": "token"}, {"value": "", "name": "token"}]',
    ],
    [
      "ok/a value in a nested object is no pair's value",
      '{"a": {"value": "abc"}, "name": "token"}',
      '{"a": {"value": "abc"}, "name": "token"}',
    ],
    [
      "ok/a name written twice: the last one, which a parse keeps, decides",
      '{"name": "x", "value": "abc", "name": "x_token"}',
      '{"name": "x", "value": "[X]", "name": "x_token"}',
    ],
    [
      "ok/a value written twice before its name: both go",
      '{"value": "a1", "value": "abc", "name": "token"}',
      '{"value": "[X]", "value": "[X]", "name": "token"}',
    ],
    [
      "ok/a value first that was replaced by its shape: one marker, valid JSON",
      '[{"value": "sk_live_1", "name": "token"}, {"value": ["sk_live_2"], "n": 1, "name": "token"}]',
      '[{"value": "[X]", "name": "token"}, {"value": "[X]", "n": 1, "name": "token"}]',
    ],
    [
      "ok/pairs nested in pairs' lists, value first",
      '[[{"value": {"value": "a", "name": "token"}, "name": "q"}], {"value": "b", "name": "token"}]',
      '[[{"value": {"value": "[X]", "name": "token"}, "name": "q"}], {"value": "[X]", "name": "token"}]',
    ],
    [
      "ok/.NET's Name and Value",
      '[{"Name": "x_token", "Value": "abc"}, {"Value": "def", "Name": "x_token"}]',
      '[{"Name": "x_token", "Value": "[X]"}, {"Value": "[X]", "Name": "x_token"}]',
    ],
    [
      "ok/a secret name written over by another: the value stays",
      '{"name": "token", "name": "x", "value": "abc"}',
      '{"name": "token", "name": "x", "value": "abc"}',
    ],
    [
      "ok/Postman's and AWS's key/value pairs: a secret key's value goes, every key stays a name",
      '[{"key": "x_token", "value": "abc"}, {"Key": "Environment", "Value": "prod"}, {"value": "def", "key": "x_token"}]',
      '[{"key": "x_token", "value": "[X]"}, {"Key": "Environment", "Value": "prod"}, {"value": "[X]", "key": "x_token"}]',
    ],
    ["ok/nothing to do returns the text", '{"a": [1, 2]}', '{"a": [1, 2]}'],
  ];
  for (const [name, text, want] of CASES) {
    JSON.parse(text); // the contract: valid JSON in
    assert.equal(redactJsonText(text, how(), "[X]"), want, name);
    JSON.parse(want);
  }
});

Deno.test("json redact: told of each secret, with its text when a string; one redacted before is left and not told", () => {
  const log: (string | null)[] = [];
  const text = '{"token": "abc", "x_token": {"a": 1}, "t": 5, "y_token": "R"}';
  assert.equal(
    redactJsonText(text, how(log), "R"),
    '{"token": "R", "x_token": "R", "t": 5, "y_token": "R"}',
  );
  assert.deepEqual(log, ["abc", null]);
  const late: (string | null)[] = [];
  redactJsonText('[{"value": "a\\"b", "name": "token"}]', how(late), "R");
  redactJsonText('[{"value": [1], "name": "token"}]', how(late), "R");
  assert.deepEqual(late, ['a"b', null]);
});

Deno.test("json redact: 100,000 nested arrays cost no stack", () => {
  const depth = 100_000;
  const text = "[".repeat(depth) + '{"token": "s"}' + "]".repeat(depth);
  const out = redactJsonText(text, how(), "R");
  assert.equal(out.length, text.length);
  assert.ok(out.includes('{"token": "R"}'));
});

Deno.test("json redact: what was counted inside a value replaced whole once its name is read is taken back", () => {
  let count = 0;
  const counting: JsonRedaction = {
    secretKey: (name) => name.includes("token"),
    leaf: (v) => v.startsWith("sk_") ? (count++, "[X]") : null,
    redacted: () => count++,
    tally: () => count,
    refund: (n) => (count -= n),
  };
  const out = redactJsonText(
    '[{"value": {"token": "a", "k": "sk_live_1"}, "keep": "sk_live_2", "name": "x_token"}]',
    counting,
    "[X]",
  );
  assert.equal(
    out,
    '[{"value": "[X]", "keep": "[X]", "name": "x_token"}]',
  );
  assert.equal(count, 2);
});

Deno.test("json redact: 50,000 pairs written value first, and 10,000 nested ones, cost linear time", () => {
  for (
    const text of [
      "[" +
      Array(50_000).fill('{"value": "sk_live_1", "name": "token"}').join(",") +
      "]",
      '{"value": '.repeat(10_000) + '"sk_live_1"' +
      ', "name": "token"}'.repeat(10_000),
      // One object of 30,000 pairs, each value kept until its name.
      "{" +
      Array(30_000).fill('"name": "x", "value": "sk_live_1", "name": "token"')
        .join(", ") +
      "}",
    ]
  ) {
    const ms = cpuMs(() => JSON.parse(redactJsonText(text, how(), "R")));
    assert.ok(ms < 2000, `${ms} ms`);
  }
});

Deno.test("json redact: a `key` alone is an API key and goes, once its object shows no `value`; one beside a `value` is a pair's name", () => {
  const log: (string | null)[] = [];
  const keyWord: JsonRedaction = {
    secretKey: (name) =>
      name === "key" || name === "Key" || name.includes("token"),
    leaf: () => null,
    redacted: (raw) => log.push(raw),
  };
  assert.equal(
    redactJsonText(
      '{"a": {"key": "AIza1234", "key": "AIza5678"}, "tags": [{"Key": "Env", "Value": "prod"}], "k": {"key": 42}}',
      keyWord,
      "R",
    ),
    '{"a": {"key": "R", "key": "R"}, "tags": [{"Key": "Env", "Value": "prod"}], "k": {"key": "R"}}',
  );
  assert.deepEqual(log.sort(), ["AIza1234", "AIza5678", null]);
});
