/**
 * A phone's width (360 CSS px, the narrowest common one): no page scrolls
 * sideways, and every tool in the top navigation is shown whole, not cut at
 * the edge of a row that scrolls.
 */
import assert from "node:assert/strict";
import { BROWSER_TEST, gotoHydrated, withPage } from "../helpers/browser.ts";
import { PAGES } from "../../routes/table.ts";

Deno.test({
  name:
    "browser narrow: at 360 px no page scrolls sideways and every navigation link shows whole",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      for (const path of Object.keys(PAGES)) {
        await gotoHydrated(page, server.origin, path);
        const { width, links } = await page.evaluate(() => ({
          width: document.documentElement.scrollWidth,
          links: [...document.querySelectorAll(".site-header nav a")].map(
            (a) => {
              const r = a.getBoundingClientRect();
              return { text: a.textContent, left: r.left, right: r.right };
            },
          ),
        }));
        assert.ok(width <= 360, `${path}: the page is ${width} px wide`);
        assert.ok(links.length >= 3, `${path}: ${links.length} links`);
        for (const l of links) {
          assert.ok(
            l.left >= 0 && l.right <= 360,
            `${path}: "${l.text}" spans ${l.left}-${l.right} px`,
          );
        }
      }
    }),
});
