import assert from "node:assert/strict";
import { boundedJson, resolvePointer } from "./pretty.ts";

Deno.test("resolvePointer: RFC 6901 escapes, arrays, misses", () => {
  const doc = {
    paths: { "/pets/{id}": { get: { tags: ["a", "b"] } } },
    "a~b": 1,
    "": { x: 2 },
  };
  assert.deepEqual(resolvePointer(doc, "/paths/~1pets~1{id}/get/tags/1"), {
    found: true,
    value: "b",
  });
  assert.deepEqual(resolvePointer(doc, "/a~0b"), { found: true, value: 1 });
  assert.deepEqual(resolvePointer(doc, "//x"), { found: true, value: 2 });
  assert.deepEqual(resolvePointer(doc, ""), { found: true, value: doc });
  assert.equal(
    resolvePointer(doc, "/paths/~1pets~1{id}/get/tags/01").found,
    false,
  );
  assert.equal(
    resolvePointer(doc, "/paths/~1pets~1{id}/get/tags/2").found,
    false,
  );
  assert.equal(resolvePointer(doc, "/nope").found, false);
  assert.equal(resolvePointer(doc, "nope").found, false);
  // `~01` is `~1` literally, not `/` (unescape `~1` first, then `~0`).
  assert.deepEqual(resolvePointer({ "~1": 3 }, "/~01"), {
    found: true,
    value: 3,
  });
});

Deno.test("boundedJson: plain JSON as JSON.stringify(v, null, 2)", () => {
  const values = [
    null,
    0,
    's"q',
    [],
    {},
    [1, [2, []], { a: {} }],
    { type: "object", properties: { id: { type: "string", enum: ["a"] } } },
  ];
  for (const v of values) {
    assert.deepEqual(boundedJson(v), {
      text: JSON.stringify(v, null, 2),
      truncated: false,
    });
  }
});

Deno.test("boundedJson: cut at the bound, cycles and dates written", () => {
  const big = { items: Array.from({ length: 1000 }, (_, i) => ({ i })) };
  const cut = boundedJson(big, 100_000, 50);
  assert.ok(cut.truncated);
  assert.equal(cut.text.split("\n").length, 51);
  assert.match(cut.text, /cut short/);
  const byChars = boundedJson(big, 200, 10_000);
  assert.ok(byChars.truncated && byChars.text.length < 300);

  const loop: Record<string, unknown> = { name: "x" };
  loop.self = loop;
  loop.date = new Date("2020-01-02T00:00:00Z");
  assert.deepEqual(
    JSON.parse(boundedJson(loop).text),
    { name: "x", self: "[circular]", date: "2020-01-02T00:00:00.000Z" },
  );
  // A value shared twice (a YAML alias) is not a cycle.
  const shared = { a: 1 };
  assert.deepEqual(JSON.parse(boundedJson({ x: shared, y: shared }).text), {
    x: { a: 1 },
    y: { a: 1 },
  });
});
