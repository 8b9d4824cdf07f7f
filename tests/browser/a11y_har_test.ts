/**
 * Accessibility of `/har` with a HAR loaded and an entry open, in the light
 * and the dark theme: no critical or serious axe violation, and Tab reaches
 * the list, the detail and every region that scrolls.
 */
import { corpusDir, SKIPPED } from "../helpers/corpus.ts";
import { BROWSER_TEST, gotoHydrated, withPage } from "../helpers/browser.ts";
import { loaded, paste } from "../helpers/har_browser.ts";
import { auditPage, loadHar } from "../helpers/a11y.ts";

const HAR_FIX = new URL("../fixtures/har/", import.meta.url);

Deno.test({
  name: "a11y /har: fixture loaded, an entry open, light and dark",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await loadHar(
        page,
        server.origin,
        new URL("mixed.har", HAR_FIX).pathname,
        2,
      );
      await auditPage(page, "/har mixed.har", {
        tabRequired: ["[data-testid=har-list]", "[data-testid=har-detail]"],
      });
      // A page's timings in the summary, coloured as its markers are.
      await page.selectOption("[data-testid=har-page]", "page_1");
      await page.locator("[data-metric=on-content-load]").waitFor();
      await auditPage(page, "/har mixed.har, page_1 and its timings", {});
      await page.selectOption("[data-testid=har-page]", "");
      // The search terms listed.
      await page.click("[data-testid=har-search-help-toggle]");
      await page.locator("[data-testid=har-search-help]").waitFor();
      await auditPage(page, "/har mixed.har, the search terms listed", {});
      await page.click("[data-testid=har-search-help-toggle]");
      // Pressed chips: the open entry's status class, and its type.
      const row = page.locator("[data-testid=har-row][data-index='2']");
      const cls = `${String(await row.getAttribute("data-status"))[0]}xx`;
      await page.click(`[data-testid=har-status-chip][data-class="${cls}"]`);
      await page.waitForSelector(
        "[data-testid=har-status-chip][aria-pressed=true]",
      );
      await auditPage(page, `/har mixed.har, ${cls} chip pressed`, {});
      // A JSON body as a tree, a member open (light and dark).
      await page.click(`[data-testid=har-status-chip][data-class="${cls}"]`);
      await page.click("[data-testid=har-row][data-index='7']");
      await page.click("[data-testid=har-body-tree-toggle]");
      const tree = page.locator("[data-testid=har-body-tree]");
      await tree.waitFor();
      await tree.locator("summary", { hasText: /^\s*nested:/ }).click();
      await tree.locator(".jt-string", { hasText: '"cs"' }).waitFor();
      await auditPage(page, "/har mixed.har, a JSON body as a tree", {});
    }),
});

/**
 * A HAR of `n` GET requests, one every 10 ms, statuses cycling through the
 * classes; entry 3's URL carries a query string of `longUrl` characters.
 */

function generatedHar(n: number, longUrl: number): string {
  const t0 = Date.parse("2024-01-01T00:00:00Z");
  const statuses = [200, 204, 301, 404, 500];
  const entries = Array.from({ length: n }, (_, i) => ({
    startedDateTime: new Date(t0 + i * 10).toISOString(),
    time: 20,
    request: {
      method: i % 7 === 0 ? "POST" : "GET",
      url: `https://example.test/items/${i}` +
        (i === 3 ? "?q=" + "a%20b".repeat(longUrl / 5) : ""),
      httpVersion: "HTTP/1.1",
      headers: [],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: statuses[i % statuses.length],
      statusText: "",
      httpVersion: "HTTP/1.1",
      headers: [{ name: "Content-Type", value: "application/json" }],
      cookies: [],
      content: { size: 2, mimeType: "application/json", text: "{}" },
      redirectURL: "",
      headersSize: -1,
      bodySize: 2,
    },
    cache: {},
    timings: { send: 1, wait: 15, receive: 4 },
  }));
  return JSON.stringify({
    log: { version: "1.2", creator: { name: "a11y", version: "1" }, entries },
  });
}

Deno.test({
  name:
    "a11y /har: a long list and a 5 kB URL scroll, and the keyboard gets in",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/har");
      await paste(page, generatedHar(200, 5000));
      await loaded(page);
      await page.click("[data-testid=har-row][data-index='3']");
      await page.waitForSelector("[data-testid=har-detail][data-index='3']");
      await auditPage(page, "/har generated", {
        tabRequired: [
          ".har-scroller",
          "[data-testid=har-list]",
          "[data-testid=har-detail]",
          ".har-detail-url",
        ],
      });
    }),
});

const HAR_CORPUS = corpusDir("har");

Deno.test({
  name: "a11y /har: a corpus HAR with many entries, an entry open" +
    (HAR_CORPUS ? "" : SKIPPED),
  ignore: !HAR_CORPUS,
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      // 270 entries (the list scrolls); entry 17's URL is 17 kB long (its
      // box in the detail header scrolls).
      await loadHar(page, server.origin, HAR_CORPUS + "pagexray-304.har", 17);
      await auditPage(page, "/har pagexray-304.har", {
        tabRequired: ["[data-testid=har-list]", "[data-testid=har-detail]"],
      });
    }),
});
