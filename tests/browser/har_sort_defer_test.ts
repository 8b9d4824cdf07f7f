import assert from "node:assert/strict";
import { BROWSER_TEST, withPage } from "../helpers/browser.ts";
import {
  openViewer,
  pickText,
  rows,
  waitCount,
} from "../helpers/har_browser.ts";
import { harDoc } from "../helpers/har_doc.ts";

// The two ways to ask for an order: each shows it first, the rows follow.
const ASKS = [
  { by: "a column click paints its arrow", via: "head" },
  { by: "the sort select shows its choice", via: "select" },
];

for (const { by, via } of ASKS) {
  Deno.test({
    name:
      `browser har: on a large file ${by} first and the rows follow in a task of their own, busy until they do`,
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
        // What the click's or change's own task left: the header and the
        // select say the new order, the rows are the old ones, and the list claims no count.
        const during = await page.evaluate(async (via) => {
          if (via === "head") {
            document.querySelector<HTMLElement>(
              ".har-sort-head[data-sort=duration]",
            )!.click();
          } else {
            const sel = document.querySelector<HTMLSelectElement>(
              "[data-testid=har-sort]",
            )!;
            sel.value = "duration";
            sel.dispatchEvent(new Event("change", { bubbles: true }));
          }
          // Preact renders in a microtask; the sort waits for a frame.
          for (let k = 0; k < 5; k++) await Promise.resolve();
          const list = document.querySelector("[data-testid=har-list]")!;
          return {
            head: document.querySelector(".har-sort-head[data-sort=duration]")!
              .getAttribute("aria-label"),
            first: list.querySelector("[data-testid=har-row]")!
              .getAttribute("data-index"),
            busy: list.getAttribute("aria-busy"),
            select: document.querySelector<HTMLSelectElement>(
              "[data-testid=har-sort]",
            )!.value,
            count: list.getAttribute("data-count"),
          };
        }, via);
        assert.deepEqual(during, {
          head: "Time, sorted ascending",
          first: String(before[0]),
          busy: "true",
          select: "duration",
          count: null,
        });
        // Then the rows answer it, and the list is no longer busy.
        await waitCount(page, 6000);
        await page.waitForFunction(() =>
          location.hash.includes("sort=duration")
        );
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
}
