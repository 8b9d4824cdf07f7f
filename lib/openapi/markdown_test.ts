/**
 * CommonMark descriptions: structure kept, allowlisted HTML as nodes, other
 * HTML as text, only safe links.
 */
import assert from "node:assert/strict";
import { markdown, mdText, safeHref } from "./markdown.ts";
import { cpuMs } from "../../tests/helpers/cpu_time.ts";

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
  let md!: ReturnType<typeof markdown>;
  const ms = cpuMs(() => md = markdown(deep));
  assert.ok(ms < 2000, `${ms} ms`);
  assert.match(mdText(md), /x/);
  const many = "*a* ".repeat(10_000);
  assert.ok(JSON.stringify(markdown(many)).length < 200_000);
});

/**
 * Descriptions carrying HTML, as real specs write them: each allowlisted
 * element becomes its node, attributes dropped (an `<a>` keeps an http,
 * https or mailto `href`).
 */
const OK_HTML: [string, string, unknown][] = [
  [
    "ok/Stripe's paragraph with code",
    "<p>To charge a card, you create a <code>Charge</code> object &amp; wait.</p>",
    [{
      t: "p",
      c: [
        "To charge a card, you create a ",
        { t: "code", v: "Charge" },
        " object & wait.",
      ],
    }],
  ],
  [
    "ok/inline tags inside Markdown, Markdown inside them",
    "Use <code>x</code>, <b>bold *em*</b> and <i>it</i>",
    [{
      t: "p",
      c: [
        "Use ",
        { t: "code", v: "x" },
        ", ",
        { t: "strong", c: ["bold ", { t: "em", c: ["em"] }] },
        " and ",
        { t: "em", c: ["it"] },
      ],
    }],
  ],
  [
    "ok/paragraphs and a link; its event handler dropped",
    '<p>one</p>\n<p>two <a href="https://x.example/a?b=1&amp;c=2" onclick="alert(1)" title="t">link</a></p>',
    [{ t: "p", c: ["one"] }, {
      t: "p",
      c: ["two ", {
        t: "a",
        href: "https://x.example/a?b=1&c=2",
        c: ["link"],
      }],
    }],
  ],
  [
    "ok/a mailto link",
    '<a href="mailto:api@example.com">mail</a>',
    [{
      t: "p",
      c: [{ t: "a", href: "mailto:api@example.com", c: ["mail"] }],
    }],
  ],
  [
    "ok/a table",
    "<table><thead><tr><th>a</th></tr></thead>\n<tbody><tr><td>1</td></tr></tbody></table>",
    [{
      t: "table",
      c: [
        { t: "thead", c: [{ t: "tr", c: [{ t: "th", c: ["a"] }] }] },
        { t: "tbody", c: [{ t: "tr", c: [{ t: "td", c: ["1"] }] }] },
      ],
    }],
  ],
  [
    "ok/lists, an ordered one's start kept",
    '<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<ol start="3"><li>c</li></ol>',
    [
      { t: "ul", c: [{ t: "li", c: ["a"] }, { t: "li", c: ["b"] }] },
      { t: "ol", start: 3, c: [{ t: "li", c: ["c"] }] },
    ],
  ],
  [
    "ok/pre keeps its text and whitespace",
    "<pre><code>x\n  <b>y</b></code></pre>",
    [{ t: "pre", v: "x\n  y" }],
  ],
  [
    "ok/headings, quotes and line breaks",
    "<h2>Title</h2>\n<blockquote>q</blockquote>\n<p>a<br>b<br/>c</p>",
    [
      { t: "h", c: ["Title"] },
      { t: "quote", c: ["q"] },
      { t: "p", c: ["a", { t: "br" }, "b", { t: "br" }, "c"] },
    ],
  ],
  [
    "ok/upper-case tags, a style attribute dropped",
    '<P style="color:red">red <EM>x</EM></P>',
    [{ t: "p", c: ["red ", { t: "em", c: ["x"] }] }],
  ],
  [
    "ok/elements left open close with their block",
    "<b><i>unclosed",
    [{ t: "p", c: [{ t: "strong", c: [{ t: "em", c: ["unclosed"] }] }] }],
  ],
  [
    "ok/comments are dropped",
    "text <!-- hidden --> more",
    [{ t: "p", c: ["text  more"] }],
  ],
];

/**
 * Hostile HTML: nothing here may become an element that runs, loads or
 * styles anything. Tags off the allowlist show as written, as text; links
 * to other schemes keep only their text.
 */
const BAD_HTML: [string, string, unknown][] = [
  [
    "bad/script block",
    "<script>alert(1)</script>",
    [{ t: "p", c: ["<script>alert(1)</script>"] }],
  ],
  [
    "bad/script inline",
    "a <script>alert(1)</script> b",
    [{ t: "p", c: ["a <script>alert(1)</script> b"] }],
  ],
  [
    "bad/style",
    "<style>body{display:none}</style>",
    [{ t: "p", c: ["<style>body{display:none}</style>"] }],
  ],
  [
    "bad/iframe",
    '<iframe src="https://evil.example"></iframe>',
    [{ t: "p", c: ['<iframe src="https://evil.example"></iframe>'] }],
  ],
  [
    "bad/form",
    "<form action=x><input name=a></form>",
    [{ t: "p", c: ["<form action=x><input name=a></form>"] }],
  ],
  [
    "bad/object and embed",
    "<object data=x></object><embed src=y>",
    [{ t: "p", c: ["<object data=x></object><embed src=y>"] }],
  ],
  [
    "bad/img never loads",
    "<img src=x onerror=alert(1)>",
    [{ t: "p", c: ["<img src=x onerror=alert(1)>"] }],
  ],
  [
    "bad/event handler on an element off the list",
    'a <span onmouseover="x()">b</span> c',
    [{ t: "p", c: ['a <span onmouseover="x()">b</span> c'] }],
  ],
  [
    "bad/event handler on an allowed element",
    '<p onclick="alert(1)">x</p>',
    [{ t: "p", c: ["x"] }],
  ],
  [
    "bad/javascript: link",
    '<a href="javascript:alert(1)">x</a>',
    [{ t: "p", c: [{ t: "span", c: ["x"] }] }],
  ],
  [
    "bad/javascript: link hidden by an entity",
    '<a href="java&#115;cript&colon;alert(1)">x</a>',
    [{ t: "p", c: [{ t: "span", c: ["x"] }] }],
  ],
  [
    "bad/javascript: link inline",
    '<a href=" JAVASCRIPT:alert(1)">x</a> y',
    [{ t: "p", c: [{ t: "span", c: ["x"] }, " y"] }],
  ],
  [
    "bad/data: and relative links",
    '<a href="data:text/html,x">d</a><a href="/r">r</a>',
    [{ t: "p", c: [{ t: "span", c: ["d"] }, { t: "span", c: ["r"] }] }],
  ],
  [
    "bad/svg with script",
    "<svg onload=alert(1)><script>alert(1)</script></svg>",
    [{ t: "p", c: ["<svg onload=alert(1)><script>alert(1)</script></svg>"] }],
  ],
  [
    "bad/a tag named after an object's prototype",
    "<constructor>x</constructor> <toString>",
    [{ t: "p", c: ["<constructor>x</constructor> <toString>"] }],
  ],
  [
    "bad/stray end tags close nothing",
    "x</b>y</p>",
    [{ t: "p", c: ["xy"] }],
  ],
];

for (const [name, input, want] of [...OK_HTML, ...BAD_HTML]) {
  Deno.test(`markdown: html ${name}`, () => {
    const md = markdown(input);
    assert.deepEqual(md, want);
    // Whatever the input, only known node kinds come out.
    const kinds = new Set<string>();
    const walk = (n: unknown) => {
      if (typeof n === "string") return;
      const o = n as { t: string; c?: unknown[] };
      kinds.add(o.t);
      o.c?.forEach(walk);
    };
    md.forEach(walk);
    for (const k of kinds) {
      assert.ok(
        /^(p|em|strong|quote|li|h|span|table|thead|tbody|tr|th|td|ul|ol|a|code|pre|br|hr)$/
          .test(k),
        k,
      );
    }
  });
}

Deno.test("markdown: bad/hostile HTML nesting and volume are bounded", () => {
  let deep!: ReturnType<typeof markdown>;
  let wide!: ReturnType<typeof markdown>;
  let inline!: ReturnType<typeof markdown>;
  const ms = cpuMs(() => {
    deep = markdown("<b>".repeat(50_000) + "x");
    wide = markdown("<p><i>a</i></p>\n".repeat(20_000));
    inline = markdown("a <b>b</b> ".repeat(20_000));
  });
  assert.ok(ms < 5_000, `${ms} ms`);
  assert.match(mdText(deep), /x$/);
  assert.ok(JSON.stringify(wide).length < 300_000);
  assert.ok(JSON.stringify(inline).length < 400_000);
});

const cell = (t: "th" | "td", ...c: unknown[]) => ({ t, c });
const aligned = (
  t: "th" | "td",
  align: "left" | "center" | "right",
  ...c: unknown[]
) => ({ t, c, align });
const table = (head: unknown[], rows: unknown[][]) => ({
  t: "table",
  c: [
    { t: "thead", c: [{ t: "tr", c: head }] },
    ...(rows.length
      ? [{ t: "tbody", c: rows.map((c) => ({ t: "tr", c })) }]
      : []),
  ],
});

const GFM_TABLES: [string, string, unknown][] = [
  [
    "ok/a pipe table, cells inline, a short row filled, a long one cut",
    "| Name | Type | N |\n|---|:-:|--:|\n| `a\\|b` | *x* | 1 |\n| c |\n| d | e | f | g |",
    [table([
      cell("th", "Name"),
      aligned("th", "center", "Type"),
      aligned("th", "right", "N"),
    ], [
      [
        cell("td", { t: "code", v: "a|b" }),
        aligned("td", "center", { t: "em", c: ["x"] }),
        aligned("td", "right", "1"),
      ],
      [cell("td", "c"), aligned("td", "center"), aligned("td", "right")],
      [
        cell("td", "d"),
        aligned("td", "center", "e"),
        aligned("td", "right", "f"),
      ],
    ])],
  ],
  [
    "ok/without outer pipes, after a paragraph's lines",
    "Codes:\na | b\n--|--\n1 | 2",
    [
      { t: "p", c: ["Codes:"] },
      table([cell("th", "a"), cell("th", "b")], [[
        cell("td", "1"),
        cell("td", "2"),
      ]]),
    ],
  ],
  [
    "ok/in a list item",
    "- item\n\n  | a |\n  | - |\n  | 1 |",
    [{
      t: "ul",
      c: [{
        t: "li",
        c: [
          { t: "p", c: ["item"] },
          table([cell("th", "a")], [[cell("td", "1")]]),
        ],
      }],
    }],
  ],
  [
    "ok/right under a list item's first line: the marker stays the item's",
    "- list item\n  | t | u |\n  |---|---|\n  | 1 | 2 |",
    [{
      t: "ul",
      c: [{
        t: "li",
        c: [
          { t: "p", c: ["list item"] },
          table([cell("th", "t"), cell("th", "u")], [[
            cell("td", "1"),
            cell("td", "2"),
          ]]),
        ],
      }],
    }],
  ],
  [
    "ok/a header alone",
    "| a | b |\n| --- | --- |",
    [table([cell("th", "a"), cell("th", "b")], [])],
  ],
  [
    "bad/header and delimiter of different widths: CommonMark's reading",
    "a | b\n---",
    [{ t: "h", c: ["a | b"] }],
  ],
  [
    "bad/pipes without a delimiter row stay a paragraph",
    "a | b\nc | d",
    [{ t: "p", c: ["a | b\nc | d"] }],
  ],
  [
    "ok/in a block quote, as GitHub and Redoc render it",
    "> | a |\n> |---|\n> | 1 |",
    [{
      t: "quote",
      c: [table([cell("th", "a")], [[cell("td", "1")]])],
    }],
  ],
  [
    "ok/in a list item in a block quote in a block quote",
    ">> - x\n>>   | a | b |\n>>   |:-|-:|\n>>   | 1 | 2 |",
    [{
      t: "quote",
      c: [{
        t: "quote",
        c: [{
          t: "ul",
          c: [{
            t: "li",
            c: [
              { t: "p", c: ["x"] },
              table([
                aligned("th", "left", "a"),
                aligned("th", "right", "b"),
              ], [[aligned("td", "left", "1"), aligned("td", "right", "2")]]),
            ],
          }],
        }],
      }],
    }],
  ],
  [
    // The item's four columns come off each line before its `>`.
    "ok/in a block quote in a list item indented four columns",
    "1.  x\n\n    > | a | b |\n    > |---|--:|\n    > | 1 | 2 |",
    [{
      t: "ol",
      start: 1,
      c: [{
        t: "li",
        c: [
          { t: "p", c: ["x"] },
          {
            t: "quote",
            c: [table([cell("th", "a"), aligned("th", "right", "b")], [[
              cell("td", "1"),
              aligned("td", "right", "2"),
            ]])],
          },
        ],
      }],
    }],
  ],
  [
    "ok/in a block quote in a nested list item, tabs as columns",
    "- a\n  - b\n\n    > | t |\n\t> |---|\n  \t> | 1 |",
    [{
      t: "ul",
      c: [{
        t: "li",
        c: [
          { t: "p", c: ["a"] },
          {
            t: "ul",
            c: [{
              t: "li",
              c: [
                { t: "p", c: ["b"] },
                {
                  t: "quote",
                  c: [table([cell("th", "t")], [[cell("td", "1")]])],
                },
              ],
            }],
          },
        ],
      }],
    }],
  ],
  [
    "bad/a delimiter row on a lazy line of a list item is the paragraph's",
    "- | a | b |\n|---|---|",
    [{
      t: "ul",
      c: [{ t: "li", c: [{ t: "p", c: ["| a | b |\n|---|---|"] }] }],
    }],
  ],
  [
    "ok/a lazy line after a quoted table ends its rows, a paragraph after it",
    "> | a | b |\n> |-|-|\n> | x | 2 |\nlazy | 3",
    [{
      t: "quote",
      c: [
        table([cell("th", "a"), cell("th", "b")], [[
          cell("td", "x"),
          cell("td", "2"),
        ]]),
        { t: "p", c: ["lazy | 3"] },
      ],
    }],
  ],
  [
    "bad/a lazy line in a block quote is the paragraph's",
    "> | a |\n|---|\n> | 1 |",
    [{ t: "quote", c: [{ t: "p", c: ["| a |\n|---|\n| 1 |"] }] }],
  ],
  [
    "bad/a cell's HTML and links follow the description's rules",
    "| a | b |\n|---|---|\n| <script>x</script> | [y](javascript:alert(1)) |",
    [table([cell("th", "a"), cell("th", "b")], [[
      cell("td", "<script>x</script>"),
      cell("td", { t: "span", c: ["y"] }),
    ]])],
  ],
  [
    "bad/a cell that would start a list or a heading is text",
    "| a |\n|---|\n| - x |\n| # y |",
    [table([cell("th", "a")], [[cell("td", "- x")], [cell("td", "# y")]])],
  ],
];

for (const [name, text, want] of GFM_TABLES) {
  Deno.test(`markdown: GFM table ${name}`, () => {
    assert.deepEqual(markdown(text), want);
  });
}

Deno.test("markdown: bad/a table of 100,000 rows is bounded by the node budget", () => {
  const rows = Array.from({ length: 100_000 }, (_, i) => `| ${i} | *${i}* |`);
  let md!: ReturnType<typeof markdown>;
  const ms = cpuMs(() =>
    md = markdown(`| a | b |\n|---|---|\n${rows.join("\n")}`)
  );
  const body = (md[0] as { c: { c: unknown[] }[] }).c[1].c;
  assert.ok(body.length > 100 && body.length < 2_000, `${body.length} rows`);
  assert.ok(ms < 5_000, `${ms} ms`);
});

const AUTOLINKS: [string, string, unknown[]][] = [
  [
    "ok/a bare URL, its trailing period left out",
    "See https://example.com/docs.",
    ["See ", {
      t: "a",
      href: "https://example.com/docs",
      c: ["https://example.com/docs"],
    }, "."],
  ],
  [
    "ok/www. gets http://, a comma ends it",
    "Or www.example.org, then",
    ["Or ", {
      t: "a",
      href: "http://www.example.org",
      c: ["www.example.org"],
    }, ", then"],
  ],
  [
    "ok/balanced parentheses kept, the enclosing one left out",
    "(https://x.example/a_(b))",
    ["(", {
      t: "a",
      href: "https://x.example/a_(b)",
      c: ["https://x.example/a_(b)"],
    }, ")"],
  ],
  [
    "bad/a scheme without a domain is text",
    "https:// and http://localhost and www. alone",
    ["https:// and http://localhost and www. alone"],
  ],
  [
    "bad/inside code or a link, no second link",
    "`https://code.example` [https://y.example](https://z.example)",
    [{ t: "code", v: "https://code.example" }, " ", {
      t: "a",
      href: "https://z.example",
      c: ["https://y.example"],
    }],
  ],
  [
    "bad/only after white space or a delimiter: not inside a word",
    "xhttps://example.com",
    ["xhttps://example.com"],
  ],
  [
    "ok/an e-mail address gets mailto:, its trailing period left out",
    "Write to api-support+v2@example.co.uk.",
    ["Write to ", {
      t: "a",
      href: "mailto:api-support+v2@example.co.uk",
      c: ["api-support+v2@example.co.uk"],
    }, "."],
  ],
  [
    "ok/an address beside a URL: each its own link",
    "(ops@example.com or https://x.example/a@b.example)",
    [
      "(",
      {
        t: "a",
        href: "mailto:ops@example.com",
        c: ["ops@example.com"],
      },
      " or ",
      {
        t: "a",
        href: "https://x.example/a@b.example",
        c: ["https://x.example/a@b.example"],
      },
      ")",
    ],
  ],
  [
    "ok/mailto: written before an address is part of its link",
    "Mail mailto:ops@example.com now",
    ["Mail ", {
      t: "a",
      href: "mailto:ops@example.com",
      c: ["mailto:ops@example.com"],
    }, " now"],
  ],
  [
    "bad/no period in the domain, a domain ending in - or _, a path, a decorator",
    "root@localhost x@y.example_ /v1/a@b.example @deprecated",
    ["root@localhost x@y.example_ /v1/a@b.example @deprecated"],
  ],
];

for (const [name, text, want] of AUTOLINKS) {
  Deno.test(`markdown: autolink ${name}`, () => {
    assert.deepEqual(markdown(text), [{ t: "p", c: want }]);
  });
}
