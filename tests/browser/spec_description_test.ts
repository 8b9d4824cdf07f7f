/**
 * Descriptions in Chromium: the HTML real specs carry renders as the
 * elements of its allowlist (Stripe's `<p>…<code>Charge</code>…</p>`), and
 * hostile HTML renders as nothing that runs, loads or styles: no script,
 * image, frame, form, event handler or `javascript:` link reaches the DOM,
 * and the page logs no error (a CSP violation would be one).
 */
import assert from "node:assert/strict";
import { BROWSER_TEST, gotoHydrated, withPage } from "../helpers/browser.ts";
import { corpusDir, SKIPPED } from "../helpers/corpus.ts";
import { findRow, loadSpec, openTimed } from "../helpers/spec_open.ts";

const SPECS = corpusDir("specs");

Deno.test({
  name:
    "spec description: Stripe's POST /v1/charges description renders its HTML as a paragraph with a code element" +
    (SPECS ? "" : SKIPPED),
  ignore: !SPECS,
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      // Stripe's own text, in a spec of its one operation: the spec
      // detail tests open the whole of Stripe already, and picking 3 MB
      // again costs a CI runner seconds for no other path.
      const stripe = JSON.parse(
        Deno.readTextFileSync(SPECS + "stripe-spec3.json"),
      );
      const charge = stripe.paths["/v1/charges"].post;
      assert.match(charge.description, /<p>.*<code>Charge<\/code>/s);
      await gotoHydrated(page, server.origin, "/spec");
      await loadSpec(
        page,
        "stripe-charge.json",
        JSON.stringify({
          openapi: "3.0.0",
          info: { title: "Stripe's charge", version: "1" },
          paths: {
            "/v1/charges": {
              post: {
                description: charge.description,
                responses: { "200": { description: "Successful response." } },
              },
            },
          },
        }),
      );
      await openTimed(page, await findRow(page, "post", "/v1/charges"));
      const desc = page.locator(
        "[data-testid=operation-detail] .sv-description",
      );
      const p = desc.locator("p").filter({
        hasText: "To charge a credit card",
      });
      assert.equal(await p.count(), 1);
      assert.equal(await p.locator("code").first().textContent(), "Charge");
      // The markup is structure, not text the reader sees.
      const text = (await desc.textContent())!;
      assert.doesNotMatch(text, /<\/?(p|code)>/);
    }),
});

Deno.test({
  name:
    "spec description: hostile HTML shows as text or nothing; allowed HTML as its elements",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const hostile = [
        '<p>Fine <b>bold</b> and <a href="https://example.com/x" onclick="alert(1)">a link</a>.</p>',
        '<img src="/api/debug/image/png" onerror="alert(1)">',
        "<script>window.__ran = 1</script>",
        '<iframe src="/api/debug/html"></iframe>',
        '<form action="/api/debug/post"><button>go</button></form>',
        '<a href="javascript:window.__ran=2">js</a>',
        '<p style="position:fixed;inset:0" onmouseover="window.__ran=3">styled</p>',
        "<style>body{display:none}</style>",
        "<table><tr><th>h</th></tr><tr><td>c</td></tr></table>",
      ].join("\n\n");
      await gotoHydrated(page, server.origin, "/spec");
      const images: string[] = [];
      page.on("request", (r) => {
        if (r.url().includes("/api/debug/")) images.push(r.url());
      });
      await loadSpec(
        page,
        "hostile-html.json",
        JSON.stringify({
          openapi: "3.1.0",
          info: { title: "Hostile HTML", version: "1" },
          paths: {
            "/h": {
              get: {
                description: hostile,
                responses: { "200": { description: hostile } },
              },
            },
          },
        }),
      );
      await openTimed(page, await findRow(page, "get", "/h"));
      const detail = page.locator("[data-testid=operation-detail]");
      for (
        const sel of [
          "script",
          "img",
          "iframe",
          "form",
          "style",
          ".sv-md [style]",
          "[onclick]",
          "[onerror]",
          "[onmouseover]",
          "a[href^='javascript' i]",
        ]
      ) {
        assert.equal(await detail.locator(sel).count(), 0, sel);
      }
      const desc = detail.locator(".sv-description");
      assert.equal(
        await desc.locator("b, strong").first().textContent(),
        "bold",
      );
      assert.deepEqual(
        await desc.locator("a").evaluateAll((as) =>
          as.map((a) => [a.getAttribute("href"), a.getAttribute("rel")])
        ),
        [["https://example.com/x", "noopener noreferrer"]],
      );
      assert.equal(await desc.locator("table th").textContent(), "h");
      // Tags off the allowlist are shown as written.
      assert.match(
        (await desc.textContent())!,
        /<script>window.__ran = 1<\/script>/,
      );
      assert.equal(await page.evaluate(() => "__ran" in globalThis), false);
      assert.deepEqual(images, []);
    }),
});

Deno.test({
  name:
    "spec description: a GFM pipe table is a table, a bare URL a link (noopener), as Redoc and GitHub render them",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const description = "Codes:\n\n| Code | Meaning |\n|--:|---|\n" +
        "| `429` | Slow down, see https://example.com/limits. |";
      await gotoHydrated(page, server.origin, "/spec");
      await loadSpec(
        page,
        "gfm.json",
        JSON.stringify({
          openapi: "3.1.0",
          info: { title: "GFM", version: "1" },
          paths: {
            "/g": {
              get: { description, responses: { "200": { description: "ok" } } },
            },
          },
        }),
      );
      await openTimed(page, await findRow(page, "get", "/g"));
      const desc = page.locator(
        "[data-testid=operation-detail] .sv-description",
      );
      assert.deepEqual(
        await desc.locator("table th").allTextContents(),
        ["Code", "Meaning"],
      );
      assert.equal(await desc.locator("table td code").textContent(), "429");
      // `--:` right-aligns its column, by a class (the CSP allows no style).
      assert.equal(
        await desc.locator("table td").first().evaluate((td) =>
          getComputedStyle(td).textAlign
        ),
        "right",
      );
      assert.deepEqual(
        await desc.locator("table a").evaluateAll((as) =>
          as.map((a) => [a.getAttribute("href"), a.getAttribute("rel")])
        ),
        [["https://example.com/limits", "noopener noreferrer"]],
      );
    }),
});
