import assert from "node:assert/strict";
import { BROWSER_TEST, withPage } from "../helpers/browser.ts";
import {
  openViewer,
  pickText,
  rows,
  waitCount,
} from "../helpers/har_browser.ts";
import { harDoc } from "../helpers/har_doc.ts";

Deno.test({
  name:
    "browser har: on a large file a column click paints its arrow first and the rows follow in a task of their own, busy until they do",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      // Entry i takes 6000 - (i * 7919) % 6000 ms: a duration sort
      // reorders them all, the first one last.
      await pickText(
        page,
        JSON.stringify(harDoc(Array.from({ length: 6000 }, (_, i) => ({
          url: `https://a.example/n${i}`,
          mime: "text/plain",
          at: i,
          time: 6000 - (i * 7919) % 6000,
        })))),
        6000,
      );
      const before = (await rows(page)).map((r) => r.index);
      // What the click's own task left: the header says the new order,
      // the rows are the old ones, and the list claims no count.
      const during = await page.evaluate(async () => {
        document.querySelector<HTMLElement>(
          ".har-sort-head[data-sort=duration]",
        )!.click();
        // Preact renders in a microtask; the sort waits for a frame.
        for (let k = 0; k < 5; k++) await Promise.resolve();
        const list = document.querySelector("[data-testid=har-list]")!;
        return {
          head: document.querySelector(".har-sort-head[data-sort=duration]")!
            .getAttribute("aria-label"),
          first: list.querySelector("[data-testid=har-row]")!
            .getAttribute("data-index"),
          busy: list.getAttribute("aria-busy"),
          count: list.getAttribute("data-count"),
        };
      });
      assert.deepEqual(during, {
        head: "Time, sorted ascending",
        first: String(before[0]),
        busy: "true",
        count: null,
      });
      // Then the rows answer it, and the list is no longer busy.
      await waitCount(page, 6000);
      await page.waitForFunction(() => location.hash.includes("sort=duration"));
      assert.equal(
        await page.getAttribute("[data-testid=har-list]", "aria-busy"),
        null,
      );
      const after = await rows(page);
      assert.notDeepEqual(after.map((r) => r.index), before);
      const ds = after.map((r) => r.duration);
      assert.deepEqual(ds, [...ds].sort((a, b) => a - b));
    }),
});
