/**
 * `deno task diff` run as its users run it: real files, standard input,
 * URLs from a loopback server; the table through the CLI's `runDiff` in
 * this process, and a process with the task's own command line and
 * permissions wherever those matter. Table-driven: `ok/...` cases compare and print, `bad/...` cases
 * must exit 2 with a message naming what is wrong. The pairs are small and
 * written for these tests (tests/fixtures/compare): a base, and revisions
 * that each change one thing at one level.
 */
import assert from "node:assert/strict";
import {
  fixture,
  FIXTURES,
  fixtureServer,
  ROOT_DIR,
  runDiff,
  runDiffInProcess,
  type RunResult,
  shellEnv,
} from "../helpers/diff_cli.ts";
import {
  annotationFile,
  InputReadError,
  MAX_INPUT_BYTES,
  parseArgs,
  readCapped,
  readInput,
} from "../../diff.ts";
import { compareSpecs } from "../../lib/openapi/compare/mod.ts";
import { formerId, knownIds } from "../../lib/openapi/compare/report.ts";
import { corpusDir } from "../helpers/corpus.ts";

const f = (name: string) => FIXTURES + name;
const BASE = f("pets_base.yaml");

/** Revisions of pets_base.yaml, each with changes at one level only. */
const PAIRS = {
  breaking: "pets_breaking.yaml", // request property `tag` became required
  warning: "pets_warning.yaml", // request property `tag` removed
  info: "pets_info.yaml", // GET /pets/{petId} added
  doc: "pets_doc.yaml", // a summary reworded
  none: "pets_base.json", // the same document in JSON, keys reordered
} as const;

/** A syntax error at line 3, column 10 (a missing colon). */
const BROKEN_JSON = '{\n  "openapi": "3.0.3",\n  "info" {"title": "Pets"},\n' +
  '  "paths": {}\n}\n';

const CHANGE_KEYS = [
  "id",
  "level",
  "method",
  "path",
  "operations",
  "where",
  "pointer",
  "text",
];

function lines(s: string): string[] {
  return s.replace(/\n$/, "").split("\n");
}

/** A run's output, for assertion messages. */
function shown(r: RunResult): string {
  return `exit ${r.code}\n--- stdout\n${r.stdout}--- stderr\n${r.stderr}`;
}

/** Asserts a usage error: exit 2, nothing on stdout, the synopsis on stderr. */
function assertUsage(r: RunResult, message: RegExp): void {
  assert.equal(r.code, 2, shown(r));
  assert.equal(r.stdout, "", shown(r));
  assert.match(r.stderr, message, shown(r));
  assert.match(r.stderr, /^Usage: deno task diff BASE REVISION/m, shown(r));
}

interface Case {
  name: string;
  args: string[];
  stdin?: string;
  code: number;
  check?: (r: RunResult) => void;
}

const CASES: Case[] = [
  {
    name:
      "ok/a revision whose version reads as older gets a note on stderr, the report unchanged",
    args: [f("pets-v2.yaml"), f("pets-v1.yaml"), "--format", "json"],
    code: 0,
    check: (r) => {
      assert.match(
        r.stderr,
        /^diff: note: the revision's version \(1\.0\) reads as older than the base's \(2\.0\)/,
      );
      assert.equal(JSON.parse(r.stdout).revision.version, "1.0");
    },
  },
  {
    name:
      "bad/a version holding a newline is written visibly in the note, forging no line",
    args: [f("pets-v2.yaml"), "-"],
    stdin: fixture("pets-v1.yaml").replace(
      'version: "1.0"',
      'version: "1.0\\ndiff: error: forged"',
    ),
    code: 0,
    check: (r) => {
      assert.equal(r.stderr.split("\n").filter(Boolean).length, 1, r.stderr);
      assert.match(r.stderr, /\(1\.0\\u000adiff: error: forged\)/);
    },
  },
  {
    name:
      "ok/what reading a side read past (a key written twice) is said on stderr, located, before the report",
    args: [BASE, "-"],
    stdin: fixture("pets_base.yaml").replace(
      /^paths:\n/m,
      "paths:\n  /extra: {get: {responses: {'200': {description: ok}}}}\n  /extra: {put: {responses: {'200': {description: ok}}}}\n",
    ),
    code: 0,
    check: (r) => {
      assert.match(
        r.stderr,
        /^revision: warning: Duplicate mapping key "\/extra": the last value is used \(line \d+, column 3\)$/m,
        shown(r),
      );
      assert.doesNotMatch(r.stderr, /^base: /m);
    },
  },
  {
    name:
      "ok/--ignore leaves a change id out of the list, the counts and --fail-on",
    args: [
      BASE,
      f(PAIRS.breaking),
      "--fail-on",
      "breaking",
      "--ignore",
      "api-path-removed-without-deprecation,request-property-became-required",
    ],
    code: 0,
    check: (r) => {
      assert.equal(r.stderr, "");
      const out = lines(r.stdout);
      assert.deepEqual(out.slice(1), [
        "0 breaking, 0 warning, 0 info, 0 doc",
        "No changes.",
      ]);
    },
  },
  {
    name:
      "ok/--filter keeps the changes the page's filter shows for the terms, in the list, the counts and --fail-on, and says so",
    args: [BASE, f(PAIRS.breaking), "--fail-on", "breaking", "--filter", "get"],
    code: 0,
    check: (r) => {
      assert.deepEqual(lines(r.stdout).slice(1), [
        "0 breaking, 0 warning, 0 info, 0 doc",
        // The whole comparison's counts too: "0 breaking" alone would
        // read as the verdict.
        "Only the changes matching `get`: the counts above are of these. The whole comparison has 1 breaking, 0 warning, 0 info, 0 doc.",
      ]);
      // Said, so a typo in a CI gate's terms does not pass unseen.
      assert.match(r.stderr, /^diff: note: --filter "get" matched no change/m);
    },
  },
  {
    name:
      "ok/--filter naming the change's operation keeps it, and --fail-on fails on it",
    args: [
      BASE,
      f(PAIRS.breaking),
      "--fail-on=breaking",
      "--filter=post /pets",
    ],
    code: 1,
    check: (r) => {
      const out = lines(r.stdout);
      assert.equal(out[1], "1 breaking, 0 warning, 0 info, 0 doc", r.stdout);
      assert.match(
        out[3],
        /^breaking POST \/pets: .*\[request-property-became-required\]$/,
      );
    },
  },
  {
    name:
      "ok/--filter naming a shared change's second operation lists it under that one first, as the page does",
    // Pet's `tag` retyped: one change, listed under GET /pets and POST /pets.
    args: [BASE, "-", "--filter", "addPet", "--format", "json"],
    stdin: fixture("pets_base.yaml").replace(
      /(\n {8}tag:\n {10}type: )string\n$/,
      "$1integer\n",
    ),
    code: 0,
    check: (r) => {
      const j = JSON.parse(r.stdout);
      assert.deepEqual(
        j.changes.map((c: { id: string; operations: string[] }) => [
          c.id,
          c.operations,
        ]),
        [["response-property-type-changed", ["POST /pets", "GET /pets"]]],
        r.stdout,
      );
    },
  },
  {
    name: "ok/--format github writes an annotation per change, at its level",
    args: [BASE, f(PAIRS.breaking), "--format", "github"],
    code: 0,
    check: (r) => {
      const out = lines(r.stdout);
      assert.equal(out.length, 3, r.stdout);
      assert.equal(
        out[2],
        "::error title=breaking%3A request-property-became-required::POST /pets: request property `tag` in `NewPet` became required (request body)",
      );
    },
  },
  {
    name:
      "ok/--filter with --all keeps the documentation changes it matches (without --all they are not listed, so none)",
    args: [BASE, f(PAIRS.doc), "--all", "--filter", "doc"],
    code: 0,
    check: (r) => {
      const out = lines(r.stdout);
      assert.equal(out[1], "0 breaking, 0 warning, 0 info, 1 doc", r.stdout);
      assert.match(out[3], /^doc {6}GET \/pets: summary changed/);
      assert.equal(r.stderr, "");
    },
  },
  {
    name: "bad/--filter given twice",
    args: [BASE, f(PAIRS.breaking), "--filter", "a", "--filter", "b"],
    code: 2,
    check: (r) => assertUsage(r, /--filter is given twice/),
  },
  {
    name: "bad/--filter without a term",
    args: [BASE, f(PAIRS.breaking), "--filter", "  "],
    code: 2,
    check: (r) => assertUsage(r, /--filter needs a term/),
  },
  {
    name: "bad/--filter past its length",
    args: [BASE, f(PAIRS.breaking), "--filter", "x".repeat(1001)],
    code: 2,
    check: (r) => assertUsage(r, /--filter takes at most 1000 characters/),
  },
  {
    name: "bad/--ignore takes change ids only",
    args: [BASE, f(PAIRS.breaking), "--ignore", "Request Property"],
    code: 2,
    check: (r) =>
      assertUsage(
        r,
        /--ignore takes change ids such as api-path-removed-without-deprecation/,
      ),
  },
  {
    name:
      "ok/--ignore naming no change id (a typo) is said on stderr with the nearest id; the exit status is --fail-on's",
    args: [
      BASE,
      f(PAIRS.breaking),
      "--fail-on",
      "breaking",
      "--ignore",
      "request-property-became-requird",
    ],
    code: 1,
    check: (r) => {
      assert.match(
        r.stderr,
        /^diff: warning: --ignore "request-property-became-requird" is no change id, so it leaves nothing out; did you mean request-property-became-required\?$/m,
      );
      assert.match(lines(r.stdout)[1], /^1 breaking,/);
    },
  },
  {
    name:
      "ok/--ignore naming the start of ids (api-path-removed) names the ids that start so",
    args: [BASE, f(PAIRS.info), "--ignore", "api-path-removed"],
    code: 0,
    check: (r) =>
      assert.match(
        r.stderr,
        /^diff: warning: --ignore "api-path-removed" is no change id, so it leaves nothing out; did you mean api-path-removed-before-sunset, api-path-removed-with-deprecation or api-path-removed-without-deprecation\?$/m,
      ),
  },
  {
    name:
      "ok/--ignore of ids this comparison lacks, or that oasdiff once wrote, says nothing",
    args: [
      BASE,
      f(PAIRS.breaking),
      "--ignore",
      "endpoint-added,added-required-request-body,request-parameter-property-became-required,response-body-max-length-unset",
    ],
    code: 0,
    check: (r) => assert.equal(r.stderr, ""),
  },
  {
    name:
      "ok/--ignore naming many unknown ids says the first ten and how many more",
    args: [
      BASE,
      f(PAIRS.none),
      "--ignore",
      Array.from({ length: 12 }, (_, i) => `no-such-check-${i}`).join(","),
    ],
    code: 0,
    check: (r) => {
      const said = lines(r.stderr);
      assert.equal(said.length, 11, r.stderr);
      assert.match(said[0], /"no-such-check-0" is no change id/);
      assert.equal(
        said[10],
        "diff: warning: and 2 more --ignore ids are no change id",
      );
    },
  },
  {
    name: "ok/text: a line per change, after the sides and the counts",
    args: [BASE, f(PAIRS.breaking)],
    code: 0,
    check: (r) => {
      assert.equal(r.stderr, "");
      const out = lines(r.stdout);
      assert.deepEqual(out.slice(0, 2), [
        "Pets 1.0 (OpenAPI 3.0.3) → Pets 1.0 (OpenAPI 3.0.3)",
        "1 breaking, 0 warning, 0 info, 0 doc",
      ]);
      assert.equal(out.length, 3);
      assert.match(
        out[2],
        /^breaking POST \/pets: request property `tag`( in `NewPet`)? became required \(request body\) \[request-property-became-required\]$/,
      );
    },
  },
  {
    name: "ok/text: one line per change, breaking first, doc only with --all",
    args: [BASE, f("pets_mixed.yaml"), "--all"],
    code: 0,
    check: (r) => {
      const out = lines(r.stdout);
      assert.equal(out[1], "1 breaking, 1 warning, 1 info, 1 doc");
      const changes = out.slice(2);
      assert.equal(changes.length, 4, r.stdout);
      // Grouped by operation, the group with the worst change first.
      assert.match(changes[0], /^breaking POST \/pets: .*tag.*required/);
      assert.ok(
        changes.some((l) => /^doc {6}POST \/pets: /.test(l)),
        r.stdout,
      );
      assert.ok(
        changes.some((l) =>
          /^warning {2}GET \/pets: .*`limit`.* \[request-parameter-removed\]$/
            .test(l)
        ),
        r.stdout,
      );
      assert.match(
        changes.at(-1)!,
        /^info {5}GET \/pets\/\{petId\}: .* \[endpoint-added\]$/,
      );
    },
  },
  {
    name:
      "ok/text: documentation changes are counted but not listed by default, and said to be (as in Markdown)",
    args: [BASE, f(PAIRS.doc)],
    code: 0,
    check: (r) => {
      assert.deepEqual(lines(r.stdout).slice(1), [
        "0 breaking, 0 warning, 0 info, 1 doc",
        "No breaking, warning or info changes; 1 documentation change not listed: --all lists it.",
      ]);
    },
  },
  {
    name: "ok/text: no change says so, as Markdown and the page do",
    args: [BASE, f(PAIRS.none)],
    code: 0,
    check: (r) => {
      assert.deepEqual(lines(r.stdout).slice(1), [
        "0 breaking, 0 warning, 0 info, 0 doc",
        "No changes.",
      ]);
    },
  },
  {
    name: "ok/markdown: a heading per level, a line per change",
    args: [BASE, f("pets_mixed.yaml"), "--format", "markdown", "--all"],
    code: 0,
    check: (r) => {
      const out = lines(r.stdout);
      assert.match(out[0], /^## API changes: Pets 1\.0 .* → Pets 1\.0 /);
      const headings = out.filter((l) => l.startsWith("### "));
      assert.deepEqual(headings, [
        "### Breaking changes (1)",
        "### Warnings: may break clients (1)",
        "### Compatible changes (1)",
        "### Documentation changes (1)",
      ]);
      const items = out.filter((l) => l.startsWith("- "));
      assert.equal(items.length, 4, r.stdout);
      // Each item sits under its level's heading.
      const under = (heading: string) => out[out.indexOf(heading) + 2];
      assert.match(
        under(headings[0]),
        /^- `POST \/pets`: .*tag.* \(`request-property-became-required`\)$/,
      );
      assert.match(
        under(headings[1]),
        /^- `GET \/pets`: .*`limit`.* \(`request-parameter-removed`\)$/,
      );
      assert.match(
        under(headings[2]),
        /^- `GET \/pets\/\{petId\}`: .* \(`endpoint-added`\)$/,
      );
      assert.match(under(headings[3]), /^- `POST \/pets`: .*summary/);
    },
  },
  {
    name: "ok/markdown: a level without changes has no heading",
    args: [BASE, f(PAIRS.warning), "--format=markdown"],
    code: 0,
    check: (r) => {
      assert.deepEqual(
        lines(r.stdout).filter((l) => l.startsWith("### ")),
        ["### Warnings: may break clients (1)"],
      );
    },
  },
  {
    name: "ok/markdown: no change says so",
    args: [BASE, f(PAIRS.none), "--format", "markdown"],
    code: 0,
    check: (r) => {
      const out = lines(r.stdout);
      assert.equal(out.filter((l) => l.startsWith("### ")).length, 0);
      assert.equal(out.at(-1), "No changes.");
    },
  },
  {
    name: "ok/json: the contract's shape, exactly",
    args: [BASE, f(PAIRS.breaking), "--format", "json"],
    code: 0,
    check: (r) => {
      const j = JSON.parse(r.stdout);
      assert.deepEqual(Object.keys(j), [
        "base",
        "revision",
        "counts",
        "changes",
      ]);
      for (const side of [j.base, j.revision]) {
        assert.deepEqual(side, {
          title: "Pets",
          version: "1.0",
          format: "OpenAPI 3.0.3",
        });
      }
      assert.deepEqual(j.counts, { breaking: 1, warning: 0, info: 0, doc: 0 });
      assert.equal(j.changes.length, 1);
      const c = j.changes[0];
      assert.deepEqual(Object.keys(c), CHANGE_KEYS);
      assert.equal(c.id, "request-property-became-required");
      assert.equal(c.level, "breaking");
      assert.equal(c.method, "post");
      assert.equal(c.path, "/pets");
      assert.deepEqual(c.operations, ["POST /pets"]);
      assert.equal(typeof c.where, "string");
      assert.match(c.where, /tag/);
      assert.deepEqual(Object.keys(c.pointer), ["base", "revision"]);
      // RFC 6901 pointers into each document, both sides present here.
      for (const p of [c.pointer.base, c.pointer.revision]) {
        assert.match(p, /^\/.*\/tag$/);
      }
      assert.match(c.text, /tag.*became required/);
    },
  },
  {
    name: "ok/json: an added operation has no base pointer",
    args: [BASE, f(PAIRS.info), "--format", "json"],
    code: 0,
    check: (r) => {
      const [c] = JSON.parse(r.stdout).changes;
      assert.equal(c.id, "endpoint-added");
      assert.equal(c.level, "info");
      assert.equal(c.method, "get");
      assert.equal(c.path, "/pets/{petId}");
      assert.deepEqual(c.operations, ["GET /pets/{petId}"]);
      assert.equal(c.pointer.base, null);
      assert.equal(typeof c.pointer.revision, "string");
    },
  },
  {
    name: "ok/json: --all lists the doc change; without it only counts it",
    args: ["--all", "--format", "json", BASE, f(PAIRS.doc)],
    code: 0,
    check: (r) => {
      const j = JSON.parse(r.stdout);
      assert.deepEqual(j.counts, { breaking: 0, warning: 0, info: 0, doc: 1 });
      assert.deepEqual(j.changes.map((c: { level: string }) => c.level), [
        "doc",
      ]);
    },
  },
  {
    name: "ok/same document as JSON with its keys reordered: no change",
    args: [BASE, f(PAIRS.none), "--format", "json", "--all"],
    code: 0,
    check: (r) => {
      const j = JSON.parse(r.stdout);
      assert.deepEqual(j.counts, { breaking: 0, warning: 0, info: 0, doc: 0 });
      assert.deepEqual(j.changes, []);
    },
  },
  {
    name: "ok/Swagger 2.0 against OpenAPI 3.0, the same API: no change",
    args: [f("pets_swagger.yaml"), BASE, "--format", "json", "--all"],
    code: 0,
    check: (r) => {
      const j = JSON.parse(r.stdout);
      assert.equal(j.base.format, "Swagger 2.0");
      assert.equal(j.revision.format, "OpenAPI 3.0.3");
      assert.deepEqual(j.changes, [], r.stdout);
    },
  },
  {
    name: "ok/Swagger 2.0 base, OpenAPI 3.0 revision: the real change found",
    args: [f("pets_swagger.yaml"), f(PAIRS.breaking), "--fail-on", "breaking"],
    code: 1,
    check: (r) => {
      assert.match(
        r.stdout,
        /\(Swagger 2\.0\) → Pets 1\.0 \(OpenAPI 3\.0\.3\)/,
      );
      assert.match(
        r.stdout,
        /^breaking POST \/pets: .*tag.* \[request-property-became-required\]$/m,
      );
    },
  },
  {
    name: "ok/stdin as the base (-)",
    args: ["-", f(PAIRS.breaking)],
    stdin: fixture("pets_base.yaml"),
    code: 0,
    check: (r) => assert.match(r.stdout, /^1 breaking, /m),
  },
  {
    name: "ok/stdin as the revision (-), with --fail-on",
    args: [BASE, "-", "--fail-on", "warning"],
    stdin: fixture(PAIRS.warning),
    code: 1,
    check: (r) => {
      assert.match(r.stdout, /\[request-property-removed\]$/m);
      assert.match(r.stderr, /1 change at or above warning/);
    },
  },
  {
    name: "ok/-- ends the options",
    args: ["--format", "json", "--", BASE, f(PAIRS.none)],
    code: 0,
    check: (r) => assert.deepEqual(JSON.parse(r.stdout).changes, []),
  },
  {
    name: "ok/--help prints the usage on stdout",
    args: ["--help"],
    code: 0,
    check: (r) => {
      assert.match(r.stdout, /^Usage: deno task diff BASE REVISION/);
      for (const word of ["--format", "--fail-on", "--all", "standard input"]) {
        assert.ok(r.stdout.includes(word), word);
      }
      assert.equal(r.stderr, "");
    },
  },
  {
    name: "ok/-h is --help, whatever else is given",
    args: [BASE, "-h", "--frobnicate"],
    code: 0,
    check: (r) => assert.match(r.stdout, /^Usage: /),
  },
  {
    name: "ok/a UTF-16 file (byte order mark) is read as UTF-16",
    args: [BASE, "utf16.yaml"],
    code: 0,
    check: (r) => {
      assert.equal(r.stderr, "");
      assert.match(r.stdout, /\[request-property-became-required\]$/m);
    },
  },
  {
    name: "ok/invalid UTF-8 is read, with a warning naming the side and place",
    args: ["latin1.yaml", BASE],
    code: 0,
    check: (r) => {
      assert.match(r.stdout, /^P\uFFFDts 1\.0 \(OpenAPI 3\.0\.3\) → Pets 1\.0/);
      assert.match(
        r.stderr,
        /^base: warning: The file is not valid UTF-8 \(first bad byte at line 2, column 16\)/,
      );
    },
  },
  {
    name: "bad/an empty input",
    args: [BASE, "empty.yaml"],
    code: 2,
    check: (r) => {
      assert.equal(r.stdout, "");
      assert.match(r.stderr, /^revision: .*empty/);
    },
  },
  {
    name: "bad/broken JSON revision: the side, line and column, the excerpt",
    args: [BASE, "broken.json"],
    code: 2,
    check: (r) => {
      assert.equal(r.stdout, "");
      const err = lines(r.stderr);
      assert.match(
        err[0],
        /^revision: Not valid JSON: .*\(line 3, column 10\)$/,
      );
      // The excerpt: numbered lines, a caret under column 10 of line 3.
      const at = err.findIndex((l) => l.startsWith("3 | "));
      assert.ok(at > 0, r.stderr);
      assert.equal(err[at], '3 |   "info" {"title": "Pets"},');
      assert.equal(err[at + 1], "  |          ^");
    },
  },
  {
    name: "bad/broken YAML base: the side and the place",
    args: ["broken.yaml", BASE],
    code: 2,
    check: (r) => {
      assert.equal(r.stdout, "");
      assert.match(r.stderr, /^base: .*\(line \d+, column \d+\)$/m);
      assert.match(r.stderr, /^\d+ \| /m);
    },
  },
  {
    name: "bad/not OpenAPI: rejected as such, naming the side",
    args: [f("not_openapi.json"), BASE],
    code: 2,
    check: (r) => {
      assert.equal(r.stdout, "");
      assert.match(r.stderr, /^base: .*AsyncAPI.*not OpenAPI or Swagger/);
    },
  },
  {
    name: "bad/a missing file",
    args: [BASE, "no-such-spec.yaml"],
    code: 2,
    check: (r) => {
      assert.equal(r.stdout, "");
      // Named as given, and where it was looked for.
      assert.match(
        r.stderr,
        /^revision: cannot read no-such-spec\.yaml \(\/.+\/no-such-spec\.yaml\): no such file\n$/,
      );
    },
  },
  {
    name: "bad/a scheme other than http and https says so",
    args: [BASE, "ftp://example.test/spec.yaml"],
    code: 2,
    check: (r) =>
      assert.equal(
        r.stderr,
        "revision: cannot read ftp://example.test/spec.yaml: only http and " +
          "https URLs are fetched; give a file by its path\n",
      ),
  },
  {
    name: "bad/another scheme's password and query values are not printed",
    args: [BASE, "ftp://ci:s3cret@example.test/spec.yaml?token=t0ken"],
    code: 2,
    check: (r) => {
      assert.doesNotMatch(r.stderr, /s3cret|t0ken/);
      assert.match(
        r.stderr,
        /ftp:\/\/\*\*\*@example\.test\/spec\.yaml\?token=…/,
      );
    },
  },
  {
    name: "bad/a document's control characters reach stderr written visibly",
    args: [BASE, "escapes.json"],
    code: 2,
    check: (r) => {
      // deno-lint-ignore no-control-regex -- control characters are what it finds
      assert.doesNotMatch(r.stderr, /[\u0000-\u0008\u000b-\u001f\u007f]/);
      assert.match(r.stderr, /\\u001b\[2J/);
      assert.match(r.stderr, /^revision: Not valid JSON: /);
    },
  },
  {
    name:
      "ok/markdown: documentation changes not listed are counted, not denied",
    args: [BASE, f(PAIRS.doc), "--format", "markdown"],
    code: 0,
    check: (r) =>
      assert.match(
        lines(r.stdout).at(-1)!,
        /^No breaking, warning or info changes; 1 documentation change not listed\.$/,
      ),
  },
  {
    name: "bad/a folder",
    args: [FIXTURES, BASE],
    code: 2,
    check: (r) =>
      assert.match(r.stderr, /^base: cannot read .*: it is a folder$/m),
  },
  {
    name: "bad/usage: no input",
    args: [],
    code: 2,
    check: (r) =>
      assertUsage(r, /^diff: expected BASE and REVISION, got none$/m),
  },
  {
    name: "bad/usage: one input",
    args: [BASE],
    code: 2,
    check: (r) => assertUsage(r, /got only one input/),
  },
  {
    name: "bad/usage: three inputs",
    args: [BASE, BASE, BASE],
    code: 2,
    check: (r) => assertUsage(r, /expected two inputs, got 3/),
  },
  {
    name: "bad/usage: both sides from standard input",
    args: ["-", "-"],
    code: 2,
    check: (r) =>
      assertUsage(r, /only one side can be read from standard input/),
  },
  {
    name: "bad/usage: an unknown option",
    args: [BASE, BASE, "--frmat", "json"],
    code: 2,
    check: (r) => assertUsage(r, /unknown option "--frmat"/),
  },
  {
    name: "bad/usage: an unknown format",
    args: [BASE, BASE, "--format", "html"],
    code: 2,
    check: (r) =>
      assertUsage(r, /--format takes text, markdown, json, github, not "html"/),
  },
  {
    name: "bad/usage: --fail-on doc",
    args: [BASE, BASE, "--fail-on", "doc"],
    code: 2,
    check: (r) => assertUsage(r, /documentation changes never fail/),
  },
  ...([
    ["--fail-on", "ERR", `(oasdiff's ERR is breaking here)`],
    ["--fail-on", "WARN", `(oasdiff's WARN is warning here)`],
    ["--fail-on", "INFO", `(oasdiff's INFO is info here)`],
    ["--fail-on", "Breaking", "(levels are lower case: breaking)"],
    ["--format", "githubactions", `(oasdiff's githubactions is github here)`],
  ] as const).map(([flag, value, hint]): Case => ({
    name: `bad/usage: ${flag} ${value} says what it is called here`,
    args: [BASE, BASE, flag, value],
    code: 2,
    check: (r) =>
      assertUsage(
        r,
        new RegExp(`not "${value}" ${hint.replace(/[()]/g, "\\$&")}$`, "m"),
      ),
  })),
  {
    name: "bad/usage: --fail-on without its level",
    args: [BASE, BASE, "--fail-on"],
    code: 2,
    check: (r) => assertUsage(r, /--fail-on needs a value/),
  },
  {
    name: "bad/usage: --format given twice",
    args: [BASE, BASE, "--format", "json", "--format", "text"],
    code: 2,
    check: (r) => assertUsage(r, /--format is given twice/),
  },
  {
    name: "bad/usage: --all=yes",
    args: [BASE, BASE, "--all=yes"],
    code: 2,
    check: (r) => assertUsage(r, /--all takes no value/),
  },
];

/**
 * Exit statuses of `--fail-on LEVEL` for a revision whose changes are all
 * at one level: 1 when that level is at or above LEVEL (breaking >
 * warning > info), and never for documentation changes, listed or not.
 */
const FAIL_ON: [keyof typeof PAIRS, string[], Record<string, number>][] = [
  ["breaking", [], { breaking: 1, warning: 1, info: 1 }],
  ["warning", [], { breaking: 0, warning: 1, info: 1 }],
  ["info", [], { breaking: 0, warning: 0, info: 1 }],
  ["doc", ["--all"], { breaking: 0, warning: 0, info: 0 }],
  ["none", [], { breaking: 0, warning: 0, info: 0 }],
];
for (const [pair, extra, codes] of FAIL_ON) {
  for (const [level, code] of Object.entries(codes)) {
    CASES.push({
      name: `ok/--fail-on ${level}, ${pair} changes: exit ${code}`,
      args: [BASE, f(PAIRS[pair]), "--fail-on", level, ...extra],
      code,
      check: (r) => {
        if (code === 1) {
          assert.match(r.stderr, new RegExp(`at or above ${level}`));
        } else assert.equal(r.stderr, "");
      },
    });
  }
}

/** Inputs some cases name relative to the folder they run in. */
async function withScratch<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await Deno.makeTempDir({ prefix: "wirebench-diff-" });
  try {
    await Deno.writeTextFile(`${dir}/broken.json`, BROKEN_JSON);
    await Deno.writeTextFile(
      `${dir}/broken.yaml`,
      "openapi: 3.0.3\ninfo:\n  title: [Pets\n  version: '1.0'\npaths: {}\n",
    );
    await Deno.writeTextFile(`${dir}/empty.yaml`, "");
    // A syntax error on a line whose key clears the screen and sets the
    // terminal's title.
    await Deno.writeTextFile(
      `${dir}/escapes.json`,
      '{\n  "x\u001b[2J\u001b]0;title\u0007\b": 1 2\n}\n',
    );
    // Latin-1 "é" (0xE9) where UTF-8 is expected, in the title.
    await Deno.writeFile(
      `${dir}/latin1.yaml`,
      new Uint8Array([
        ...new TextEncoder().encode("openapi: 3.0.3\ninfo: {title: P"),
        0xe9,
        ...new TextEncoder().encode('ts, version: "1.0"}\npaths: {}\n'),
      ]),
    );
    // UTF-16LE with its byte order mark, as Windows tools save it.
    const text = fixture(PAIRS.breaking);
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) {
      const u = text.charCodeAt(i);
      utf16[2 + 2 * i] = u & 0xff;
      utf16[3 + 2 * i] = u >> 8;
    }
    await Deno.writeFile(`${dir}/utf16.yaml`, utf16);
    return await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

// The table runs the CLI's own runDiff in this process (the same code the
// task runs); the tests below it start the task's command as a process.
for (const c of CASES) {
  Deno.test(`diff cli: ${c.name}`, async () => {
    const r = await withScratch((cwd) =>
      runDiffInProcess(c.args, { cwd, stdin: c.stdin })
    );
    assert.equal(r.code, c.code, shown(r));
    c.check?.(r);
  });
}

Deno.test("diff cli: ok/--format github puts each annotation on the revision's line, the file named from the repository's folder", async () => {
  const title =
    "title=breaking%3A request-property-became-required::POST /pets";
  // Run in the fixtures' folder, as a workflow runs in its checkout.
  const here = await runDiffInProcess(
    ["pets_base.yaml", "./pets_breaking.yaml", "--format", "github"],
    { cwd: FIXTURES },
  );
  assert.equal(here.code, 0, shown(here));
  // `tag` of NewPet, on the line that writes it (line 48 of the fixture).
  assert.match(
    lines(here.stdout)[2],
    new RegExp(`^::error file=pets_breaking\\.yaml,line=48,${title}`),
  );
  assert.match(fixture(PAIRS.breaking).split("\n")[47], /^ {8}tag:$/);
  // GITHUB_WORKSPACE names the file from the repository's root.
  const root = await runDiffInProcess(
    ["pets_base.yaml", "pets_breaking.yaml", "--format", "github"],
    { cwd: FIXTURES, workspace: FIXTURES.replace(/compare\/$/, "") },
  );
  assert.match(
    lines(root.stdout)[2],
    /^::error file=compare\/pets_breaking\.yaml,line=48,title=/,
  );
  // From standard input there is no file to name: no place, as before.
  const piped = await runDiffInProcess(
    ["pets_base.yaml", "-", "--format", "github"],
    { cwd: FIXTURES, stdin: fixture(PAIRS.breaking) },
  );
  assert.match(lines(piped.stdout)[2], new RegExp(`^::error ${title}`));
  // A removed operation sits where its path still is in the revision.
  const removed = await runDiffInProcess(
    [PAIRS.info, "pets_base.yaml", "--format", "github"],
    { cwd: FIXTURES },
  );
  assert.match(
    removed.stdout,
    /^::error file=pets_base\.yaml,line=\d+,title=breaking%3A api-path-removed/m,
  );
});

/**
 * The ids the engine's own tests expect it to report (their tables' `[id,
 * level, …]` rows), read from those tests' text: each family's cases.
 */
function idsTheEngineTests(): Set<string> {
  const ids = new Set<string>();
  const dir = new URL("../../lib/openapi/compare/", import.meta.url);
  for (const e of Deno.readDirSync(dir)) {
    if (!e.name.endsWith("_test.ts")) continue;
    const text = Deno.readTextFileSync(new URL(e.name, dir));
    for (
      const m of text.matchAll(
        /\["([a-z0-9]+(?:-[a-z0-9]+)+)",\s*"(?:breaking|warning|info|doc)"/g,
      )
    ) ids.add(m[1]);
  }
  return ids;
}

Deno.test("diff cli: every id the engine reports is one --ignore knows (no warning for it)", () => {
  const reported = idsTheEngineTests();
  assert.ok(reported.size > 200, `only ${reported.size} ids read`);
  // And what real pairs report: the fixtures and, with the corpus, Stripe's.
  const pairs: [string, string][] = Object.values(PAIRS).map((p) => [
    fixture("pets_base.yaml"),
    fixture(p),
  ]);
  const specs = corpusDir("specs", { quiet: true });
  if (specs) {
    pairs.push([
      Deno.readTextFileSync(specs + "stripe-spec3.json"),
      Deno.readTextFileSync(specs + "stripe-spec3-2020-08-27.json"),
    ]);
  }
  for (const [b, r] of pairs) {
    for (const c of compareSpecs(b, r, { all: true }).changes) {
      reported.add(c.id);
    }
  }
  const known = knownIds();
  const unknown = [...reported].filter((id) => !known.has(id));
  assert.deepEqual(unknown, [], "reported ids --ignore does not know");
  // Each with the id oasdiff wrote before renaming it.
  for (const id of reported) {
    const was = formerId(id);
    if (was) assert.ok(known.has(was), was);
  }
});

Deno.test("diff cli: annotationFile names the revision from the repository's folder, or not at all", () => {
  const table: [string, string, string | undefined, string | undefined][] = [
    ["ok/relative", "api/openapi.yaml", undefined, "api/openapi.yaml"],
    ["ok/dot segments", "./api/../openapi.yaml", undefined, "openapi.yaml"],
    ["ok/absolute in the workspace", "/repo/a.yaml", "/repo/", "a.yaml"],
    ["ok/relative from a subfolder", "b.json", "/repo", "sub/b.json"],
    ["ok/Windows", "C:\\repo\\sub\\x.yaml", "C:\\repo", "sub/x.yaml"],
    ["bad/outside the workspace", "/elsewhere/a.yaml", "/repo", undefined],
    ["bad/up and out", "../a.yaml", undefined, undefined],
    ["bad/a name that only starts alike", "/repo2/a.yaml", "/repo", undefined],
    ["bad/standard input", "-", undefined, undefined],
    ["bad/a URL", "https://example.com/a.yaml", undefined, undefined],
  ];
  for (const [name, source, workspace, want] of table) {
    const cwd = name === "ok/relative from a subfolder"
      ? "/repo/sub"
      : name === "ok/Windows"
      ? "C:\\repo"
      : "/repo";
    assert.equal(annotationFile(source, cwd, workspace), want, name);
  }
  // The filesystem's root as the repository, and `.` as the folder.
  assert.equal(annotationFile("/x/a.yaml", "/", "/"), "x/a.yaml");
  assert.equal(annotationFile("spec/a.yaml", "."), "spec/a.yaml");
});

Deno.test("diff cli: ok/relative paths are read from the folder it runs in", async () => {
  const r = await runDiff(
    ["pets_base.yaml", "pets_breaking.yaml", "--fail-on", "breaking"],
    { cwd: FIXTURES },
  );
  assert.equal(r.code, 1, shown(r));
  assert.match(r.stdout, /\[request-property-became-required\]$/m);
});

Deno.test({
  name: "diff cli: URLs are fetched, redirects followed; failures exit 2",
  sanitizeResources: false,
  fn: async (t) => {
    const server = fixtureServer();
    const o = server.origin;
    try {
      await t.step("ok/both sides as URLs", async () => {
        const r = await runDiff([
          `${o}/pets_base.yaml`,
          `${o}/${PAIRS.breaking}`,
          "--format",
          "json",
        ]);
        assert.equal(r.code, 0, shown(r));
        assert.equal(
          JSON.parse(r.stdout).changes[0].id,
          "request-property-became-required",
        );
      });
      // The rest in this process (the first step ran the task itself, with
      // its permissions): the same fetching code, no process start each.
      await t.step("ok/a redirected URL against a file", async () => {
        const r = await runDiffInProcess([
          `${o}/moved/pets_base.yaml`,
          f(PAIRS.info),
        ]);
        assert.equal(r.code, 0, shown(r));
        assert.match(r.stdout, /\[endpoint-added\]$/m);
      });
      await t.step("bad/a URL answering 404", async () => {
        const r = await runDiffInProcess([BASE, `${o}/missing.yaml`]);
        assert.equal(r.code, 2, shown(r));
        assert.equal(r.stdout, "");
        assert.equal(
          r.stderr,
          `revision: ${o}/missing.yaml answered 404 Not Found, not the document\n`,
        );
      });
      await t.step("bad/a URL answering more than the cap", async () => {
        // A cap of 64 KiB, not 100 MiB: the same check, without streaming
        // 100 MiB through loopback.
        const r = await runDiffInProcess([`${o}/endless`, BASE], {
          maxBytes: 65_536,
        });
        assert.equal(r.code, 2, shown(r));
        assert.match(
          r.stderr,
          new RegExp(`^base: ${o}/endless is larger than 65536 bytes`),
        );
      });
    } finally {
      await server.shutdown();
    }
    await t.step(
      "bad/a URL's password and query values are not printed",
      async () => {
        const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
        const port = listener.addr.port;
        listener.close();
        const r = await runDiffInProcess([
          BASE,
          `http://ci:s3cret@127.0.0.1:${port}/spec.yaml?token=t0ken&v=2`,
        ]);
        assert.equal(r.code, 2, shown(r));
        assert.doesNotMatch(r.stderr, /s3cret|t0ken|ci:/, shown(r));
        assert.match(
          r.stderr,
          new RegExp(
            `^revision: cannot fetch http://\\*\\*\\*@127\\.0\\.0\\.1:${port}/spec\\.yaml\\?token=…&v=…: .*(refused|connect)`,
            "i",
          ),
        );
      },
    );
    await t.step(
      "bad/nothing listening: the network error, the side",
      async () => {
        const r = await runDiffInProcess([BASE, o + "/pets_base.yaml"]);
        assert.equal(r.code, 2, shown(r));
        assert.match(
          r.stderr,
          new RegExp(`^revision: cannot fetch ${o}/pets_base\\.yaml: .+`),
        );
      },
    );
  },
});

Deno.test("diff cli: bad/a file past the size cap is refused unread", async () => {
  const dir = await Deno.makeTempDir({ prefix: "wirebench-diff-" });
  try {
    // A sparse file: its size says too large before a byte is read.
    const big = `${dir}/big.yaml`;
    using file = await Deno.open(big, { create: true, write: true });
    await file.truncate(MAX_INPUT_BYTES + 1);
    const r = await runDiff([BASE, big]);
    assert.equal(r.code, 2, shown(r));
    assert.equal(
      r.stderr,
      `revision: ${big} is larger than 100 MiB: refused (a spec that size ` +
        "is no API description one can review)\n",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test({
  name: "diff cli: a CI step through deno task, from another folder: " +
    "--fail-on breaking exits 1 and prints the change",
  sanitizeResources: false,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "wirebench-ci-" });
    try {
      await Deno.copyFile(BASE, `${dir}/old.yaml`);
      await Deno.copyFile(f(PAIRS.breaking), `${dir}/new.yaml`);
      const out = await new Deno.Command(Deno.execPath(), {
        args: [
          "task",
          "--config",
          `${ROOT_DIR}deno.json`,
          "diff",
          "old.yaml",
          "new.yaml",
          "--fail-on",
          "breaking",
        ],
        cwd: dir,
        env: shellEnv(),
        clearEnv: true,
        stdout: "piped",
        stderr: "piped",
      }).output();
      const r = {
        code: out.code,
        stdout: new TextDecoder().decode(out.stdout),
        stderr: new TextDecoder().decode(out.stderr),
      };
      assert.equal(r.code, 1, shown(r));
      assert.match(
        r.stdout,
        /^breaking POST \/pets: .*tag.* became required \(request body\) \[request-property-became-required\]$/m,
      );
      assert.match(r.stderr, /1 change at or above breaking/);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name:
    "diff cli: an x-sunset date-time without an offset (with or without seconds, with a fraction) is UTC on every machine: written with Z, the same date; so is a date alone with white space around it (run far from UTC)",
  sanitizeResources: false,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "wirebench-tz-" });
    try {
      const op = (path: string, sunset: string) =>
        `  ${path}:\n    get:\n      deprecated: true\n` +
        `      x-sunset: "${sunset}"\n` +
        `      responses: {"200": {description: ok}}\n`;
      const side = (a: string, b: string, c: string) =>
        `openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths:\n` +
        op("/a", a) + op("/b", b) + op("/c", c);
      await Deno.writeTextFile(
        `${dir}/old.yaml`,
        side("2030-01-01T10:00", "2030-01-01", "2030-01-01T10:00:00.5"),
      );
      // `\n` in a double-quoted YAML scalar: a line break after the date.
      await Deno.writeTextFile(
        `${dir}/new.yaml`,
        side("2030-01-01T10:00Z", " 2030-01-01\\n", "2030-01-01T10:00:00.5Z"),
      );
      const out = await new Deno.Command(Deno.execPath(), {
        args: [
          "task",
          "--config",
          `${ROOT_DIR}deno.json`,
          "diff",
          "old.yaml",
          "new.yaml",
        ],
        cwd: dir,
        // 13 hours from UTC in January: a local reading moves the date.
        env: { ...shellEnv(), TZ: "Pacific/Auckland" },
        clearEnv: true,
        stdout: "piped",
        stderr: "piped",
      }).output();
      const stdout = new TextDecoder().decode(out.stdout);
      assert.equal(out.code, 0, stdout);
      assert.equal(lines(stdout)[2], "No changes.", stdout);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

// In-process: what a subprocess test cannot afford to wait for.

Deno.test({
  name: "diff cli: a URL that never answers stops at the timeout",
  sanitizeResources: false,
  fn: async () => {
    // A peer that accepts the connection and never writes a byte.
    const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const conns: Deno.Conn[] = [];
    const accepting = (async () => {
      for await (const conn of listener) conns.push(conn);
    })();
    try {
      const url = `http://127.0.0.1:${listener.addr.port}/spec.yaml`;
      await assert.rejects(
        readInput(url, { cwd: ROOT_DIR, timeoutMs: 200 }),
        (err) =>
          err instanceof InputReadError &&
          err.message === `${url} did not answer within 0.2 s`,
      );
    } finally {
      listener.close();
      for (const c of conns) c.close();
      await accepting.catch(() => {});
    }
  },
});

Deno.test({
  name: "diff cli: a body that stops arriving stops at the same timeout",
  sanitizeResources: false,
  fn: async () => {
    const server = fixtureServer();
    try {
      const url = `${server.origin}/stalled`;
      const t0 = performance.now();
      await assert.rejects(
        readInput(url, { cwd: ROOT_DIR, timeoutMs: 300 }),
        (err) =>
          err instanceof InputReadError &&
          err.message === `${url} did not answer within 0.3 s`,
      );
      // Wall time is the point: the stalled body never ends by itself.
      assert.ok(performance.now() - t0 < 5000);
    } finally {
      await server.shutdown();
    }
  },
});

Deno.test("diff cli: the reader stops at the cap and cancels the stream", async () => {
  let cancelled = false;
  let pulls = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull: (c) => {
      pulls++;
      c.enqueue(new Uint8Array(10));
    },
    cancel: () => {
      cancelled = true;
    },
  });
  await assert.rejects(
    readCapped(stream, 25, "standard input"),
    /^InputReadError: standard input is larger than 25 bytes/,
  );
  assert.ok(cancelled);
  assert.ok(pulls <= 4, `${pulls} reads`);
  const exact = ReadableStream.from([new Uint8Array(20), new Uint8Array(5)]);
  const chunks = await readCapped(exact, 25, "x");
  assert.equal(chunks.reduce((n, c) => n + c.byteLength, 0), 25);
});

Deno.test("diff cli: standard input past the cap is refused", async () => {
  const chunk = new Uint8Array(64);
  const stdin = ReadableStream.from([chunk, chunk]);
  await assert.rejects(
    readInput("-", { cwd: ROOT_DIR, stdin, maxBytes: 100 }),
    /standard input is larger than 100 bytes/,
  );
});

Deno.test("diff cli: parseArgs reads flags in any order and either form", () => {
  assert.deepEqual(
    parseArgs([
      "--fail-on=info",
      "a.yaml",
      "--ignore=x-y",
      "--all",
      "-",
      "--format",
      "json",
      "--ignore",
      "z,x-y",
    ]),
    {
      kind: "run",
      args: {
        base: "a.yaml",
        revision: "-",
        format: "json",
        failOn: "info",
        all: true,
        ignore: new Set(["x-y", "z"]),
        filter: null,
      },
    },
  );
  assert.deepEqual(parseArgs(["a", "b"]), {
    kind: "run",
    args: {
      base: "a",
      revision: "b",
      format: "text",
      failOn: null,
      all: false,
      ignore: new Set(),
      filter: null,
    },
  });
  assert.equal(parseArgs(["a", ""]).kind, "usage");
});

Deno.test("diff cli: a schema past a limit stops the comparison: exit 2, the side and the pointer on stderr", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const doc = (n: number) =>
      JSON.stringify({
        openapi: "3.0.3",
        info: { title: "t", version: "1" },
        paths: {},
        components: {
          schemas: {
            Big: {
              type: "string",
              enum: Array.from({ length: n }, (_, i) => `v${i}`),
            },
          },
        },
        // A component is compared where an operation uses it.
      }).replace(
        '"paths":{}',
        '"paths":{"/a":{"get":{"responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Big"}}}}}}}}',
      );
    await Deno.writeTextFile(`${dir}/a.json`, doc(2));
    await Deno.writeTextFile(`${dir}/b.json`, doc(100_001));
    const r = await runDiffInProcess([`${dir}/a.json`, `${dir}/b.json`]);
    assert.equal(r.code, 2, shown(r));
    assert.equal(r.stdout, "");
    assert.equal(
      r.stderr,
      "diff: comparison stopped: The revision's schema at /components/schemas/Big has 100,001 enum values, more than 100,000, which are not compared\n",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("diff cli: a gzipped side is unpacked and compared; one cut short exits 2 naming it", async () => {
  const gz = async (text: string) =>
    new Uint8Array(
      await new Response(
        new Blob([text]).stream().pipeThrough(new CompressionStream("gzip")),
      ).arrayBuffer(),
    );
  const whole = await gz(fixture("pets_breaking.yaml"));
  const ok = await runDiffInProcess([BASE, "-"], { stdin: whole });
  assert.equal(ok.code, 0, shown(ok));
  assert.match(ok.stdout, /request-property-became-required/);
  assert.match(ok.stderr, /gzip-compressed: it was unpacked/);
  const cut = await runDiffInProcess([BASE, "-"], {
    stdin: whole.slice(0, whole.length - 8),
  });
  assert.equal(cut.code, 2, shown(cut));
  assert.match(
    cut.stderr,
    /^revision: cannot read -: the file looks gzip-compressed but could not be unpacked/m,
  );
});
