import assert from "node:assert/strict";
import { BROWSER_TEST, withPage } from "../helpers/browser.ts";
import { openViewer, paste, rows, waitCount } from "../helpers/har_browser.ts";
import { harDoc } from "../helpers/har_doc.ts";

/** Four entries; only entry 2's response body holds the token. */
const HAR = JSON.stringify(harDoc([
  { url: "https://a.example/one", mime: "text/html", text: "<p>hello</p>" },
  {
    url: "https://a.example/two",
    responseHeaders: [{ name: "X-Kind", value: "plain" }],
  },
  {
    url: "https://a.example/three",
    mime: "application/json",
    text: '{"secret":"Zebra-Quokka-42"}',
    at: 5,
  },
  { url: "https://a.example/four", at: 6 },
]));

Deno.test({
  name:
    "browser har: a token only in a response body is found with 'Headers and bodies too' on, not off, and the hash keeps the box",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      await paste(page, HAR);
      await waitCount(page, 4);
      const box = page.locator("[data-testid=har-search-deep]");
      assert.equal(await box.isChecked(), false, "off by default");
      await page.fill("[data-testid=har-search]", "zebra-QUOKKA");
      await waitCount(page, 0);
      await box.check();
      await page.waitForFunction(() => location.hash.includes("deep=1"));
      await waitCount(page, 1);
      assert.deepEqual((await rows(page)).map((r) => r.index), [2]);
      assert.equal(
        await page.getAttribute("[data-testid=har-list]", "aria-busy"),
        null,
      );
      // A header line, and an exclusion reaching into bodies.
      await page.fill("[data-testid=har-search]", "x-kind:");
      await waitCount(page, 1);
      assert.deepEqual((await rows(page)).map((r) => r.index), [1]);
      await page.fill("[data-testid=har-search]", "a.example -quokka");
      await waitCount(page, 3);
      assert.deepEqual((await rows(page)).map((r) => r.index), [0, 1, 3]);
      // Off again: the contract's search, which does not look in bodies.
      await box.uncheck();
      await page.waitForFunction(() => !location.hash.includes("deep="));
      await waitCount(page, 4);
      await page.fill("[data-testid=har-search]", "zebra");
      await waitCount(page, 0);
      // A link with the box on opens with it on (and searches once the
      // file is there).
      await page.evaluate(() => location.hash = "#q=zebra&deep=1");
      await page.waitForFunction(() =>
        document.querySelector<HTMLInputElement>(
          "[data-testid=har-search-deep]",
        )?.checked === true
      );
      await waitCount(page, 1);
      await page.reload();
      await page.waitForSelector("[data-testid=har-input]");
      assert.ok((await page.evaluate(() => location.hash)).includes("deep=1"));
      await paste(page, HAR);
      await waitCount(page, 1);
      assert.equal(await box.isChecked(), true);
      assert.deepEqual((await rows(page)).map((r) => r.index), [2]);
    }),
});
