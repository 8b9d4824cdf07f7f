import assert from "node:assert/strict";
import { BROWSER_TEST, withPage } from "../helpers/browser.ts";
import {
  openViewer,
  pickText,
  rows,
  waitCount,
} from "../helpers/har_browser.ts";
import { harDoc } from "../helpers/har_doc.ts";

/** A HAR of `n` entries; entry i's path holds `even` or `odd`, and `i`. */
function bigHar(n: number): string {
  return JSON.stringify(harDoc(Array.from({ length: n }, (_, i) => ({
    url: `https://a.example/${i % 2 ? "odd" : "even"}/n${i}`,
    mime: "text/plain",
    at: i,
    time: 1,
  }))));
}

Deno.test({
  name:
    "browser har: on a large file the box echoes at once and the list follows, busy until it does",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      await pickText(page, bigHar(6000), 6000);
      // Three keys in one task, as a fast typist's burst: the box shows
      // the last text at once, the list is busy and claims no count.
      const during = await page.evaluate(async () => {
        const box = document.querySelector<HTMLInputElement>(
          "[data-testid=har-search]",
        )!;
        for (const t of ["o", "od", "odd"]) {
          box.value = t;
          box.dispatchEvent(new Event("input", { bubbles: true }));
        }
        // Preact renders in a microtask; the search waits for a frame.
        for (let k = 0; k < 5; k++) await Promise.resolve();
        const list = document.querySelector("[data-testid=har-list]")!;
        return {
          value: box.value,
          busy: list.getAttribute("aria-busy"),
          count: list.getAttribute("data-count"),
        };
      });
      assert.deepEqual(during, { value: "odd", busy: "true", count: null });
      // Then the list answers the last text, and is no longer busy.
      await waitCount(page, 3000);
      assert.equal(
        await page.getAttribute("[data-testid=har-list]", "aria-busy"),
        null,
      );
      assert.ok((await rows(page)).every((r) => r.index % 2 === 1));
      await page.waitForFunction(() => location.hash.includes("q=odd"));
      // The same text typed again changes nothing, and leaves nothing
      // behind: a later link to it from elsewhere is still followed.
      await page.evaluate(() => {
        const box = document.querySelector<HTMLInputElement>(
          "[data-testid=har-search]",
        )!;
        box.value = "odd";
        box.dispatchEvent(new Event("input", { bubbles: true }));
      });
      await page.waitForTimeout(100);
      await page.fill("[data-testid=har-search]", "odd/n1");
      await page.waitForFunction(() => location.hash.includes("q=odd%2Fn1"));
      await page.evaluate(() => location.hash = "#q=odd");
      await page.waitForFunction(
        () => {
          const box = document.querySelector<HTMLInputElement>(
            "[data-testid=har-search]",
          )!;
          const list = document.querySelector("[data-testid=har-list]")!;
          return box.value === "odd" &&
            list.getAttribute("data-count") === "3000";
        },
        undefined,
        { timeout: 10_000 },
      );
    }),
});

Deno.test({
  name:
    "browser har: a key typed while a large file is searched is let in between the search's steps, and the list answers only its text",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      // 20,000 entries: each term is searched in three steps (SEARCH_STEP).
      await pickText(page, bigHar(20_000), 20_000);
      // A key, then another in the first task after the search began (its
      // frame's callbacks run in turn, and this task is posted after the
      // search's): searched at once, in one task, the first text's rows
      // came before the second key was handled.
      const counts = await page.evaluate(async () => {
        const box = document.querySelector<HTMLInputElement>(
          "[data-testid=har-search]",
        )!;
        const list = document.querySelector("[data-testid=har-list]")!;
        const seen: (string | null)[] = [];
        const mo = new MutationObserver(() =>
          seen.push(list.getAttribute("data-count"))
        );
        mo.observe(list, { attributeFilter: ["data-count"] });
        const type = (t: string) => {
          box.value = t;
          box.dispatchEvent(new Event("input", { bubbles: true }));
        };
        type("n1");
        await new Promise<void>((r) =>
          requestAnimationFrame(() =>
            setTimeout(() => {
              type("n12");
              r();
            }, 0)
          )
        );
        // n12, n120-n129, n1200-n1299, n12000-n12999.
        while (list.getAttribute("data-count") !== "1111") {
          await new Promise((r) => setTimeout(r, 20));
        }
        mo.disconnect();
        return seen.filter((v) => v !== null);
      });
      // Never the 11,111 rows of "n1": the search of it was dropped.
      assert.deepEqual(counts, ["1111"]);
      assert.equal(
        await page.inputValue("[data-testid=har-search]"),
        "n12",
      );
    }),
});

Deno.test({
  name:
    "browser har: the searches a burst of keys 250 ms apart applies write the URL once, in the idle period after it, never as a task between them nor in the idle periods the keys leave",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      await pickText(page, bigHar(6000), 6000);
      const writes = await page.evaluate(async () => {
        // No idle period until the test gives one, as on a page kept busy
        // by a large file's search and rows; the fragment writes counted.
        const idle: IdleRequestCallback[] = [];
        globalThis.requestIdleCallback = (f) => idle.push(f);
        let written = 0;
        const replace = history.replaceState.bind(history);
        history.replaceState = (s, t, url) => {
          written++;
          replace(s, t, url);
        };
        const box = document.querySelector<HTMLInputElement>(
          "[data-testid=har-search]",
        )!;
        const list = document.querySelector("[data-testid=har-list]")!;
        const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
        const idlePeriod = () => {
          for (const f of idle.splice(0)) {
            f({ didTimeout: false, timeRemaining: () => 40 });
          }
        };
        // Each key's search applied, then a pause of an ordinary typing
        // pace, whose idle time a browser gives: the fragment of a word
        // half typed was written in it (four writes for "static" typed
        // 200-250 ms a key, once each search was applied).
        for (const [t, n] of [["o", "3000"], ["od", "3000"], ["odd", "3000"]]) {
          box.value = t;
          box.dispatchEvent(new Event("input", { bubbles: true }));
          while (
            list.getAttribute("data-count") !== n ||
            list.getAttribute("aria-busy")
          ) await sleep(10);
          await sleep(250);
          idlePeriod();
        }
        const during = written;
        // Once typing has paused, in the next idle period.
        for (let t = 0; t < 500 && written === during; t++) {
          await sleep(10);
          idlePeriod();
        }
        return { during, after: written, hash: location.hash };
      });
      assert.deepEqual(writes, { during: 0, after: 1, hash: "#q=odd" });
    }),
});

Deno.test({
  name:
    "browser har: a large file's fields are lowered in idle time after it loads, not by the first key typed",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      await pickText(page, bigHar(20_000), 20_000);
      const longest = await page.evaluate(async () => {
        // Idle callbacks run in the order asked for: the file's came first.
        for (let k = 0; k < 3; k++) {
          await new Promise((r) => requestIdleCallback(r));
        }
        // The longest text lowered while the key is searched: the file's
        // URLs joined, had they waited for it.
        const own = String.prototype.toLowerCase;
        let longest = 0;
        String.prototype.toLowerCase = function (this: string) {
          longest = Math.max(longest, this.length);
          return own.call(this);
        };
        try {
          const box = document.querySelector<HTMLInputElement>(
            "[data-testid=har-search]",
          )!;
          const list = document.querySelector("[data-testid=har-list]")!;
          box.value = "n1999";
          box.dispatchEvent(new Event("input", { bubbles: true }));
          while (list.getAttribute("data-count") !== "11") {
            await new Promise((r) => setTimeout(r, 10));
          }
        } finally {
          String.prototype.toLowerCase = own;
        }
        return longest;
      });
      assert.ok(longest < 1000, `${longest} units lowered at once`);
    }),
});
