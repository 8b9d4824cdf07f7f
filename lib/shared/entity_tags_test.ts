/** Entity tags and the conditional tests, as RFC 9110 §13.1 reads them. */
import assert from "node:assert/strict";
import {
  ifMatchPasses,
  ifNoneMatchFails,
  parseEntityTags,
} from "./entity_tags.ts";

const TAGS: [string, string, ReturnType<typeof parseEntityTags>][] = [
  ["ok/one strong", '"v1"', [{ tag: "v1", weak: false }]],
  ["ok/one weak", 'W/"v1"', [{ tag: "v1", weak: true }]],
  ["ok/a list", ' "a" , W/"b","c" ', [
    { tag: "a", weak: false },
    { tag: "b", weak: true },
    { tag: "c", weak: false },
  ]],
  ["ok/empty tag", '""', [{ tag: "", weak: false }]],
  ["ok/wildcard", "*", "*"],
  // httpbin's and go-httpbin's reading; httpbin's own tests send these.
  ["ok/unquoted is a strong tag", "v1", [{ tag: "v1", weak: false }]],
  ["ok/unquoted in a list", 'abc, W/"b"', [
    { tag: "abc", weak: false },
    { tag: "b", weak: true },
  ]],
  ["ok/empty list elements are ignored", ' , "a", ,W/"b",, ', [
    { tag: "a", weak: false },
    { tag: "b", weak: true },
  ]],
  ["ok/only empty elements", " , ", []],
  ["ok/unquoted weak", "W/v1", [{ tag: "v1", weak: true }]],
  ["bad/W/ alone", "W/", null],
  ["bad/W/ alone in a list", 'W/"a",W/', null],
  ["bad/unterminated quote", '"v1', null],
  ["bad/lower-case w/", 'w/"v1"', null],
  ["bad/inner quote", '"a"b"', null],
  ["bad/missing comma", '"a" "b"', null],
  ["bad/wildcard in a list", '*, "a"', null],
  // Every tag is read: one past any count may be the one that matches, or
  // malformed.
  ["ok/the 66th tag of a list", Array(65).fill('"a"').join(",") + ',"x"', [
    ...Array(65).fill({ tag: "a", weak: false }),
    { tag: "x", weak: false },
  ]],
  [
    "bad/malformed after 65 tags",
    Array(65).fill('"a"').join(",") + ',g"',
    null,
  ],
];
for (const [name, value, want] of TAGS) {
  Deno.test(`parseEntityTags: ${name}`, () => {
    assert.deepEqual(parseEntityTags(value), want);
  });
}

const MATCH: [string, string, string, boolean, boolean][] = [
  // name, header, our tag, If-Match passes, If-None-Match fails (304)
  ["ok/same strong tag", '"v1"', "v1", true, true],
  ["ok/weak tag: weak match only", 'W/"v1"', "v1", false, true],
  ["ok/in a list", '"x", "v1"', "v1", true, true],
  ["ok/wildcard", "*", "v1", true, true],
  ["ok/another tag", '"v2"', "v1", false, false],
  ["ok/case matters", '"V1"', "v1", false, false],
  ["ok/unquoted matches strongly", "v1", "v1", true, true],
  ["bad/malformed header matches nothing", '"a" "b"', "v1", false, false],
];
for (const [name, header, tag, passes, fails] of MATCH) {
  Deno.test(`conditionals: ${name}`, () => {
    const tags = parseEntityTags(header);
    assert.equal(ifMatchPasses(tags, tag), passes, "If-Match");
    assert.equal(ifNoneMatchFails(tags, tag), fails, "If-None-Match");
  });
}
