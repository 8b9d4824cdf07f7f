/**
 * Accessibility of states the page audits in the other `a11y_*` tests do
 * not reach, or that axe cannot judge: the HAR list's rows under its
 * marker layer (axe leaves text it finds overlapped unmeasured), a
 * summary's lists opened, and what a screen reader is told about the
 * virtualised lists and about the counts while a filter is typed.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { BROWSER_TEST, gotoHydrated, withPage } from "../helpers/browser.ts";
import { loadSpec } from "../helpers/spec_open.ts";
import {
  applyTheme,
  auditPage,
  contrast,
  PINNED,
  type Rgb,
  typedThenSaidOnce,
} from "../helpers/a11y.ts";
import { openViewer, paste, pick } from "../helpers/har_browser.ts";
import {
  fixturePath,
  openCompare,
  pasteBoth,
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
    "a11y /har: keys that leave the count as it was are typing too: it is said once they pause",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      await pick(page, "mixed.har");
      // "f" finds one entry, and the nine keys after it find the same one:
      // timed from the count's change, it was said while they were typed
      // (as it was on a loaded machine, keys slower, for "example.com/api").
      await typedThenSaidOnce(
        page,
        "[data-testid=har-search]",
        "font.woff2",
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

/**
 * `aria-posinset` and `aria-setsize` of the items `sel` finds, as
 * "pos/size" (a virtualised list holds only the items in view: without
 * them a screen reader counts those, "item 3 of 41" in a list of 200).
 */
function positions(page: Page, sel: string): Promise<string[]> {
  return page.$$eval(
    sel,
    (els) =>
      els.map((e) =>
        `${e.getAttribute("aria-posinset")}/${e.getAttribute("aria-setsize")}`
      ),
  );
}

/** `n` consecutive positions from `from` (1-based) in a set of `size`. */
function run(from: number, n: number, size: number): string[] {
  return Array.from({ length: n }, (_, i) => `${from + i}/${size}`);
}

/** Scrolls the scroll box `sel` to its end and waits two frames. */
async function scrollToEnd(page: Page, sel: string): Promise<void> {
  await page.locator(sel).evaluate(async (el) => {
    el.scrollTop = el.scrollHeight;
    el.dispatchEvent(new Event("scroll"));
    for (let i = 0; i < 2; i++) {
      await new Promise((r) => requestAnimationFrame(r));
    }
  });
}

/** Asserts the items found are positions first..last of `size`, in order. */
async function assertPositions(
  page: Page,
  sel: string,
  size: number,
  where: string,
): Promise<void> {
  await page.waitForSelector(sel);
  const got = await positions(page, sel);
  const first = Number(got[0]?.split("/")[0]);
  assert.ok(got.length > 0 && got.length < size, `${where}: ${got.length}`);
  assert.deepEqual(got, run(first, got.length, size), where);
}

Deno.test({
  name:
    "a11y virtual lists: every rendered item says its place in the whole list (aria-posinset, aria-setsize)",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      // /spec: 300 endpoints, then the 100 of them /p1 finds.
      const paths = Object.fromEntries(
        Array.from({ length: 300 }, (_, i) => [
          `/p${String(i).padStart(3, "0")}`,
          { get: { responses: { "200": { description: "ok" } } } },
        ]),
      );
      await gotoHydrated(page, server.origin, "/spec");
      await loadSpec(
        page,
        "many.json",
        JSON.stringify({
          openapi: "3.0.3",
          info: { title: "Many", version: "1" },
          paths,
        }),
      );
      // The list's own rows (a warm-up copy may be laid out out of sight).
      const endpoints = "#sv-endpoints > [role=listitem]";
      await assertPositions(page, endpoints, 300, "/spec, top");
      await scrollToEnd(page, "[data-testid=endpoint-list]");
      await assertPositions(page, endpoints, 300, "/spec, end");
      await page.fill("[data-testid=spec-filter]", "p1");
      await page.waitForSelector(
        "[data-testid=endpoint-list][data-count='100']",
      );
      await assertPositions(page, endpoints, 100, "/spec, filtered");

      // /har: 200 requests.
      await openViewer(page, server.origin);
      await paste(page, generatedHar(200));
      await page.waitForSelector("[data-testid=har-list][data-count='200']");
      const harRows = "#har-requests > [role=option]";
      await assertPositions(page, harRows, 200, "/har, top");
      await scrollToEnd(page, ".har-scroller");
      await assertPositions(page, harRows, 200, "/har, end");

      // /spec/compare: 150 operations removed, each under its heading.
      await openCompare(page, server.origin);
      await pasteBoth(
        page,
        JSON.stringify({
          openapi: "3.0.3",
          info: { title: "Many", version: "1" },
          paths: Object.fromEntries(Object.entries(paths).slice(0, 150)),
        }),
        JSON.stringify({
          openapi: "3.0.3",
          info: { title: "Many", version: "2" },
          paths: {},
        }),
      );
      const items = "#cmp-changes > [role=listitem]";
      await assertPositions(page, items, 300, "/spec/compare, top");
      await scrollToEnd(page, "[data-testid=change-list]");
      await assertPositions(page, items, 300, "/spec/compare, end");
    }),
});

/** A HAR of `n` GETs, one every 10 ms. */
function generatedHar(n: number): string {
  const t0 = Date.parse("2024-01-01T00:00:00Z");
  const entries = Array.from({ length: n }, (_, i) => ({
    startedDateTime: new Date(t0 + i * 10).toISOString(),
    time: 20,
    request: {
      method: "GET",
      url: `https://example.test/items/${i}`,
      httpVersion: "HTTP/1.1",
      headers: [],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: 200,
      statusText: "OK",
      httpVersion: "HTTP/1.1",
      headers: [],
      cookies: [],
      content: { size: 0, mimeType: "text/plain" },
      redirectURL: "",
      headersSize: -1,
      bodySize: 0,
    },
    cache: {},
    timings: { send: 1, wait: 15, receive: 4 },
  }));
  return JSON.stringify({ log: { version: "1.2", entries } });
}

Deno.test({
  name:
    "a11y /debug: the WebSocket runner says it opened, each reply and how it closed (WCAG 4.1.3)",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/debug");
      const ws = page.locator(
        "[data-testid=runner][data-endpoint=websocket-echo]",
      );
      const said = ws.locator("[aria-live=polite]");
      const says = (text: string) =>
        said.filter({ hasText: text }).waitFor({ timeout: 5_000 });
      await ws.locator("[data-testid=run]").click();
      await says("WebSocket open: messages you send come back.");
      await ws.locator("[data-testid=ws-input]").fill("hello a11y");
      await ws.locator("[data-testid=ws-send]").click();
      await says("Received: hello a11y");
      await ws.locator("[data-testid=ws-disconnect]").click();
      await says("WebSocket closed: 1000 (normal closure)");
    }),
});

Deno.test({
  name:
    "a11y /har: Escape closes the search terms it opened, from a term or the toggle, focus back on the toggle",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      await pick(page, "mixed.har");
      const toggle = "[data-testid=har-search-help-toggle]";
      const help = page.locator("[data-testid=har-search-help]");
      const focusedId = () =>
        page.evaluate(() =>
          document.activeElement?.getAttribute("data-testid") ??
            document.activeElement?.className
        );
      await page.focus(toggle);
      await page.keyboard.press("Enter");
      await help.waitFor();
      // Past the "/ shortcut" box, the chips and the selects, to the first
      // term: the list shows below them, and Tab follows what is shown.
      const passed: string[] = [];
      for (let i = 0; i < 30 && await focusedId() !== "har-term"; i++) {
        await page.keyboard.press("Tab");
        passed.push(String(await focusedId()));
      }
      assert.equal(await focusedId(), "har-term");
      assert.ok(passed.includes("har-sort"), passed.join(", "));
      await page.keyboard.press("Escape");
      await help.waitFor({ state: "detached" });
      assert.equal(await focusedId(), "har-search-help-toggle");
      assert.equal(await page.getAttribute(toggle, "aria-expanded"), "false");
      await page.keyboard.press("Enter");
      await help.waitFor();
      await page.keyboard.press("Escape");
      await help.waitFor({ state: "detached" });
      assert.equal(await focusedId(), "har-search-help-toggle");
    }),
});

Deno.test({
  name:
    "a11y /spec: the schemas filter's count is said once typing pauses (WCAG 4.1.3)",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/spec");
      const schema = { type: "object" };
      await loadSpec(
        page,
        "schemas.json",
        JSON.stringify({
          openapi: "3.0.3",
          info: { title: "Schemas", version: "1" },
          paths: {
            "/a": { get: { responses: { "200": { description: "" } } } },
          },
          components: {
            schemas: {
              Pet: schema,
              PetList: schema,
              Owner: schema,
              Visit: schema,
            },
          },
        }),
      );
      await typedThenSaidOnce(
        page,
        "[data-testid=schema-filter]",
        "petl",
        /^1 of 4 schemas matches/,
      );
    }),
});
