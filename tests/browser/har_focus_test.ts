/**
 * Keyboard focus in the HAR detail panel (WCAG 2.4.3, 2.4.11, 4.1.3): what
 * gets focus is never under the sticky head, "Show all" and the section
 * links leave focus where the reader is, and notes are announced alone.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { BROWSER_TEST, withPage } from "../helpers/browser.ts";
import {
  loaded,
  openViewer,
  paste,
  waitCount,
} from "../helpers/har_browser.ts";
import { harDoc } from "../helpers/har_doc.ts";

/** 100,003 characters, past the first part LongText shows. */
const TEXT = "line of text\n".repeat(7692) + "THE-END";

/** One entry with many headers (a tall detail) and a long text body. */
function tallHar(): string {
  const headers = Array.from({ length: 30 }, (_, k) => ({
    name: `x-header-${k}`,
    value: `value ${k}`,
  }));
  return JSON.stringify(harDoc([{
    url: "https://a.example/big.txt?a=1&b=2",
    mime: "text/plain",
    contentSize: TEXT.length,
    text: TEXT,
    requestHeaders: headers,
    responseHeaders: headers,
  }]));
}

async function openTall(page: Page, origin: string): Promise<void> {
  await openViewer(page, origin);
  await paste(page, tallHar());
  await waitCount(page, 1);
  await loaded(page);
  await page.click("[data-testid=har-row]");
  await page.locator("[data-testid=har-body-more]").waitFor();
}

/**
 * The focused element when it is below the detail's sticky head's bottom
 * edge (obscured, 2.4.11), else null; null too for the head's own controls.
 */
function focusUnderHead(page: Page) {
  return page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    const detail = a?.closest(".har-detail");
    const head = detail?.querySelector(".har-detail-head");
    if (!a || !head || head.contains(a)) return null;
    const top = a.getBoundingClientRect().top;
    const bottom = head.getBoundingClientRect().bottom;
    return top < bottom - 0.5
      ? `${a.tagName} "${
        a.textContent?.slice(0, 30)
      }" at ${top} under ${bottom}`
      : null;
  });
}

Deno.test({
  name:
    "browser har focus: Shift+Tab up the detail never lands under its sticky head",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openTall(page, server.origin);
      await page.focus("[data-testid=har-body-more]");
      // From the bottom of the panel, section by section upwards.
      await page.$eval(".har-detail", (d) => d.scrollTop = d.scrollHeight);
      let steps = 0;
      for (; steps < 12; steps++) {
        await page.keyboard.press("Shift+Tab");
        const inHead = await page.evaluate(() =>
          !!document.activeElement?.closest(".har-detail-head")
        );
        if (inHead) break;
        assert.equal(await focusUnderHead(page), null, `step ${steps + 1}`);
      }
      // The walk went past several summaries before reaching the head.
      assert.ok(steps >= 5, `only ${steps} stops`);
    }),
});

Deno.test({
  name:
    "browser har focus: Show all focuses the whole text and says how long it is",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openTall(page, server.origin);
      await page.focus("[data-testid=har-body-more]");
      await page.keyboard.press("Enter");
      await page.waitForFunction(() =>
        document.activeElement?.matches("pre.har-body-text")
      );
      assert.equal(
        await page.$eval("pre.har-body-text", (p) => p.textContent?.length),
        TEXT.length,
      );
      await page.locator(
        "[data-testid=har-detail] [role=status]",
        { hasText: "Showing all, 100,003 characters" },
      ).waitFor({ state: "attached" });
      assert.equal(await focusUnderHead(page), null);
      // The next stop is the button that followed, not the page's start.
      await page.keyboard.press("Tab");
      assert.equal(
        await page.evaluate(() =>
          (document.activeElement as HTMLElement).dataset.testid
        ),
        "har-save-body",
      );
    }),
});

Deno.test({
  name:
    "browser har focus: a section link moves focus to its section's summary, in view",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openTall(page, server.origin);
      for (
        const [name, id] of [["Response headers", "response-headers"], [
          "Timing",
          "timing",
        ]]
      ) {
        await page.locator(".har-jump a", { hasText: new RegExp(`^${name}$`) })
          .focus();
        await page.keyboard.press("Enter");
        await page.waitForFunction(
          (id) =>
            document.activeElement ===
              document.querySelector(`#har-sec-${id} > summary`),
          id,
        );
        assert.equal(await focusUnderHead(page), null, name);
      }
      // Tab goes on from the section, not back to the head.
      await page.keyboard.press("Tab");
      assert.ok(
        await page.evaluate(() => {
          const a = document.activeElement!;
          const timing = document.querySelector("#har-sec-timing > summary")!;
          return !a.closest(".har-detail-head") &&
            !!(timing.compareDocumentPosition(a) &
              Node.DOCUMENT_POSITION_FOLLOWING);
        }),
      );
    }),
});

Deno.test({
  name:
    "browser har focus: a copy is announced in a status of its own, the counts stay",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openTall(page, server.origin);
      const counts = page.locator("[data-testid=har-status]");
      const before = await counts.textContent();
      assert.match(before ?? "", /^Showing 1 of 1 requests/);
      await page.click("[data-testid=har-copy-curl]");
      const note = page.locator("[data-testid=har-note]");
      await note.filter({ hasText: "Copied the cURL command." }).waitFor();
      assert.equal(await note.getAttribute("role"), "status");
      assert.equal(await note.textContent(), "Copied the cURL command.");
      assert.equal(await counts.textContent(), before);
    }, { clipboard: true }),
});
