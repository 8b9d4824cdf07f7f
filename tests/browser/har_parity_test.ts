/**
 * The HAR viewer shows what Chrome DevTools and HAR Analyzer show: a failed
 * request's net error, WebSocket frames timed from the request's start
 * with their length, a `data:` URL's body, and page-scoped axis labels.
 */
import assert from "node:assert/strict";
import { BROWSER_TEST, withPage } from "../helpers/browser.ts";
import { openViewer, paste, waitCount } from "../helpers/har_browser.ts";
import { harDoc } from "../helpers/har_doc.ts";

type Doc = { log: { entries: Record<string, Record<string, unknown>>[] } };

Deno.test({
  name:
    "browser har parity: a failed row tells its net error in the status cell's tooltip and text",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const doc = harDoc([
        { url: "https://a.example/ok" },
        { url: "https://a.example/down", status: 0, at: 5 },
      ]) as Doc;
      doc.log.entries[1].response._error = "net::ERR_INTERNET_DISCONNECTED";
      await openViewer(page, server.origin);
      await paste(page, JSON.stringify(doc));
      await waitCount(page, 2);
      const row = page.locator("[data-testid=har-row][data-index='1']");
      // The contract's attribute stays the recorded status.
      assert.equal(await row.getAttribute("data-status"), "0");
      const cell = row.locator(".c-status");
      assert.equal(
        await cell.getAttribute("title"),
        "net::ERR_INTERNET_DISCONNECTED",
      );
      assert.equal(
        await cell.textContent(),
        "failed (net::ERR_INTERNET_DISCONNECTED)",
      );
      assert.equal(
        await page.getByRole("option", {
          name: /^failed \(net::ERR_INTERNET_DISCONNECTED\) GET/,
        }).getAttribute("data-index"),
        "1",
      );
      // A row that did not fail has neither.
      const ok = page.locator(
        "[data-testid=har-row][data-index='0'] .c-status",
      );
      assert.equal(await ok.getAttribute("title"), null);
      assert.equal(await ok.textContent(), "200");
    }),
});
