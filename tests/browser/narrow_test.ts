/**
 * A phone's width (360 CSS px, the narrowest common one): no page scrolls
 * sideways, and every tool in the top navigation is shown whole, not cut at
 * the edge of a row that scrolls.
 */
import assert from "node:assert/strict";
import { BROWSER_TEST, gotoHydrated, withPage } from "../helpers/browser.ts";
import { PAGES } from "../../routes/table.ts";
import { openViewer, pick } from "../helpers/har_browser.ts";
import {
  fixturePath,
  openCompare,
  pick as comparePick,
  waitCompared,
} from "./compare_page.ts";

/** A HAR of `n` short GETs, one a second, as pasted text. */
function longHar(n: number): string {
  const entries = Array.from({ length: n }, (_, i) => ({
    startedDateTime: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    time: 10,
    request: {
      method: "GET",
      url: `https://a.test/${i}`,
      headers: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: 200,
      headers: [],
      content: { size: 0, mimeType: "text/plain" },
      headersSize: -1,
      bodySize: 0,
    },
    timings: { send: 0, wait: 10, receive: 0 },
  }));
  return JSON.stringify({ log: { version: "1.2", entries } });
}

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

Deno.test({
  name:
    "browser narrow: a HAR with page timings at 360 px scrolls no page sideways",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await openViewer(page, server.origin);
      await pick(page, "mixed.har");
      await page.selectOption("[data-testid=har-page]", "page_1");
      await page.locator("[data-metric=on-content-load]").waitFor();
      const width = await page.evaluate(() =>
        document.documentElement.scrollWidth
      );
      assert.ok(width <= 360, `the page is ${width} px wide`);
    }),
});

Deno.test({
  name:
    "browser har: Tab into a long request list leaves its first row in view, not under the sticky head",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await gotoHydrated(page, server.origin, "/har");
      await page.fill("[data-testid=har-input]", longHar(300));
      await page.locator("[data-testid=har-row]").first().waitFor();
      await page.focus("[data-testid=har-search]");
      let at: string | null | undefined = "";
      for (let i = 0; i < 40 && at !== "har-list"; i++) {
        await page.keyboard.press("Tab");
        at = await page.evaluate(() =>
          document.activeElement?.getAttribute("data-testid")
        );
      }
      assert.equal(at, "har-list", "Tab reaches the list");
      const hidden = await page.evaluate(() => {
        const row = document.querySelector("[data-testid=har-row]")!;
        const r = row.getBoundingClientRect();
        const at = document.elementFromPoint(r.left + 20, r.top + r.height / 2);
        return !row.contains(at);
      });
      assert.equal(hidden, false, "the first row is under the head");
    }),
});

Deno.test({
  name:
    "browser har: a skip link, first after the input, takes the keyboard straight to the request list",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await openViewer(page, server.origin);
      await pick(page, "mixed.har");
      // With a search in the URL's fragment, which the skip leaves as it is.
      await page.fill("[data-testid=har-search]", "-get");
      await page.waitForFunction(() => location.hash.includes("q=-get"));
      await page.focus("[data-testid=har-skip]");
      await page.keyboard.press("Enter");
      await page.waitForFunction(() =>
        document.activeElement?.getAttribute("data-testid") === "har-list"
      );
      assert.match(await page.evaluate(() => location.hash), /q=-get/);
      assert.equal(await page.inputValue("[data-testid=har-search]"), "-get");
    }),
});

Deno.test({
  name:
    "browser narrow: a HAR row tapped on a phone brings its detail into view (it sits under the list there)",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await gotoHydrated(page, server.origin, "/har");
      await page.fill("[data-testid=har-input]", longHar(300));
      await page.locator("[data-testid=har-row]").nth(2).click();
      await page.locator("[data-testid=har-detail] .har-detail-head")
        .waitFor();
      const top = await page.evaluate(() =>
        document.querySelector("[data-testid=har-detail]")!
          .getBoundingClientRect().top
      );
      assert.ok(top >= -1 && top < 740 * 0.5, `the detail starts at ${top}`);
      // Arrow keys move the detail with the cursor: the list stays in view.
      await page.evaluate(() => scrollTo(0, 0));
      await page.focus("[data-testid=har-list]");
      const before = await page.evaluate(() => scrollY);
      await page.keyboard.press("ArrowDown");
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=har-detail]")?.getAttribute(
          "data-index",
        ) === "3"
      );
      const still = await page.evaluate(() => scrollY);
      assert.equal(still, before, "the page stayed where the list is");
    }),
});

Deno.test({
  name:
    "browser narrow: a detail's section link lands its heading below the sticky head, not under it",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await openViewer(page, server.origin);
      await pick(page, "mixed.har");
      await page.locator("[data-testid=har-row]").first().click();
      await page.locator(".har-jump a[href='#har-sec-response-headers']")
        .click();
      const { head, sec } = await page.evaluate(() => ({
        head: document.querySelector(".har-detail-head")!
          .getBoundingClientRect().bottom,
        sec: document.getElementById("har-sec-response-headers")!
          .getBoundingClientRect().top,
      }));
      assert.ok(sec >= head - 1, `section at ${sec}, head ends at ${head}`);
    }),
});

Deno.test({
  name:
    "browser narrow: compare at 360 px shows two lines of each change's sentence and scrolls no list sideways",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await openCompare(page, server.origin);
      await comparePick(page, "base", fixturePath("pets-v1.yaml"));
      await comparePick(page, "revision", fixturePath("pets-v2.yaml"));
      await waitCompared(page);
      const { lines, wide } = await page.evaluate(() => {
        const list = document.querySelector<HTMLElement>(
          "[data-testid=change-list]",
        )!;
        const s = [...document.querySelectorAll<HTMLElement>(".cmp-sentence")];
        return {
          // The longest sentence, in lines of its own line height.
          lines: Math.max(
            ...s.map((e) =>
              Math.round(
                e.clientHeight / parseFloat(getComputedStyle(e).lineHeight),
              )
            ),
          ),
          wide: [...list.querySelectorAll<HTMLElement>("*")].some((e) =>
            e.scrollWidth > list.clientWidth + 1 &&
            getComputedStyle(e).overflowX === "visible" &&
            e.getBoundingClientRect().right >
              list.getBoundingClientRect().right + 1
          ),
        };
      });
      assert.equal(lines, 2, "a long sentence takes two lines");
      assert.equal(wide, false, "something runs out of the list");
    }),
});

Deno.test({
  name:
    "browser narrow: at 400% zoom (320 x 256 CSS px) the spec toolbar scrolls away and the list fits the window",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await page.setViewportSize({ width: 320, height: 256 });
      await gotoHydrated(page, server.origin, "/spec");
      await page.fill(
        "[data-testid=spec-input]",
        Deno.readTextFileSync(
          new URL("../fixtures/openapi/detail-3.1.yaml", import.meta.url),
        ),
      );
      await page.waitForSelector("[data-testid=spec-count]");
      const { toolbar, list } = await page.evaluate(() => ({
        toolbar: getComputedStyle(document.querySelector(".sv-toolbar")!)
          .position,
        list: document.querySelector(".sv-list")!.getBoundingClientRect()
          .height,
      }));
      assert.equal(toolbar, "static");
      assert.ok(list <= 256, `the list is ${list} px tall`);
    }),
});

Deno.test({
  name:
    "browser narrow: a HAR list's sort heads, a detail's section links and the summary's fold-out are targets 24 px tall (WCAG 2.5.8)",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await openViewer(page, server.origin);
      await pick(page, "mixed.har");
      await page.locator("[data-testid=har-row]").first().click();
      await page.locator(".har-jump a").first().waitFor();
      const small = await page.evaluate(() =>
        [
          ...document.querySelectorAll(
            ".har-sort-head, .har-jump a, .har-breakdown > summary",
          ),
        ]
          .map((e) => [e.textContent, e.getBoundingClientRect().height])
          .filter(([, h]) => (h as number) > 0 && (h as number) < 24)
      );
      assert.deepEqual(small, []);
    }),
});
