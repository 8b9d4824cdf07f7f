/**
 * Right-to-left text as a Hebrew or Arabic reader meets it: a path's
 * segments shown in their order, a summary laid out from its first
 * letter, JSON keys before their values. Positions are read from the
 * laid-out text (Range rectangles), not from the DOM order.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { BROWSER_TEST, gotoHydrated, withPage } from "../helpers/browser.ts";
import { findRow, loadSpec, openTimed } from "../helpers/spec_open.ts";

/** The left edge of the first occurrence of `word` inside `selector`. */
function leftOf(page: Page, selector: string, word: string): Promise<number> {
  return page.evaluate(([sel, w]) => {
    const root = document.querySelector(sel)!;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const at = n.textContent!.indexOf(w);
      if (at < 0) continue;
      const r = document.createRange();
      r.setStart(n, at);
      r.setEnd(n, at + w.length);
      return r.getBoundingClientRect().left;
    }
    throw new Error(`${w} not in ${sel}`);
  }, [selector, word] as const);
}

Deno.test({
  name:
    "rtl: a Hebrew path reads in its order, its summary right to left, its example's keys before their values",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/spec");
      await loadSpec(
        page,
        "rtl.json",
        JSON.stringify({
          openapi: "3.1.0",
          info: { title: "ערים", version: "1" },
          paths: {
            "/ערים/{עיר}/רחובות": {
              get: {
                summary: "רשימת רחובות (v2)",
                responses: {
                  "200": {
                    description: "ok",
                    content: {
                      "application/json": {
                        example: { "שם": "רחוב הרצל" },
                      },
                    },
                  },
                },
              },
            },
          },
        }),
      );
      const row = await findRow(page, "get", "/ערים/{עיר}/רחובות");
      const path = "[data-testid=endpoint-row] .sv-path";
      const first = await leftOf(page, path, "ערים");
      const second = await leftOf(page, path, "עיר");
      const third = await leftOf(page, path, "רחובות");
      assert.ok(
        first < second && second < third,
        `${first} ${second} ${third}`,
      );
      assert.equal(
        await page.$eval(
          "[data-testid=endpoint-row] .sv-summary",
          (e) => getComputedStyle(e).direction,
        ),
        "rtl",
      );
      await openTimed(page, row);
      const example = "[data-testid=op-example]";
      await page.waitForSelector(example);
      assert.ok(
        (await leftOf(page, example, "שם")) <
          (await leftOf(page, example, "רחוב")),
        "the key before its value",
      );
    }),
});
