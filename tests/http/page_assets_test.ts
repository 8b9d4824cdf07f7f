/**
 * Pages link their static files by content version, sent `immutable`, and
 * name the module scripts of their islands for preloading. Over real TCP.
 */
import assert from "node:assert/strict";
import { startServer } from "../helpers/server.ts";

const FOREVER = "public, max-age=31536000, immutable";

/** The page's `attr` values of `<tag …>` elements matching `filter`. */
function linked(
  html: string,
  tag: string,
  attr: string,
  filter = "",
): string[] {
  const re = new RegExp(`<${tag}\\b[^>]*${filter}[^>]*>`, "g");
  return [...html.matchAll(re)].map((m) =>
    new RegExp(`\\b${attr}="([^"]*)"`).exec(m[0])![1]
  );
}

Deno.test("pages: style sheets, theme.js and the icon are linked by content version and sent immutable; another v is not", async () => {
  const s = startServer();
  try {
    for (const path of ["/", "/spec", "/spec/compare", "/har", "/debug"]) {
      const html = await (await fetch(s.origin + path)).text();
      const files = [
        ...linked(html, "link", "href", 'rel="stylesheet"'),
        ...linked(html, "link", "href", 'rel="icon"'),
        // Scripts with a source (the debug page's shared JSON has none).
        ...linked(html, "script", "src", 'src="').filter((u) =>
          !u.includes("_build")
        ),
        ...linked(html, "img", "src"),
      ];
      assert.ok(files.length >= 4, path);
      for (const url of files) {
        // Relative to the page, so a proxy may mount the app under a path.
        assert.match(
          url,
          /^\.\.?\/[\w.-]+\?v=[0-9a-f]{12}$/,
          `${path}: ${url}`,
        );
        const res = await fetch(new URL(url, s.origin + path));
        await res.body?.cancel();
        assert.equal(res.status, 200, url);
        assert.equal(res.headers.get("cache-control"), FOREVER, url);
        const file = new URL(url, s.origin + path).pathname;
        for (const other of [`${file}?v=0123456789ab`, `${file}?v=`, file]) {
          const again = await fetch(s.origin + other);
          await again.body?.cancel();
          assert.equal(again.headers.get("cache-control"), "no-cache", other);
        }
      }
      // One icon URL: the browser's icon fetch reuses the image's response.
      const icons = new Set([
        ...linked(html, "link", "href", 'rel="icon"'),
        ...linked(html, "img", "src", "favicon"),
      ]);
      assert.equal(icons.size, 1, path);
    }
  } finally {
    await s.close();
  }
});

Deno.test("pages: the head preloads the boot script and the chunks of exactly the islands the page renders", async () => {
  const s = startServer();
  try {
    const manifest = await (await fetch(`${s.origin}/_build/manifest.json`))
      .json() as {
        imports: Record<string, string[]>;
        islands: Record<string, string[]>;
      };
    const cases: [string, string[]][] = [
      ["/", ["ThemeToggle"]],
      ["/spec", ["ThemeToggle", "SpecViewer"]],
      ["/spec/compare", ["ThemeToggle", "CompareViewer"]],
      ["/har", ["ThemeToggle", "HarViewer"]],
      ["/debug", ["ThemeToggle", "DebugRunner"]],
    ];
    for (const [path, islands] of cases) {
      const html = await (await fetch(s.origin + path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      const preloads = linked(head, "link", "href", 'rel="modulepreload"');
      const client = linked(head, "script", "src", 'type="module"')[0];
      const root = path === "/spec/compare" ? "../" : "./";
      const want = new Set([
        client,
        ...[
          ...manifest.imports["client.js"],
          ...islands.flatMap((name) => manifest.islands[name]),
        ].map((c) => `${root}_build/${c}`),
      ]);
      assert.deepEqual(new Set(preloads), want, path);
      assert.equal(preloads.length, want.size, `${path}: each once`);
      for (const url of preloads) {
        const res = await fetch(new URL(url, s.origin + path));
        await res.body?.cancel();
        assert.equal(res.status, 200, url);
        assert.equal(res.headers.get("cache-control"), FOREVER, url);
      }
    }
  } finally {
    await s.close();
  }
});
