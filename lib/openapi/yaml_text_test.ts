/** Numbers as written in YAML, and the locations js-yaml reports late. */
import assert from "node:assert/strict";
import {
  secondDocumentOffset,
  unclosedFlow,
  yamlScalarSource,
} from "./yaml_text.ts";
import { cpuMs } from "../../tests/helpers/cpu_time.ts";

Deno.test("spec source: YAML scalars as written", () => {
  const t = "info:\n  title: x\n  version: 1.0\nother: {version: 2.10}\n";
  assert.equal(yamlScalarSource(t, ["info", "version"]), "1.0");
  assert.equal(yamlScalarSource(t, ["other", "version"]), "2.10");
  assert.equal(yamlScalarSource(t, ["info"]), null);
  assert.equal(yamlScalarSource("swagger: 2.0\n", ["swagger"]), "2.0");
  assert.equal(yamlScalarSource("a: [", ["a"]), null);
});

Deno.test("spec source: a YAML scalar written at its anchor, reached by an alias or a merge key", () => {
  const CASES: [string, string, string | null][] = [
    ["ok/alias", "x-v: &v 1.0\ninfo:\n  version: *v\n", "1.0"],
    [
      "ok/merge",
      "x-i: &i {version: 1.10}\ninfo:\n  <<: *i\n  title: t\n",
      "1.10",
    ],
    [
      "ok/merge-list-first-wins",
      "a: &a {version: 1.0}\nb: &b {version: 2.0}\ninfo: {<<: [*a, *b]}\n",
      "1.0",
    ],
    [
      "ok/merge-later-in-list",
      "a: &a {title: t}\nb: &b {version: 2.50}\ninfo: {<<: [*a, *b]}\n",
      "2.50",
    ],
    [
      "ok/explicit-key-wins",
      "a: &a {version: 1.0}\ninfo: {<<: *a, version: 3.00}\n",
      "3.00",
    ],
    [
      "ok/merged-mapping-through-alias",
      "a: &a {version: 1.0}\nb: &b {<<: *a}\ninfo: {<<: *b}\n",
      "1.0",
    ],
    [
      "ok/the-latest-anchor",
      "a: &v 1.0\nb: &v 2.0\ninfo: {version: *v}\n",
      "2.0",
    ],
    ["ok/mapping-by-alias", "m: &m {version: 0x1F}\ninfo: *m\n", "0x1F"],
    ["bad/undefined-alias", "info: {version: *nope}\n", null],
    ["bad/quoted-merge-key", 'a: &a {version: 1.0}\ninfo: {"<<": *a}\n', null],
    ["bad/self-merge", "info: &i {<<: *i}\n", null],
  ];
  for (const [name, text, want] of CASES) {
    assert.equal(yamlScalarSource(text, ["info", "version"]), want, name);
  }
});

Deno.test("spec source: the second YAML document and unclosed flow collections", () => {
  assert.equal(secondDocumentOffset("---\na: 1\n---\nb: 2\n"), 9);
  assert.equal(secondDocumentOffset("# c\n---\na: 1\n"), null);
  const t = "a: [1, 2\nb: 3\n";
  assert.deepEqual(unclosedFlow(t, t.length), { offset: 3, char: "[" });
  // Brackets inside plain scalars, quotes, comments and block scalars are text.
  const fine =
    "a: see [x\nb: 'it [s'\nc: |\n  {not yaml\n# [ comment\nd: {e: [1]}\n";
  assert.equal(unclosedFlow(fine, fine.length), null);
  const multi = 'a: ["x\n  y", [2\nb: 1\n';
  // The innermost open collection is named (after a multi-line string).
  assert.deepEqual(unclosedFlow(multi, multi.length), {
    offset: 13,
    char: "[",
  });
});

Deno.test("spec source: merge keys fanning out through shared anchors are searched in linear time", () => {
  // Each level merges the one below it 8 times: 8^12 paths, 13 mappings.
  const lines = ["a0: &a0 {x: 1}"];
  for (let k = 1; k <= 12; k++) {
    lines.push(
      `a${k}: &a${k} {<<: [${Array(8).fill(`*a${k - 1}`).join(", ")}]}`,
    );
  }
  lines.push("v: &v {version: 1.10}", "info: {<<: [*a12, *v], title: t}", "");
  const ms = cpuMs(() => {
    assert.equal(
      yamlScalarSource(lines.join("\n"), ["info", "version"]),
      "1.10",
    );
  });
  assert.ok(ms < 500, `${ms} ms`);
});
