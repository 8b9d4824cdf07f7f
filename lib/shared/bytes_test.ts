import assert from "node:assert/strict";
import { concatBytes } from "./bytes.ts";

Deno.test("concatBytes: parts in order; none is empty; one is itself", () => {
  const a = new Uint8Array([1, 2]), b = new Uint8Array([]);
  const c = new Uint8Array([3]);
  assert.deepEqual([...concatBytes([a, b, c])], [1, 2, 3]);
  assert.equal(concatBytes([]).byteLength, 0);
  assert.equal(concatBytes([a]), a);
});
