/**
 * Forced colours (Windows High Contrast): the system replaces every colour
 * and drops backgrounds, so what a fill alone said (a waterfall's phases,
 * a selected row, a pressed toggle, the current page) must still show.
 */
import assert from "node:assert/strict";
import { BROWSER_TEST, gotoHydrated, withPage } from "../helpers/browser.ts";
import { openViewer, pick } from "../helpers/har_browser.ts";

Deno.test({
  name:
    "browser forced colours: waterfall bars, the selected row, pressed chips and the current page still show",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await page.emulateMedia({ forcedColors: "active" });
      try {
        await openViewer(page, server.origin);
        await pick(page, "mixed.har");
        await page.locator("[data-testid=har-row]").nth(1).click();
        assert.equal(
          await page.locator(".har-row.selected").evaluate((el) =>
            getComputedStyle(el).outlineStyle
          ),
          "solid",
          "the selected row is outlined",
        );
        await page.locator("[data-testid=har-status-chip]").first().click();
        const seen = await page.evaluate(() => {
          const css = (sel: string, prop: string) => {
            const el = document.querySelector(sel);
            return el
              ? getComputedStyle(el).getPropertyValue(prop)
              : `(no ${sel})`;
          };
          return {
            canvas: getComputedStyle(document.body).backgroundColor,
            bar: css(
              "[data-testid=har-row] [data-testid=har-bar]",
              "background-image",
            ),
            pressed: css(
              "[data-testid=har-status-chip][aria-pressed=true]",
              "background-color",
            ),
            unpressed: css(
              "[data-testid=har-status-chip][aria-pressed=false]",
              "background-color",
            ),
          };
        });
        // Its phases are its background image (bar_paint.ts).
        assert.match(
          seen.bar,
          /^linear-gradient\(/,
          "a bar's phases are drawn",
        );
        assert.notEqual(seen.pressed, seen.unpressed, "a pressed chip shows");

        await gotoHydrated(page, server.origin, "/spec");
        const nav = await page.evaluate(() => {
          const bg = (sel: string) =>
            getComputedStyle(document.querySelector(sel)!).backgroundColor;
          return {
            current: bg(".site-header nav a[aria-current=page]"),
            other: bg(".site-header nav a:not([aria-current])"),
          };
        });
        assert.notEqual(nav.current, nav.other, "the current page shows");
      } finally {
        await page.emulateMedia({ forcedColors: "none" });
      }
    }),
});
