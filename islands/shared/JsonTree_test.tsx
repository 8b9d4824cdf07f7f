import assert from "node:assert/strict";
import { render } from "preact-render-to-string";
import { JsonTree, previewOf } from "./JsonTree.tsx";
import {
  parseKeepingNumbers,
  spelledOtherwise,
} from "../../lib/shared/raw_numbers.ts";

Deno.test("previewOf: first members on one line, nested ones folded, then …", () => {
  const cases: [string, object, string][] = [
    [
      "ok/an object",
      { id: 7, name: "Rex", tags: ["a"], owner: { id: 1 } },
      '{id: 7, name: "Rex", tags: […], owner: {…}}',
    ],
    ["ok/an array says its length", [1, null, true], "(3) [1, null, true]"],
    [
      "ok/a key that is not an identifier is quoted",
      { "a-b": 1 },
      '{"a-b": 1}',
    ],
    ["ok/empty", {}, "{}"],
    ["ok/cut", { a: "x".repeat(100), b: 1 }, "{…}"],
    ["ok/cut after some", { a: 1, b: "y".repeat(90) }, "{a: 1, …}"],
  ];
  for (const [name, v, want] of cases) assert.equal(previewOf(v), want, name);
  // A million members: only the first few are read.
  const big = new Array(1_000_000).fill(0);
  assert.match(previewOf(big), /^\(1000000\) \[0, 0, .*…\]$/);
});

Deno.test("JsonTree: the first level open, deeper ones folded and not rendered", () => {
  const html = render(
    <JsonTree value={{ a: { deep: { deeper: 1 } }, b: [1, 2] }} label="body" />,
  );
  assert.match(html, /<details open/);
  assert.match(html, /a:<\/span>/);
  assert.doesNotMatch(html, /deeper:/, "a folded member's children wait");
  // A control character in a key or a string is shown, not obeyed.
  const odd = render(<JsonTree value={{ "\u001b[31m": "\u202e" }} label="x" />);
  assert.match(odd, /\\u001b\[31m/);
  assert.match(odd, /\\u202e/);
});

Deno.test("JsonTree: a number kept as written shows as written", () => {
  const v = parseKeepingNumbers(
    '{"price":1.50,"id":12345678901234567890}',
    spelledOtherwise,
  );
  const html = render(<JsonTree value={v} label="body" />);
  assert.match(html, /jt-number">1.50</);
  assert.match(html, /jt-number">12345678901234567890</);
  assert.equal(
    previewOf(v as object),
    "{price: 1.50, id: 12345678901234567890}",
  );
});

Deno.test("JsonTree: an empty object or array is a leaf; a long string is cut, the rest counted", () => {
  const html = render(
    <JsonTree value={{ a: {}, b: [], s: "x".repeat(1500) }} label="body" />,
  );
  assert.doesNotMatch(html, /<summary>\s*<span class="jt-key">a:/);
  assert.match(html, /a:<\/span> <span class="jt-object">\{\}<\/span>/);
  assert.match(html, /b:<\/span> <span class="jt-object">\[\]<\/span>/);
  assert.match(html, /…and 500 more characters/);
  assert.doesNotMatch(html, /x{1001}/);
});
