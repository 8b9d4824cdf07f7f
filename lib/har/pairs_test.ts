import assert from "node:assert/strict";
import {
  cookies,
  cookiesFromHeaders,
  countOf,
  LIST_ROWS,
  pairs,
  queryCount,
  queryFromUrl,
  rowsOf,
  shown,
  VALUE_CHARS,
  valueText,
} from "./pairs.ts";

Deno.test("pairs: names and values of any type read as text", () => {
  assert.deepEqual(pairs([{ name: "a", value: 1 }, { name: null }, 7]), [
    { name: "a", value: "1" },
    { name: "", value: "" },
    { name: "", value: "" },
  ]);
  assert.deepEqual(pairs("nope"), []);
  assert.equal(valueText({ x: 1 }), '{"x":1}');
  assert.equal(countOf([1, 2]), 2);
  assert.equal(countOf(null), 0);
});

Deno.test("pairs: the query from the URL, fragment left out", () => {
  assert.deepEqual(queryFromUrl("https://h/p?a=1&b=x%20y&a=2#f=9"), [
    { name: "a", value: "1" },
    { name: "b", value: "x y" },
    { name: "a", value: "2" },
  ]);
  assert.deepEqual(queryFromUrl("https://h/p"), []);
  assert.equal(queryCount("https://h/?a&b&c", 3), 3);
});

Deno.test("pairs: long lists and values are cut for display", () => {
  const many = Array.from({ length: LIST_ROWS + 5 }, (_, i) => ({
    name: `n${i}`,
    value: "v".repeat(VALUE_CHARS + 10),
  }));
  const rows = rowsOf(many);
  assert.equal(rows.length, LIST_ROWS);
  assert.equal(rows[0].value, shown(many[0].value));
  assert.ok(rows[0].value.endsWith("…"));
  assert.equal(shown("short"), "short");
});

Deno.test("pairs: cookies with their attributes", () => {
  const [c] = cookies([{ name: "sid", value: "1", httpOnly: true, path: "/" }]);
  assert.equal(c.name, "sid");
  assert.equal(c.value, "1");
});

Deno.test("pairs: cookies read from the headers when an exporter lists none", () => {
  assert.deepEqual(
    cookiesFromHeaders([
      { name: "Cookie", value: "k=v; k2=a=b" },
      { name: "X", value: "y=z" },
    ], true),
    [{ name: "k", value: "v" }, { name: "k2", value: "a=b" }],
  );
  assert.deepEqual(
    cookiesFromHeaders([{
      name: "set-cookie",
      value:
        "sid=1; Path=/; HttpOnly; Secure; SameSite=Lax\nt=2; Domain=x.example",
    }], false),
    [
      {
        name: "sid",
        value: "1",
        path: "/",
        httpOnly: true,
        secure: true,
        sameSite: "Lax",
      },
      { name: "t", value: "2", domain: "x.example" },
    ],
  );
});

Deno.test("pairs: a query read from the URL stops at the fragment, and + is a space", () => {
  assert.deepEqual(queryFromUrl("https://a.test/p?a=1+2#frag&b=2"), [
    { name: "a", value: "1 2" },
  ]);
});
