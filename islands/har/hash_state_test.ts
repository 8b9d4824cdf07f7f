import assert from "node:assert/strict";
import {
  emptyHashState,
  formatHash,
  linkedParts,
  parseHash,
} from "./hash_state.ts";

Deno.test("har hash: round trip and validation", () => {
  const s = {
    ...emptyHashState(),
    q: "a b&c",
    types: ["xhr", "document"] as const,
    statuses: ["5xx"] as const,
    sort: "size-desc" as const,
    page: "page_1",
    sel: 12,
  };
  const hash = formatHash({
    ...s,
    types: [...s.types],
    statuses: [...s.statuses],
  });
  assert.equal(
    hash,
    "#q=a+b%26c&type=document,xhr&status=5xx&sort=size-desc&page=page_1&sel=12",
  );
  assert.deepEqual(parseHash(hash), {
    ...s,
    types: ["document", "xhr"],
    statuses: ["5xx"],
  });
  assert.equal(formatHash(emptyHashState()), "");
  assert.deepEqual(parseHash("#sort=bogus&type=nope,image&sel=-3"), {
    ...emptyHashState(),
    types: ["image"],
  });
});

Deno.test("har hash: a selection carries its entry's key after a dot", () => {
  const s = { ...emptyHashState(), sel: 12, selKey: "k2v9dq" };
  assert.equal(formatHash(s), "#sel=12.k2v9dq");
  assert.deepEqual(parseHash("#sel=12.k2v9dq"), s);
  // A link from before keys: the index alone.
  assert.deepEqual(parseHash("#sel=12"), { ...s, selKey: "" });
  for (const bad of ["12.", "12.K2", "12.a-b", "12.123456789", ".ab", "1e2"]) {
    assert.deepEqual(parseHash(`#sel=${bad}`), emptyHashState(), `bad/${bad}`);
  }
});

Deno.test("har hash: the first entry selected is kept (sel=0 is a selection)", () => {
  const s = { ...emptyHashState(), sel: 0 };
  assert.equal(formatHash(s), "#sel=0");
  assert.equal(parseHash("#sel=0").sel, 0);
});

Deno.test("har hash: what a link holds, in words", () => {
  assert.deepEqual(linkedParts(emptyHashState()), []);
  assert.deepEqual(
    linkedParts(parseHash("#q=js&status=4xx&sort=size&page=p&sel=0")),
    [
      "search “js”",
      "type or status chips",
      "sorted by size",
      "a page",
      "entry 0",
    ],
  );
});

Deno.test("har hash: the search of headers and bodies is kept as deep=1", () => {
  const s = { ...emptyHashState(), q: "token", deep: true };
  assert.equal(formatHash(s), "#q=token&deep=1");
  assert.deepEqual(parseHash("#q=token&deep=1"), s);
  assert.equal(parseHash("#q=token&deep=yes").deep, false);
  assert.equal(formatHash({ ...s, deep: false }), "#q=token");
  assert.deepEqual(linkedParts(s), [
    "search “token” in headers and bodies too",
  ]);
});
