import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { BROWSER_TEST, withPage } from "../helpers/browser.ts";
import { openViewer, pickText } from "../helpers/har_browser.ts";
import { harDoc } from "../helpers/har_doc.ts";

/** Opens the viewer on 3,000 plain rows, the file both tests scroll. */
async function openRows(page: Page, origin: string): Promise<void> {
  await openViewer(page, origin);
  await pickText(
    page,
    JSON.stringify(harDoc(Array.from({ length: 3000 }, (_, i) => ({
      url: `https://a.example/n${i}`,
      mime: "text/plain",
      at: i,
      time: 1 + i % 50,
    })))),
    3000,
  );
}

Deno.test({
  name:
    "browser har: a scroll step of ten rows creates ten row elements and removes ten, and leaves every row still in view untouched",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openRows(page, server.origin);
      // The cost of a scroll is the style and layout of what it changes
      // (a new row: its cells, their text and its bar): counted, not timed, since
      // the rows a step brings are the work it cannot avoid and any other
      // change (a row re-rendered for its new offset, rows re-keyed and
      // re-created) is work on top.
      const steps = await page.evaluate(async () => {
        const scroller = document.querySelector<HTMLElement>(".har-scroller")!;
        const list = document.querySelector("[data-testid=har-list]")!;
        const frame = () =>
          new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        scroller.scrollTop = 28 * 1000;
        await frame();
        await frame();
        const out: { added: number; removed: number; touched: number }[] = [];
        for (let s = 0; s < 8; s++) {
          const step = { added: 0, removed: 0, touched: 0 };
          const isRow = (n: Node) =>
            n instanceof HTMLElement && n.dataset.testid === "har-row";
          const count = (ms: MutationRecord[]) => {
            for (const m of ms) {
              if (m.type === "childList" && m.target === list) {
                step.added += [...m.addedNodes].filter(isRow).length;
                step.removed += [...m.removedNodes].filter(isRow).length;
              } else if (m.target !== list) step.touched++;
            }
          };
          const mo = new MutationObserver(count);
          mo.observe(list, {
            childList: true,
            subtree: true,
            attributes: true,
            characterData: true,
          });
          scroller.scrollTop += 28 * 10;
          await frame();
          await frame();
          count(mo.takeRecords());
          mo.disconnect();
          out.push(step);
        }
        return out;
      });
      assert.deepEqual(
        steps,
        Array(8).fill({ added: 10, removed: 10, touched: 0 }),
      );
    }),
});

Deno.test({
  name:
    "browser har: a row scrolled in brings no click listener of its own, its waterfall bar is one element and, in a file without initiators, it has no Initiator cell",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openRows(page, server.origin);
      await page.evaluate(async () => {
        document.querySelector(".har-scroller")!.scrollTop = 28 * 1000;
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      });
      await page.waitForSelector("#har-row-1000");
      // Its elements are all the DOM a row scrolled in costs (each a
      // style and a layout box); its listeners, a closure and a call each.
      const cdp = await page.context().newCDPSession(page);
      const { result } = await cdp.send("Runtime.evaluate", {
        expression: "document.getElementById('har-row-1000')",
      });
      const { listeners } = await cdp.send("DOMDebugger.getEventListeners", {
        objectId: result.objectId!,
        depth: -1,
      });
      assert.deepEqual(listeners.map((l) => l.type), []);
      assert.equal(
        await page.locator("#har-row-1000 .c-init").count(),
        0,
      );
      // Its phases (send, wait, receive) are the bar's background, not an
      // element each: 11 elements under the row, where there were 14.
      assert.equal(
        await page.locator("#har-row-1000 [data-testid=har-bar] *").count(),
        0,
      );
      assert.equal(await page.locator("#har-row-1000 *").count(), 11);
      // The list's one listener opens the row clicked.
      await page.click("#har-row-1000");
      await page.waitForSelector("[data-testid=har-detail]");
      await page.waitForFunction(() => location.hash.includes("sel=1000"));
    }),
});
