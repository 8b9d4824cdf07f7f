import assert from "node:assert/strict";
import { BROWSER_TEST, withPage } from "../helpers/browser.ts";
import { openViewer, pick, rows } from "../helpers/har_browser.ts";

Deno.test({
  name: "browser har: a column sort rewrites the rows in place",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      await pick(page, "mixed.har");
      const before = (await rows(page)).map((r) => r.index);
      // Each row element is tagged; a sort that re-created or moved the
      // rows (keys by entry) leaves the tags on other places or none.
      await page.evaluate(() =>
        document.querySelectorAll("[data-testid=har-row]").forEach((r, k) =>
          r.setAttribute("data-slot", String(k))
        )
      );
      await page.click(".har-sort-head[data-sort=duration]");
      await page.waitForFunction(() => location.hash.includes("sort=duration"));
      const after = (await rows(page)).map((r) => r.index);
      assert.notDeepEqual(after, before, "the sort changed the order");
      assert.deepEqual(
        await page.$$eval(
          "[data-testid=har-row]",
          (rs) => rs.map((r) => r.getAttribute("data-slot")),
        ),
        after.map((_, k) => String(k)),
      );
      // And each row says its new entry, in list order.
      assert.deepEqual(
        await page.$$eval(
          "[data-testid=har-row]",
          (rs) => rs.map((r) => [r.id, r.getAttribute("data-index")]),
        ),
        after.map((i) => [`har-row-${i}`, String(i)]),
      );
    }),
});
