/**
 * Accessibility of states the page audits in the other `a11y_*` tests do
 * not reach, or that axe cannot judge: the HAR list's rows under its
 * marker layer (axe leaves text it finds overlapped unmeasured), a
 * summary's lists opened, and what a screen reader is told about the
 * virtualised lists and about the counts while a filter is typed.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { BROWSER_TEST, withPage } from "../helpers/browser.ts";
import {
  applyTheme,
  auditPage,
  contrast,
  PINNED,
  type Rgb,
} from "../helpers/a11y.ts";
import { openViewer, pick } from "../helpers/har_browser.ts";

/**
 * Every text of the rendered HAR rows below 4.5:1 (WCAG 1.4.3: the rows'
 * text is 13 px, never large), as "row class, cell class: ratio".
 */
async function lowRowText(page: Page): Promise<string[]> {
  const texts = await page.$$eval(
    "[data-testid=har-row]",
    (rows) =>
      rows.flatMap((row) => {
        const found = [];
        const walk = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode()) {
          const el = n.parentElement!;
          if (
            !n.textContent!.trim() || el.closest(".visually-hidden")
          ) continue;
          found.push({
            where: `${row.className} > ${el.className}`,
            ...paintedColours(el),
          });
        }
        return found;
      }),
  );
  const low = new Map<string, number>();
  for (const t of texts) {
    const ratio = contrast(t.fg as Rgb, t.bg as Rgb);
    if (ratio < 4.5) low.set(t.where, Math.min(ratio, low.get(t.where) ?? 99));
  }
  return [...low].map(([where, r]) => `${where}: ${r.toFixed(2)}:1`);
}

Deno.test({
  name:
    "a11y /har: every row's text 4.5:1, selected, hovered and striped, light and dark",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      // Every status class: 200, 304, 401, 503, a failed request, a 101.
      await pick(page, "mixed.har");
      const faults: string[] = [];
      for (const t of PINNED) {
        await applyTheme(page, t);
        // Selected and hovered in turn: a 401, a 304, a 503 and a failed
        // request (the status colours), beside striped rows.
        for (const [selected, hovered] of [[2, 3], [3, 6], [7, 2], [6, 7]]) {
          await page.click(`[data-testid=har-row][data-index='${selected}']`);
          await page.waitForSelector(
            `[data-testid=har-detail][data-index='${selected}']`,
          );
          await page.hover(`[data-testid=har-row][data-index='${hovered}']`);
          faults.push(
            ...(await lowRowText(page)).map((f) => `${t.name}: ${f}`),
          );
        }
      }
      assert.deepEqual([...new Set(faults)], []);
    }),
});

Deno.test({
  name:
    "a11y /har: the summary's slowest and largest lists opened, targets 24 px (WCAG 2.5.8)",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      await pick(page, "mixed.har");
      await page.click(".har-breakdown > summary");
      await page.locator(".har-top .linkish").first().waitFor();
      await auditPage(page, "/har mixed.har, the summary's lists open", {});
    }),
});
