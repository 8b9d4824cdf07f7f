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
import {
  fixturePath,
  openCompare,
  pick as comparePick,
  waitCompared,
} from "./compare_page.ts";

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

/** The text of every live region on the page, in document order. */
function liveTexts(page: Page): Promise<string[]> {
  return page.$$eval(
    "[role=status], [role=alert], [role=log], [aria-live=polite], [aria-live=assertive]",
    (els) => els.map((e) => (e.textContent ?? "").trim()),
  );
}

/**
 * Types `text` into `box` a key every 100 ms, as a person does, and
 * fails if any live region changed meanwhile (a screen reader would read
 * a count per key); then waits until one says what `said` matches.
 */
async function typedThenSaidOnce(
  page: Page,
  box: string,
  text: string,
  said: RegExp,
): Promise<void> {
  const before = await liveTexts(page);
  await page.focus(box);
  for (const ch of text) {
    await page.keyboard.type(ch);
    await page.waitForTimeout(100);
    assert.deepEqual(await liveTexts(page), before, `said while typing ${ch}`);
  }
  await page.waitForFunction(
    ([sel, src]) =>
      [...document.querySelectorAll(sel)].some((e) =>
        new RegExp(src).test((e.textContent ?? "").trim())
      ),
    [
      "[role=status], [aria-live=polite]",
      said.source,
    ] as const,
    { timeout: 2_000 },
  );
}

Deno.test({
  name:
    "a11y /har: the count is said once typing pauses, not once per key (WCAG 4.1.3)",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      await pick(page, "mixed.har");
      // The loaded file's count, said once it settles.
      await page.waitForFunction(() =>
        [...document.querySelectorAll("[role=status]")].some((e) =>
          /^Showing 8 of 8 requests/.test(e.textContent ?? "")
        )
      );
      await typedThenSaidOnce(
        page,
        "[data-testid=har-search]",
        "example.com/api",
        /^Showing 1 of 8 requests/,
      );
    }),
});

Deno.test({
  name:
    "a11y /spec/compare: the count is said once typing pauses, not once per key (WCAG 4.1.3)",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openCompare(page, server.origin);
      await comparePick(page, "base", fixturePath("pets-v1.yaml"));
      await comparePick(page, "revision", fixturePath("pets-v2.yaml"));
      await waitCompared(page);
      await typedThenSaidOnce(
        page,
        "[data-testid=compare-filter]",
        "pets owner",
        /^1 change shown/,
      );
      assert.equal(
        await page.textContent("[data-testid=compare-shown]"),
        "1 shown",
      );
    }),
});
