import assert from "node:assert/strict";
import {
  isRawJson,
  parseKeepingNumbers,
  spelledOtherwise,
  unsafeInteger,
} from "./raw_numbers.ts";

Deno.test("parseKeepingNumbers: the numbers chosen keep their text, the rest are doubles", () => {
  const text =
    '{"id":12345678901234567890,"price":1.50,"e":1e3,"n":7,"s":"1.50"}';
  const exact = parseKeepingNumbers(text, unsafeInteger) as Record<
    string,
    unknown
  >;
  assert.ok(isRawJson(exact.id));
  assert.equal(exact.price, 1.5);
  assert.equal(
    JSON.stringify(exact),
    '{"id":12345678901234567890,"price":1.5,"e":1000,"n":7,"s":"1.50"}',
  );
  const written = parseKeepingNumbers(text, spelledOtherwise);
  assert.equal(
    JSON.stringify(written),
    '{"id":12345678901234567890,"price":1.50,"e":1e3,"n":7,"s":"1.50"}',
  );
  assert.equal((written as { n: unknown }).n, 7, "as written: a plain number");
  assert.equal(isRawJson(7), false);
  assert.equal(isRawJson({ rawJSON: "1" }), false, "only the runtime's");
  assert.throws(() => parseKeepingNumbers("{bad", unsafeInteger), SyntaxError);
});
