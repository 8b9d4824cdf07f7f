/**
 * The CLI's and the page's exports when the documents' names are hostile:
 * a path, property or title holding backticks, line breaks, HTML and
 * terminal escapes must stay inside its change's line and code span.
 */
import assert from "node:assert/strict";
import { HtmlRenderer, Parser } from "commonmark";
import { compareSpecs } from "./mod.ts";
import { formatGithub, formatMarkdown, formatText } from "./format.ts";
import { splitCodeSpans } from "./code_span.ts";
import { COMMENT_CHARS } from "./comment_limit.ts";
import type { Change, CompareResult, Level } from "./types.ts";
import { sourceLines } from "./source_lines.ts";

const EVIL_PATH = "/x`<details open><summary>Looks fine</summary>";
const EVIL_LINE = "/y\n\n# All clear: no breaking changes\n\n<!--";
const EVIL_PROP = "p`\n\n## Merged\n\n<img src=x onerror=alert(1)>";
const ESC = "/z\u001b[31mRED\u001b]0;pwned\u0007\r\b";

const doc = (withOps: boolean, propType: string) =>
  JSON.stringify({
    openapi: "3.0.3",
    info: { title: "T\u001b[2J\n# title", version: "1" },
    paths: {
      ...(withOps
        ? {
          [EVIL_PATH]: { get: { responses: { 200: { description: "" } } } },
          [EVIL_LINE]: { get: { responses: { 200: { description: "" } } } },
          [ESC]: { get: { responses: { 200: { description: "" } } } },
        }
        : {}),
      "/body": {
        post: {
          requestBody: {
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: { [EVIL_PROP]: { type: propType } },
                },
              },
            },
          },
          responses: { 200: { description: "" } },
        },
      },
    },
  });

const result = compareSpecs(doc(true, "string"), doc(false, "integer"));

Deno.test("format: the hostile documents give changes to format", () => {
  assert.ok(result.changes.length >= 4, JSON.stringify(result.counts));
});

Deno.test("formatText: bad/names cannot put controls or lines of their own on the terminal", () => {
  const text = formatText(result);
  const lines = text.split("\n");
  assert.equal(lines.pop(), "");
  assert.equal(lines.length, 2 + result.changes.length);
  for (const line of lines) {
    // deno-lint-ignore no-control-regex -- control characters are what it finds
    assert.doesNotMatch(line, /[\u0000-\u001f\u007f-\u009f]/, line);
  }
  assert.ok(text.includes("\\u001b[31mRED"), "the escape is shown, not sent");
});

Deno.test("formatMarkdown: bad/names stay inside their code spans when rendered", () => {
  const md = formatMarkdown(result);
  const html = new HtmlRenderer({ safe: false }).render(
    new Parser().parse(md),
  );
  // Only the formatter's own headings, one list item per change.
  assert.deepEqual(html.match(/<h[1-6]>/g), [
    "<h2>",
    ...Object.values(result.counts).filter((n, i) => n && i < 3).map(() =>
      "<h3>"
    ),
  ]);
  assert.equal(html.match(/<li>/g)?.length, result.changes.length);
  for (const raw of ["<details", "<summary", "<!--", "<img", "<h1"]) {
    assert.ok(!html.includes(raw), `${raw} in ${html}`);
  }
  // Every name is read back whole from its code span.
  const codes = [...html.matchAll(/<code>([^<]*)<\/code>/g)].map((m) =>
    m[1].replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll(
      "&quot;",
      '"',
    ).replaceAll("&amp;", "&")
  );
  assert.ok(
    codes.some((c) => c.startsWith("GET /x`<details open>")),
    codes.join("\n"),
  );
  assert.ok(codes.some((c) => c.includes("/y\\u000a\\u000a# All clear")));
});

Deno.test("formatMarkdown: bad/document values outside names (enum values, odd status keys, scheme URLs) are code too, so GFM links none", () => {
  const spec = (enumValues: string[], oidc: string, status: string) =>
    JSON.stringify({
      openapi: "3.0.3",
      info: { title: "T", version: "1" },
      paths: {
        "/a": {
          get: {
            security: [{ o: [] }],
            responses: {
              [status]: {
                description: "",
                content: {
                  "application/json": {
                    schema: { type: "string", enum: enumValues },
                  },
                },
              },
            },
          },
        },
      },
      components: {
        securitySchemes: {
          o: { type: "openIdConnect", openIdConnectUrl: oidc },
        },
      },
    });
  const md = formatMarkdown(
    compareSpecs(
      spec(["a"], "https://one.example/.well-known", "200"),
      spec(
        ["a", "https://evil.example/$x$"],
        "https://two.example/.well-known",
        "200",
      ),
    ),
  ) + formatMarkdown(
    compareSpecs(
      spec(["a"], "https://one.example/.well-known", "2xx-$x$"),
      spec(["a"], "https://one.example/.well-known", "2xx-$y$"),
    ),
  );
  for (const line of md.split("\n")) {
    const prose = splitCodeSpans(line).filter((p) => !p.code).map((p) => p.text)
      .join("");
    assert.doesNotMatch(prose, /https?:|\$x\$|\$y\$/, line);
  }
  assert.match(md, /https:\/\/evil\.example/);
  assert.match(md, /https:\/\/two\.example/);
});

Deno.test("formatMarkdown: bad/a title's URL, address or math is escaped, not linked or rendered", () => {
  const doc = (title: string) =>
    JSON.stringify({
      openapi: "3.0.3",
      info: { title, version: "1" },
      paths: {},
    });
  const md = formatMarkdown(
    compareSpecs(
      doc("a"),
      doc("https://x.test www.y.test z@w.test $m$ _www.v.test"),
    ),
  );
  const heading = md.split("\n")[0];
  assert.doesNotMatch(heading, /https:\/\/|www\.|z@|\$m\$/, heading);
  const html = new HtmlRenderer().render(new Parser().parse(heading));
  assert.match(
    html,
    /https:\/\/x\.test www\.y\.test z@w\.test \$m\$ _www\.v\.test/,
  );
});

Deno.test("format: documentation changes counted but not listed are said to be, in text and Markdown; listed with --all, not", () => {
  const side = (summary: string, type: string) =>
    JSON.stringify({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {
        "/a": {
          get: {
            summary,
            parameters: [{ name: "q", in: "query", schema: { type } }],
            responses: { "200": { description: "ok" } },
          },
        },
      },
    });
  const some = compareSpecs(side("one", "string"), side("two", "integer"));
  assert.equal(some.counts.doc, 1);
  assert.match(
    formatText(some),
    /^\(1 documentation change not listed: --all lists them\)$/m,
  );
  assert.match(
    formatMarkdown(some),
    /^_1 documentation change not listed\._$/m,
  );
  const all = compareSpecs(side("one", "string"), side("two", "integer"), {
    all: true,
  });
  assert.doesNotMatch(formatText(all), /not listed/);
  assert.doesNotMatch(formatMarkdown(all), /not listed/);
});

Deno.test("formatGithub: bad/names cannot end an annotation or start another (%, CR, LF, controls escaped; : and , in its title)", () => {
  const text = formatGithub(result);
  const out = text.split("\n");
  assert.equal(out.pop(), "");
  assert.equal(out.length, 2 + result.changes.length);
  for (const line of out.slice(2)) {
    assert.match(line, /^::(error|warning|notice) title=[^:]*::/, line);
    // deno-lint-ignore no-control-regex -- control characters are what it finds
    assert.doesNotMatch(line, /[\u0000-\u001f\u007f-\u009f]/, line);
  }
  const forged = formatGithub({
    ...result,
    changes: [{
      ...result.changes[0],
      level: "warning",
      id: "x,y:z",
      text: "100% done%0A::error::forged",
    }],
  });
  const line = forged.split("\n")[2];
  assert.equal(forged.split("\n").length, 4, forged);
  assert.ok(line.startsWith("::warning title=warning%3A x%2Cy%3Az::"), line);
  // The escape is the text's, written as its characters: %250A, not a line.
  assert.ok(line.endsWith(": 100%25 done%250A::error::forged"), line);
});

Deno.test("formatGithub: bad/a title cannot stop the annotations or forge one (::cmd:: at a line's start, ##[cmd] anywhere)", () => {
  const titled = (title: string) =>
    JSON.stringify({
      openapi: "3.0.3",
      info: { title, version: "1" },
      paths: {},
    });
  const r = compareSpecs(
    titled("  ::stop-commands::pwn"),
    titled("x ##[error]forged ###[warning]y"),
  );
  const text = formatGithub(r, "a ##[notice]b");
  for (const line of text.split("\n").filter(Boolean)) {
    if (line.startsWith("::")) continue; // ours: annotations
    assert.doesNotMatch(line.trimStart(), /^::/, line);
    assert.doesNotMatch(line, /##\[/, line);
  }
  assert.match(text, /^API changes: {3}::stop-commands::pwn 1/);
});

Deno.test("formatText: bad/a title or a name printed in a CI log cannot forge a runner command (::cmd:: at a line's start, ##[cmd] anywhere)", () => {
  const titled = (title: string, path: string) =>
    JSON.stringify({
      openapi: "3.0.3",
      info: { title, version: "1" },
      paths: { [path]: { get: { responses: { 200: { description: "" } } } } },
    });
  const r = compareSpecs(
    titled("  ::stop-commands::pwn", "/a##[error]x"),
    titled("x ##[error]forged", "/b"),
  );
  const text = formatText(r);
  for (const line of text.split("\n").filter(Boolean)) {
    assert.doesNotMatch(line.trimStart(), /^::/, line);
    assert.doesNotMatch(line, /##\[/, line);
  }
  assert.match(text, /^ {2}%3A:stop-commands::pwn 1 /);
  assert.match(text, /\/a##%5Berror\]x/);
});

Deno.test("formatGithub: ok/each level its annotation (breaking ::error, warning ::warning, info and doc ::notice), a document change under API", () => {
  const base = result.changes[0];
  const r = {
    ...result,
    changes: (["breaking", "warning", "info", "doc"] as const).map((level) => ({
      ...base,
      level,
      id: `${level}-thing`,
      text: "x",
    })).concat([{
      ...base,
      level: "info",
      id: "doc-wide",
      method: "",
      path: "",
      text: "y",
    }]),
  };
  const out = formatGithub(r).split("\n").filter((l) => l.startsWith("::"));
  assert.deepEqual(out.map((l) => l.slice(0, l.indexOf(" "))), [
    "::error",
    "::warning",
    "::notice",
    "::notice",
    "::notice",
  ]);
  assert.match(out[4], /::API: y$/);
});

Deno.test("formatGithub: bad/a file name cannot end the annotation's properties (`,` and `:` escaped)", () => {
  const text = formatGithub(result, "", {
    file: "a,b:c.yaml",
    lines: { line: () => 3 },
  });
  const annotations = text.split("\n").filter((l) => l.startsWith("::"));
  assert.ok(annotations.length > 0);
  for (const a of annotations) {
    assert.ok(a.includes(" file=a%2Cb%3Ac.yaml,line=3,title="), a);
  }
});

Deno.test("formatGithub: ok/an annotation sits on the keyword the change names when the revision writes it, else on its schema", () => {
  const yaml = (extra: string) =>
    `openapi: 3.0.3
info:
  title: t
  version: "1"
paths:
  /a:
    post:
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                code:
                  type: string
${extra}
      responses:
        "200":
          description: ok
`;
  const base = yaml("");
  const revision = yaml("                  pattern: '^[a-z]+$'");
  const r = compareSpecs(base, revision);
  const lines = sourceLines(revision, "yaml");
  const text = formatGithub(r, "", { file: "api.yaml", lines });
  const annotation = text.split("\n").find((l) => l.includes("pattern-added"));
  assert.ok(annotation, text);
  // Line 16 writes `pattern:`; line 14 is `code:`.
  assert.match(annotation, / file=api\.yaml,line=16,/);
  // Removed from the revision: the schema's own line.
  const back = formatGithub(compareSpecs(revision, base), "", {
    file: "api.yaml",
    lines: sourceLines(base, "yaml"),
  });
  assert.match(
    back.split("\n").find((l) => l.includes("pattern-removed")) ?? "",
    /,line=14,/,
  );
});

Deno.test("formatMarkdown: ok/a report over a GitHub comment's 65,536 characters says so under its counts, with its length and the sections that fit; one at the limit does not", () => {
  const change = (level: Level, i: number, pad = 0): Change => ({
    id: "request-property-removed",
    level,
    method: "post",
    path: "/a",
    operations: ["POST /a"],
    where: "request body",
    pointer: { base: "/paths/~1a", revision: null },
    text: `request property \`p${i}\` was removed${" ".repeat(pad)}.`,
  });
  const report = (pad: number): CompareResult => {
    const changes = [
      ...Array.from({ length: 250 }, (_, i) => change("breaking", i)),
      ...Array.from({ length: 300 }, (_, i) => change("info", i)),
      ...Array.from({ length: 200 }, (_, i) => change("doc", i)),
    ];
    changes[changes.length - 1] = change("doc", 199, pad);
    const counts = { breaking: 250, warning: 0, info: 300, doc: 200 };
    const side = { title: "T", version: "1", format: "OpenAPI 3.1.0" };
    return { base: side, revision: side, counts, changes };
  };
  const fill = COMMENT_CHARS - formatMarkdown(report(0)).length;
  assert.ok(fill > 0, "the unpadded report is under the limit");
  const at = formatMarkdown(report(fill));
  assert.equal(at.length, COMMENT_CHARS);
  assert.doesNotMatch(at, /GitHub comment/);
  const over = formatMarkdown(report(fill + 1));
  const lines = over.split("\n");
  const m = lines[4].match(
    /^_This report is ([\d,]+) characters, more than a GitHub comment holds \(65,536\): GitHub refuses it, and a paste is cut\. Its sections through (.+) fit \(([\d,]+) characters\); a file or a job summary holds it whole\._$/,
  );
  assert.ok(m, lines.slice(0, 6).join("\n"));
  assert.deepEqual(lines.slice(2, 4), [
    "250 breaking, 0 warning, 300 info, 200 doc",
    "",
  ]);
  const count = (s: string) => Number(s.replaceAll(",", ""));
  assert.equal(count(m[1]), over.length);
  assert.equal(m[2], "Compatible changes");
  // Through the last line of that section, its line break included.
  const end = over.indexOf("\n\n### Documentation changes") + 1;
  assert.equal(count(m[3]), end);
  assert.ok(end <= COMMENT_CHARS);
});
