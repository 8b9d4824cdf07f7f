import assert from "node:assert/strict";
import { excerptAt, HarParseError, typeName } from "./errors.ts";

Deno.test("har errors: a SyntaxError carrying plain, postable data", () => {
  const e = new HarParseError({
    kind: "json",
    message: "bad",
    line: 2,
    column: 3,
  });
  assert.ok(e instanceof SyntaxError);
  assert.equal(e.name, "HarParseError");
  assert.deepEqual(structuredClone(e.toJSON()), {
    kind: "json",
    message: "bad",
    line: 2,
    column: 3,
    path: undefined,
    excerpt: undefined,
  });
});

Deno.test("har errors: type names for messages", () => {
  assert.equal(typeName(null), "null");
  assert.equal(typeName(undefined), "nothing");
  assert.equal(typeName([]), "an array");
  assert.equal(typeName({}), "an object");
  assert.equal(typeName(1), "a number");
});

Deno.test("har errors: the excerpt is the error's line, caret on the spot", () => {
  assert.deepEqual(excerptAt("ab\ncdef\r\ngh", 5), { text: "cdef", caret: 2 });
  assert.deepEqual(excerptAt("a\rbc", 3), { text: "bc", caret: 1 });
  const long = "x".repeat(500);
  const e = excerptAt(long, 300);
  assert.ok(e.text.length <= 80);
  assert.equal(e.caret, 50);
});
