/**
 * Hostile class: 50 MB single strings (a description, a path, a `$ref`, a
 * title, an unterminated string) and 50 MB single-line YAML, through the
 * same path as every other input. The bound is a hang detector for a shared
 * two-core machine, not a speed target.
 */
import assert from "node:assert/strict";
import { mdText } from "../../lib/openapi/markdown.ts";
import {
  type HostileCase,
  rows,
  YAML31,
} from "../helpers/spec_hostile_tally.ts";

const MB50 = 50 * 1024 * 1024;
/** Measured at 0.2-2.2 s alone, 13 s beside a parallel test run: a hang detector. */
const BIG_BOUND = 30_000;
/** Built lazily, inside the worker. */
const big = (() => {
  let s: string | undefined;
  return () => s ??= "ab c".repeat(MB50 / 4);
})();
const head = (info: string) =>
  `{"openapi":"3.1.0","info":{"title":"t",${info}"version":"1"},"paths":`;

function shortMessages(a: { index: { warnings: { message: string }[] } }) {
  for (const w of a.index.warnings) assert.ok(w.message.length < 1000);
}

export const BIG: HostileCase[] = [
  {
    name: "json: a 50 MB description in info and in an operation",
    bound: BIG_BOUND,
    run(t) {
      const b = big();
      const a = t.accepted(
        head(`"description":"${b}",`) +
          `{"/a":{"get":{"description":"${b}","summary":"s"}}}}`,
      );
      assert.deepEqual(rows(a), ["get /a"]);
      assert.equal(
        mdText(a.details[0].description).length,
        20_000,
        "cut for display",
      );
    },
  },
  {
    name: "json: a 50 MB path, $ref and title; messages stay short",
    bound: BIG_BOUND,
    run(t) {
      const b = big();
      const path = t.accepted(
        head("") + `{"/${b}{x}":{"get":{"summary":"s"}}}}`,
      );
      assert.equal(path.index.endpoints[0].path.length, MB50 + 4);
      shortMessages(path);
      const ref = t.accepted(
        head("") +
          `{"/a":{"get":{"responses":{"200":{"$ref":"#/${b}"}}}},"/b":{"$ref":"#/${b}"}}}`,
      );
      shortMessages(ref);
      assert.ok(ref.details[0].warnings[0].length < 1000);
      const title = t.accepted(
        `{"openapi":"3.1.0","info":{"title":"${b}","version":"1"},"paths":{}}`,
      );
      assert.equal(title.index.title.length, 1000);
    },
  },
  {
    name: "json: a 50 MB unterminated string and a numeric version after 50 MB",
    bound: BIG_BOUND,
    run(t) {
      const b = big();
      const open = '{"openapi":"3.1.0","info":{"title":"t","description":"';
      const e = t.rejected(open + b);
      assert.equal(e.kind, "syntax");
      assert.deepEqual([e.line, e.column], [1, open.length]);
      assert.match(e.message, /unterminated string: this .". is never closed/);
      const v = t.accepted(
        `{"openapi":"3.1.0","info":{"description":"${b}","version":1.0},"paths":{}}`,
      );
      assert.equal(v.index.version, "1.0");
    },
  },
  {
    name: "yaml: a 50 MB plain, quoted and unterminated scalar",
    bound: BIG_BOUND,
    run(t) {
      const b = big();
      const rest = "paths: {/a: {get: {}}}\n";
      t.accepted(YAML31 + rest + "description: " + b + "\n");
      t.accepted(YAML31 + rest + `description: "${b}"\n`);
      const e = t.rejected(YAML31 + rest + `description: "${b}\n`);
      assert.equal(e.kind, "syntax");
      const f = t.rejected(YAML31 + rest + `description: [${b}\n`);
      assert.match(
        f.message,
        /'\[' opened at line 4, column 14 is never closed/,
      );
    },
  },
  {
    name: "yaml: a whole 50 MB spec on one line, with a numeric version",
    bound: BIG_BOUND,
    run(t) {
      const b = big();
      const a = t.accepted(
        `{openapi: 3.1.0, info: {title: t, version: 1.0, description: ${b}}, paths: {/a: {get: {summary: s}}}}`,
      );
      assert.equal(a.index.version, "1.0");
      const r = t.accepted(
        YAML31 + `paths: {/a: {get: {responses: {'200': {$ref: '#/${b}'}}}}}\n`,
      );
      shortMessages(r);
    },
  },
];
