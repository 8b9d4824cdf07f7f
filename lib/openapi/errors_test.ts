import assert from "node:assert/strict";
import { jsonPath } from "../shared/parse_error.ts";
import { lineColumn } from "../shared/parse_error.ts";

Deno.test("spec errors: line/column, JSON paths", () => {
  assert.deepEqual(lineColumn("ab\ncd\nef", 4), { line: 2, column: 2 });
  assert.deepEqual(lineColumn("ab", 99), { line: 1, column: 3 });
  assert.equal(
    jsonPath(["paths", "/a/{b}", "get", "parameters", 0]),
    '$.paths["/a/{b}"].get.parameters[0]',
  );
  assert.equal(jsonPath([]), "$");
});
