import assert from "node:assert/strict";
import { HarParseError } from "./errors.ts";

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
