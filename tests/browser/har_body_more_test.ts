import assert from "node:assert/strict";
import { BROWSER_TEST, withPage } from "../helpers/browser.ts";
import { loaded, openViewer, pickText } from "../helpers/har_browser.ts";
import { harDoc } from "../helpers/har_doc.ts";

/** One entry whose text body is `text`. */
function oneBody(text: string): string {
  return JSON.stringify(harDoc([{
    url: "https://a.example/big.txt",
    mime: "text/plain",
    contentSize: text.length,
    text,
  }]));
}

Deno.test({
  name:
    "browser har: a long body opens with its first part, and Show all shows the rest",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      // 100,000 characters ending in a mark past the first part.
      const text = "line of text\n".repeat(7692) + "THE-END";
      await openViewer(page, server.origin);
      await pickText(page, oneBody(text), 1);
      await loaded(page);
      await page.click("[data-testid=har-row]");
      const pre = page.locator("[data-testid=har-detail] pre.har-body-text");
      await pre.waitFor();
      const first = (await pre.textContent()) ?? "";
      assert.equal(first.length, 32_000);
      assert.ok(text.startsWith(first));
      // Counted in characters, as they are (not bytes).
      assert.equal(
        await page.textContent("[data-testid=har-body-more]"),
        `Show all (${text.length.toLocaleString("en-US")} characters)`,
      );
      assert.equal(
        await page.locator("[data-testid=har-save-body]").count(),
        1,
      );
      await page.click("[data-testid=har-body-more]");
      assert.equal(await pre.textContent(), text);
      assert.equal(
        await page.locator("[data-testid=har-body-more]").count(),
        0,
      );
    }),
});
