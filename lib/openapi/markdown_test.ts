/** CommonMark descriptions: structure kept, HTML as text, only safe links. */
import assert from "node:assert/strict";
import { markdown, mdText, safeHref } from "./markdown.ts";

Deno.test("markdown: ok/plain text skips the parser", () => {
  assert.deepEqual(markdown("Just words."), [{ t: "p", c: ["Just words."] }]);
  assert.deepEqual(markdown("  "), []);
});

Deno.test("markdown: ok/paragraphs, emphasis, code, lists, links", () => {
  assert.deepEqual(
    markdown(
      "A *b* **c** `d`\n\n- one\n- [two](https://x.example/?a=1)\n\n1. x",
    ),
    [
      {
        t: "p",
        c: ["A ", { t: "em", c: ["b"] }, " ", { t: "strong", c: ["c"] }, " ", {
          t: "code",
          v: "d",
        }],
      },
      {
        t: "ul",
        c: [
          { t: "li", c: [{ t: "p", c: ["one"] }] },
          {
            t: "li",
            c: [{
              t: "p",
              c: [{ t: "a", href: "https://x.example/?a=1", c: ["two"] }],
            }],
          },
        ],
      },
      { t: "ol", start: 1, c: [{ t: "li", c: [{ t: "p", c: ["x"] }] }] },
    ],
  );
});

Deno.test("markdown: bad/raw HTML is text, never markup", () => {
  const md = markdown(
    '<script>alert(1)</script>\n\nx <img src=x onerror="alert(1)"> y',
  );
  assert.deepEqual(md, [
    { t: "p", c: ["<script>alert(1)</script>"] },
    { t: "p", c: ['x <img src=x onerror="alert(1)"> y'] },
  ]);
  assert.ok(JSON.stringify(md).indexOf('"t":"a"') < 0);
});

Deno.test("markdown: bad/only http, https and mailto links stay links", () => {
  for (
    const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,x",
      "vbscript:x",
      "/relative",
      "file:///etc/passwd",
    ]
  ) {
    const md = markdown(`[x](${href})`);
    assert.deepEqual(md, [{ t: "p", c: [{ t: "span", c: ["x"] }] }], href);
  }
  assert.ok(safeHref("mailto:a@example.com"));
  assert.ok(safeHref("HTTPS://example.com"));
  // An autolink with a script scheme is text too.
  assert.equal(
    JSON.stringify(markdown("<javascript:alert(1)>")).includes('"a"'),
    false,
  );
});

Deno.test("markdown: ok/images are never loaded: alt text stands in", () => {
  assert.deepEqual(markdown("![logo](https://x.example/l.png)"), [{
    t: "p",
    c: ["[image: logo]"],
  }]);
});

Deno.test("markdown: ok/hostile nesting is bounded", () => {
  const deep = ">".repeat(5_000) + " x";
  const t = performance.now();
  const md = markdown(deep);
  assert.ok(performance.now() - t < 2000);
  assert.match(mdText(md), /x/);
  const many = "*a* ".repeat(10_000);
  assert.ok(JSON.stringify(markdown(many)).length < 200_000);
});
