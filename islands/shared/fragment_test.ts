import assert from "node:assert/strict";
import {
  formatFragment,
  fragmentParams,
  fragmentTarget,
  isAnchorFragment,
  replaceFragment,
} from "./fragment.ts";

/** [name, params, id, always, fragment] */
const FORMAT: [
  string,
  Record<string, string>,
  string | undefined,
  boolean,
  string,
][] = [
  ["ok/empty", {}, undefined, false, ""],
  ["ok/one key", { q: "a b" }, undefined, false, "#q=a+b"],
  [
    "ok/commas stay readable",
    { type: "image,script" },
    undefined,
    false,
    "#type=image,script",
  ],
  [
    "ok/reserved characters are escaped",
    { q: "a&b=c#d%" },
    undefined,
    false,
    "#q=a%26b%3Dc%23d%25",
  ],
  ["ok/bare section", {}, "status", false, "#status"],
  ["ok/section kept as a state", {}, "status", true, "#status?"],
  [
    "ok/section and state",
    { code: "503", sleep: "1s" },
    "status",
    false,
    "#status?code=503&sleep=1s",
  ],
  [
    "ok/unicode",
    { filter: "café ✓" },
    undefined,
    false,
    "#filter=caf%C3%A9+%E2%9C%93",
  ],
];

for (const [name, params, id, always, fragment] of FORMAT) {
  Deno.test(`fragment format: ${name}`, () => {
    const p = new URLSearchParams(params);
    assert.equal(formatFragment(p, id, always), fragment);
    // And back.
    if (id === undefined) {
      assert.deepEqual(Object.fromEntries(fragmentParams(fragment)), params);
    } else {
      const t = fragmentTarget(fragment);
      assert.equal(t.id, id);
      if (t.params) assert.deepEqual(Object.fromEntries(t.params), params);
      else assert.deepEqual(params, {});
    }
  });
}

Deno.test("fragment read: with or without #, odd input never throws", () => {
  assert.equal(fragmentParams("#q=x").get("q"), "x");
  assert.equal(fragmentParams("q=x").get("q"), "x");
  assert.equal(fragmentParams("").toString(), "");
  // Bad percent-escapes are kept as text, not thrown.
  assert.equal(fragmentParams("#q=%E0%A4%A").get("q"), "\ufffd%A");
  assert.deepEqual(fragmentTarget("#echo"), { id: "echo", params: null });
  assert.deepEqual(fragmentTarget(""), { id: "", params: null });
  const t = fragmentTarget("#echo?a=1?b");
  assert.equal(t.id, "echo");
  assert.equal(t.params?.get("a"), "1?b");
});

Deno.test("fragment replace: one history entry, replaced only on change", () => {
  const calls: string[] = [];
  const g = globalThis as unknown as Record<string, unknown>;
  const saved = [g.location, g.history];
  g.location = { pathname: "/har", search: "?x", hash: "#q=a" };
  g.history = {
    state: { keep: 1 },
    replaceState: (_s: unknown, _t: string, url: string) => calls.push(url),
  };
  try {
    replaceFragment("#q=a");
    assert.deepEqual(calls, []);
    replaceFragment("#q=b");
    replaceFragment("");
    assert.deepEqual(calls, ["/har?x#q=b", "/har?x"]);
  } finally {
    [g.location, g.history] = saved;
  }
});

Deno.test('isAnchorFragment: a plain anchor is not a state; "" and key=value are', () => {
  const cases: [string, boolean][] = [
    ["#main", true],
    ["main", true],
    ["#har-requests", true],
    ["", false],
    ["#", false],
    ["#q=js", false],
    ["#filter=", false],
    ["#echo?body=x", false],
  ];
  for (const [h, want] of cases) assert.equal(isAnchorFragment(h), want, h);
});
