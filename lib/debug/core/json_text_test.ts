/** jsonText: JSON.stringify's text, at any depth. */
import assert from "node:assert/strict";
import { iterativeJson, jsonText } from "./json_text.ts";

const deepArray = (n: number) => JSON.parse("[".repeat(n) + "]".repeat(n));
const deepObject = (n: number) =>
  JSON.parse('{"a":'.repeat(n) + "1" + "}".repeat(n));
// A prototype-less map, as the reflected maps are: V8's JSON.stringify
// leaves its fast path for it and recurses on the native stack.
const bare = (entries: [string, unknown][]) =>
  Object.assign(Object.create(null), Object.fromEntries(entries));

/** `{"a":` nested `n` deep around 1, every object prototype-less. */
function bareChain(n: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = bare([["a", v]]);
  return v;
}

// Each value is written exactly as JSON.stringify writes it.
const SAME: [string, unknown][] = [
  ["ok/null", null],
  ["ok/string with escapes", 'a"b\\c\n\u0001\u2028😀\ud800'],
  ["ok/numbers", [0, -0, 1.5, -2e-7, 1e21, 123456789012345680000]],
  ["ok/non-finite numbers are null", [NaN, Infinity, -Infinity]],
  ["ok/booleans", [true, false]],
  ["ok/empty containers", [[], {}, [[]], { a: {} }]],
  ["ok/undefined, functions, symbols skipped in objects", {
    a: undefined,
    b: () => 1,
    c: Symbol("x"),
    d: 1,
  }],
  ["ok/undefined, functions, symbols null in arrays", [
    undefined,
    () => 1,
    Symbol("x"),
  ]],
  ["ok/only skipped members", { a: undefined }],
  ["ok/key order, integer keys first", { b: 1, 2: "x", a: 2, 1: "y" }],
  ["ok/keys that need escapes", { 'k"\n': 1, "__proto__": 2 }],
  ["ok/toJSON with its key", {
    d: new Date(0),
    t: { toJSON: (k: string) => k },
  }],
  ["ok/boxed primitives", [Object("s"), Object(1), Object(true)]],
  ["ok/prototype-less maps", bare([["a", ["1", "2"]], ["b", bare([])]])],
  ["ok/a parsed __proto__ key", JSON.parse('{"__proto__":{"x":1},"y":[1]}')],
  [
    "ok/shared (not circular) objects",
    (() => {
      const s = { x: 1 };
      return [s, { s }, s];
    })(),
  ],
  ["ok/an echo-like shape", {
    method: "POST",
    query: bare([["a", ["1", "2"]]]),
    json: deepArray(50),
    form: null,
  }],
];
for (const [name, value] of SAME) {
  Deno.test(`iterativeJson: ${name}`, () => {
    assert.equal(iterativeJson(value), JSON.stringify(value));
    assert.equal(jsonText(value), JSON.stringify(value));
  });
}

Deno.test("iterativeJson: ok/undefined at the top is undefined", () => {
  assert.equal(iterativeJson(undefined), undefined);
});

// Depths a 1 MiB body holds, inside a prototype-less map, where V8's
// JSON.stringify overflowed the stack (the 500 of /echo).
const DEEP: [string, () => unknown, string][] = [
  [
    "ok/10,000 nested arrays",
    () => bare([["json", deepArray(10_000)]]),
    `{"json":${"[".repeat(10_000)}${"]".repeat(10_000)}}`,
  ],
  [
    "ok/524,288 nested arrays (a 1 MiB body)",
    () => bare([["json", deepArray(524_288)]]),
    `{"json":${"[".repeat(524_288)}${"]".repeat(524_288)}}`,
  ],
  [
    "ok/100,000 nested objects",
    () => bare([["json", deepObject(100_000)]]),
    `{"json":${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}}`,
  ],
  [
    // Each plain array's native attempt runs out of stack in the chain
    // below it: more failures than the writer tries natively.
    "ok/prototype-less chains under plain arrays, six times",
    () =>
      bare(["a", "b", "c", "d", "e", "f"].map((k) => [k, [bareChain(20_000)]])),
    `{${
      ["a", "b", "c", "d", "e", "f"].map((k) =>
        `"${k}":[${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}]`
      ).join(",")
    }}`,
  ],
];
for (const [name, make, want] of DEEP) {
  Deno.test(`jsonText: ${name}`, () => {
    assert.equal(jsonText(make()), want);
  });
}

const BAD: [string, () => unknown][] = [
  ["bad/a cycle is a TypeError", () => {
    const a: unknown[] = [];
    a.push([a]);
    return a;
  }],
  ["bad/a BigInt is a TypeError", () => ({ n: 1n })],
  ["bad/a plain object's cycle back to a prototype-less map", () => {
    const top = bare([]);
    top.x = [{ back: top }];
    return top;
  }],
];
for (const [name, make] of BAD) {
  Deno.test(`iterativeJson: ${name}, as in JSON.stringify`, () => {
    assert.throws(() => iterativeJson(make()), TypeError);
    assert.throws(() => jsonText(make()), TypeError);
  });
}
