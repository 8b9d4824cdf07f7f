/**
 * A spec that replaces another in /spec: nothing of the old one's state
 * shows under the new one's rows. Real Chromium, real server.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { BROWSER_TEST, gotoHydrated, withPage } from "../helpers/browser.ts";
import { loadSpec } from "../helpers/spec_open.ts";

/** A spec with one webhook and one callback, both described as `who`'s. */
function withExtras(who: string): string {
  const op = `{summary: Event, description: Sent by ${who}., ` +
    `responses: {'200': {description: ok}}}`;
  return `openapi: 3.1.0
info: {title: ${who}, version: '1'}
paths:
  /subscribe:
    post:
      responses: {'200': {description: ok}}
      callbacks:
        onEvent:
          '{$request.body#/url}':
            post: ${op}
webhooks:
  newThing:
    post: ${op}
`;
}

/** What each webhook and callback row shows: open or not, and its detail. */
function extras(page: Page) {
  return page.$$eval(
    "[data-testid=webhook-row], [data-testid=callback-row]",
    (els) =>
      els.map((li) => ({
        row: li.getAttribute("data-testid"),
        open: li.querySelector("details")!.open,
        detail: /Sent by [AB](?=\.)/.exec(
          li.querySelector("[data-testid=operation-detail]")?.textContent ??
            "",
        )?.[0] ?? null,
      })),
  );
}

Deno.test({
  name:
    "browser spec: an opened webhook or callback does not show the spec before's detail under the new spec",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/spec");
      await loadSpec(page, "a.yaml", withExtras("A"));
      await page.click("[data-testid=webhook-row] summary");
      await page.click("[data-testid=callback-row] summary");
      await page.waitForFunction(() =>
        document.querySelectorAll(
          "[data-testid=operation-detail]",
        ).length === 2
      );
      assert.deepEqual(await extras(page), [
        { row: "webhook-row", open: true, detail: "Sent by A" },
        { row: "callback-row", open: true, detail: "Sent by A" },
      ]);
      // The same webhook and callback in another spec start closed, and
      // open into that spec's detail.
      await loadSpec(page, "b.yaml", withExtras("B"));
      assert.deepEqual(await extras(page), [
        { row: "webhook-row", open: false, detail: null },
        { row: "callback-row", open: false, detail: null },
      ]);
      await page.click("[data-testid=callback-row] summary");
      await page.locator(
        "[data-testid=callback-row] [data-testid=operation-detail]",
      ).waitFor();
      assert.equal((await extras(page))[1].detail, "Sent by B");
    }),
});

Deno.test({
  name:
    "browser spec: a file picked over another clears the old one's title, count and rows at once; typing keeps the list until the new one comes",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/spec");
      await loadSpec(page, "a.yaml", withExtras("A"));
      // What the page shows just after the pick: nothing of A.
      await page.$eval("[data-testid=spec-file]", (input) => {
        const w = globalThis as unknown as { __seen?: string[] };
        input.addEventListener("change", () =>
          setTimeout(() => {
            w.__seen = [
              ...document.querySelectorAll(
                "[data-testid=spec-title], [data-testid=spec-count], [data-testid=endpoint-row]",
              ),
            ].map((e) => e.textContent ?? "");
          }, 0), { once: true });
      });
      await loadSpec(page, "b.yaml", withExtras("B"));
      // Nothing, or (on a busy machine, the new file read already) B.
      const seen = await page.evaluate(() =>
        (globalThis as unknown as { __seen?: string[] }).__seen
      );
      assert.ok(seen?.length === 0 || seen?.[0] === "B", `${seen}`);
      assert.equal(await page.textContent("[data-testid=spec-title]"), "B");
      // A keystroke in the box re-reads, the list staying meanwhile.
      await page.$eval("[data-testid=spec-input]", (el) => {
        const ta = el as HTMLTextAreaElement;
        const w = globalThis as unknown as { __typed?: string | null };
        ta.value = ta.value.replace("title: B", "title: C");
        ta.dispatchEvent(new InputEvent("input", { bubbles: true }));
        setTimeout(() => {
          w.__typed = document.querySelector("[data-testid=spec-title]")
            ?.textContent ?? null;
        }, 0);
      });
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=spec-title]")?.textContent === "C"
      );
      assert.equal(
        await page.evaluate(() =>
          (globalThis as unknown as { __typed?: string | null }).__typed
        ),
        "B",
      );
    }),
});
