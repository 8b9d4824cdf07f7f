/**
 * "Copy all listed as cURL" and "as fetch" in Chromium, as a person uses
 * them: the list filtered (a status chip) and sorted (latest first), then
 * copied; the clipboard must hold each listed row's own "Copy as" text,
 * in the order the list shows them, joined as DevTools joins them, and
 * the page must say which rows offer none and why.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { BROWSER_TEST, withPage } from "../helpers/browser.ts";
import { loaded, openViewer, rows, waitCount } from "../helpers/har_browser.ts";
import { copyAllHar } from "../helpers/har_copy_all.ts";

/** Clicks `button` and reads what it copied, once something is there. */
async function copied(page: Page, button: string): Promise<string> {
  await page.evaluate(() => navigator.clipboard.writeText(""));
  await page.click(button);
  await page.waitForFunction(async () =>
    (await navigator.clipboard.readText()) !== ""
  );
  return await page.evaluate(() => navigator.clipboard.readText());
}

Deno.test({
  name:
    "browser har copy all: the rows the filters show, in list order, each as its own Copy as cURL or fetch copies it; rows without a command are named",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      const doc = copyAllHar(`${server.origin}/api/debug/anything`);
      await page.setInputFiles("[data-testid=har-file]", {
        name: "copy-all.har",
        mimeType: "application/json",
        buffer: Buffer.from(JSON.stringify(doc)),
      });
      await loaded(page);
      await waitCount(page, 8);
      // 2xx only, latest first: 6 rows, 2 of which (a CONNECT, a data:
      // URL) offer no command.
      await page.click("[data-testid=har-status-chip][data-class='2xx']");
      await waitCount(page, 6);
      await page.selectOption("[data-testid=har-sort]", "start-desc");
      // The form's POST, started last, comes first.
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=har-row]")?.getAttribute(
          "data-start-ms",
        ) === "80"
      );
      const listed = (await rows(page)).map((r) => r.index);
      assert.deepEqual(listed, [6, 4, 0, 3, 2, 1]);
      for (
        const [kind, one] of [
          ["curl", "cURL command"],
          ["fetch", "fetch call"],
        ] as const
      ) {
        const singles: string[] = [];
        for (const i of listed) {
          await page.click(`[data-testid=har-row][data-index='${i}']`);
          await page.locator(`[data-testid=har-detail][data-index='${i}']`)
            .waitFor();
          const button = `[data-testid=har-copy-${kind}]`;
          if (await page.isDisabled(button)) continue;
          singles.push((await copied(page, button)).trimEnd());
        }
        assert.equal(singles.length, 4, kind);
        const all = await copied(page, `[data-testid=har-copy-all-${kind}]`);
        assert.equal(all, singles.join(" ;\n"), kind);
        // Said once the clipboard has it.
        await page.waitForFunction(() =>
          document.querySelector("[data-testid=har-note]")?.textContent
            ?.startsWith("Copied 4 ")
        );
        const note = await page.textContent("[data-testid=har-note]");
        assert.match(
          note!,
          new RegExp(
            `^Copied 4 ${one}s for the 6 requests listed, in list order\\. ` +
              `Row 4 offers no ${one}: a data: URL .* ` +
              `Row 5 offers no ${one}: a CONNECT request `,
          ),
          `${kind}: ${note}`,
        );
      }
    }, { clipboard: true }),
});

Deno.test({
  name:
    "browser har copy all: the buttons stand with the list's filters, named as DevTools names them, and do nothing when no row is listed",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      await page.setInputFiles("[data-testid=har-file]", {
        name: "copy-all.har",
        mimeType: "application/json",
        buffer: Buffer.from(JSON.stringify(copyAllHar("https://api.test"))),
      });
      await loaded(page);
      assert.deepEqual(
        await page.locator(".har-copy-all button").allTextContents(),
        ["Copy all listed as cURL", "Copy all listed as fetch"],
      );
      await page.fill("[data-testid=har-search]", "no-such-request");
      await waitCount(page, 0);
      assert.ok(await page.isDisabled("[data-testid=har-copy-all-curl]"));
      assert.ok(await page.isDisabled("[data-testid=har-copy-all-fetch]"));
    }),
});
