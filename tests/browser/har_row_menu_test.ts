/**
 * A request row's context menu in Chromium, as a DevTools user reaches it:
 * a right-click on a row, or Shift+F10 and the ContextMenu key on the
 * list's row. Each copy is read from the clipboard and compared with what
 * the detail's own copy gives; the menu follows the WAI-ARIA menu pattern
 * (arrows, Home, End, Escape back to the row, Tab), leaves the list's
 * keys as they were, closes when its row is scrolled away, and passes the
 * axe audit open. Its row is marked while it is open, and "Open in new
 * tab" is a link to http(s) URLs alone, which only the user follows.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { BROWSER_TEST, withPage } from "../helpers/browser.ts";
import { loaded, openViewer, waitCount } from "../helpers/har_browser.ts";
import { copyAllHar } from "../helpers/har_copy_all.ts";
import { entry, har } from "../helpers/har_hostile.ts";
import { auditPage, THEMES } from "../helpers/a11y.ts";

const MENU = "[data-testid=har-row-menu]";

/** Loads `doc` and waits for its `n` rows. */
async function load(page: Page, doc: unknown, n: number) {
  await page.setInputFiles("[data-testid=har-file]", {
    name: "menu.har",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(doc)),
  });
  await loaded(page);
  await waitCount(page, n);
}

/** The copy-all fixture, and an image whose body is binary (entry 8). */
function menuHar(origin: string) {
  const doc = copyAllHar(`${origin}/api/debug/anything`) as {
    log: { entries: unknown[] };
  };
  const e = entry();
  doc.log.entries.push({
    ...e,
    startedDateTime: "2024-05-01T10:00:00.100Z",
    request: { ...(e.request as object), url: "https://img.test/a.png" },
    response: {
      ...(e.response as object),
      headers: [{ name: "Content-Type", value: "image/png" }],
      content: {
        size: 4,
        mimeType: "image/png",
        encoding: "base64",
        text: btoa("\x89PNG"),
      },
    },
  });
  return doc;
}

/** Opens entry `i`'s menu with a right-click and waits for its copies. */
async function rightClick(page: Page, i: number) {
  await page.click(`[data-testid=har-row][data-index='${i}']`, {
    button: "right",
  });
  await page.locator(`${MENU}[data-index='${i}']:not([aria-busy])`).waitFor();
}

/** Runs `act` and reads what it copied, once something is there. */
async function copied(page: Page, act: () => Promise<void>): Promise<string> {
  await page.evaluate(() => navigator.clipboard.writeText(""));
  await act();
  await page.waitForFunction(async () =>
    (await navigator.clipboard.readText()) !== ""
  );
  return await page.evaluate(() => navigator.clipboard.readText());
}

/** The item of `action` in the open menu. */
const item = (action: string) => `${MENU} [data-action=${action}]`;

/** The focused element's `data-action`, or its test id. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.dataset.action ?? el?.dataset.testid ?? "";
  });
}

Deno.test({
  name:
    "browser har row menu: a right-click offers DevTools' copies, each the detail's own (URL, cURL, fetch, Python), the headers as Name: value lines and the response decoded",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      await load(page, menuHar(server.origin), 9);
      await rightClick(page, 1);
      assert.deepEqual(
        await page.locator(`${MENU} [role=menuitem]`).evaluateAll((els) =>
          els.map((e) => (e as HTMLElement).dataset.action)
        ),
        [
          "copy-url",
          "copy-curl",
          "copy-fetch",
          "copy-python",
          "copy-request-headers",
          "copy-response-headers",
          "copy-response",
          "copy-all-curl",
          "copy-all-fetch",
          "open-tab",
        ],
      );
      assert.equal(await focused(page), "copy-url");
      // The menu's copies, then the detail's of the same row.
      const fromMenu: Record<string, string> = {};
      for (const a of ["url", "curl", "fetch", "python"]) {
        await rightClick(page, 1);
        fromMenu[a] = await copied(page, () => page.click(item(`copy-${a}`)));
        assert.equal(await page.locator(MENU).count(), 0, a);
      }
      await page.click("[data-testid=har-row][data-index='1']");
      await page.locator("[data-testid=har-detail][data-index='1']").waitFor();
      const detail: Record<string, string> = {
        url: await copied(
          page,
          () => page.click(".har-detail-actions button:text('Copy URL')"),
        ),
      };
      for (const a of ["curl", "fetch", "python"]) {
        detail[a] = await copied(
          page,
          () => page.click(`[data-testid=har-copy-${a}]`),
        );
      }
      assert.deepEqual(fromMenu, detail);
      assert.equal(
        fromMenu.url,
        `${server.origin}/api/debug/anything/a?x=1&x=2&y=%7E`,
      );
      assert.match(fromMenu.curl, /^curl /);
      // The texts come from the worker on the pick; the note says which.
      const cases: [number, string, string, string][] = [
        [
          1,
          "copy-request-headers",
          "Accept: application/json\nAccept-Encoding: gzip, br\nX-Latin: café",
          "request headers",
        ],
        [
          1,
          "copy-response-headers",
          "Content-Type: text/plain",
          "response headers",
        ],
        [1, "copy-response", "hello", "response body"],
        // A data: URL: no command, but its response.
        [3, "copy-response", "hello", "response body"],
      ];
      const note = page.locator("[data-testid=har-note]");
      for (const [i, action, want, what] of cases) {
        await rightClick(page, i);
        assert.equal(
          await copied(page, () => page.click(item(action))),
          want,
          `${i} ${action}`,
        );
        await note.filter({ hasText: `Copied the ${what}.` }).waitFor();
      }
      // Copy all listed: the buttons' own copy.
      await rightClick(page, 1);
      const all = await copied(page, () => page.click(item("copy-all-fetch")));
      assert.equal(
        all,
        await copied(
          page,
          () => page.click("[data-testid=har-copy-all-fetch]"),
        ),
      );
    }, { clipboard: true }),
});

Deno.test({
  name:
    "browser har row menu: items that cannot apply are disabled with the detail's reason (CONNECT, a data: URL for cURL, a binary response) and copy nothing",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      await load(page, menuHar(server.origin), 9);
      const cases: [number, string, RegExp][] = [
        [2, "copy-curl", /^A CONNECT request asks a proxy for a tunnel/],
        [2, "copy-python", /^A CONNECT request/],
        [3, "copy-curl", /^A data: URL is read by the browser itself/],
        [
          8,
          "copy-response",
          /^The response body is binary \(image\/png, 4 B\)/,
        ],
      ];
      for (const [i, action, why] of cases) {
        await rightClick(page, i);
        const el = page.locator(item(action));
        assert.equal(await el.getAttribute("aria-disabled"), "true", action);
        assert.match(String(await el.getAttribute("title")), why, action);
        const title = await el.getAttribute("title");
        // The detail says the same of its own button.
        if (action !== "copy-response") {
          await page.keyboard.press("Escape");
          await page.click(`[data-testid=har-row][data-index='${i}']`);
          await page.locator(`[data-testid=har-detail][data-index='${i}']`)
            .waitFor();
          const button = action.replace("copy-", "har-copy-");
          assert.ok(await page.isDisabled(`[data-testid=${button}]`), button);
          assert.equal(
            await page.getAttribute(`[data-testid=${button}]`, "title"),
            title,
          );
          await rightClick(page, i);
        }
        await page.evaluate(() => navigator.clipboard.writeText("unchanged"));
        // Forced: Playwright does not click what says it is disabled.
        await page.click(item(action), { force: true });
        // Still open: a disabled item does nothing.
        await page.locator(MENU).waitFor();
        assert.equal(
          await page.evaluate(() => navigator.clipboard.readText()),
          "unchanged",
        );
        await page.keyboard.press("Escape");
      }
    }, { clipboard: true }),
});

Deno.test({
  name:
    "browser har row menu: Shift+F10 and the ContextMenu key open the cursor row's menu; arrows, Home, End move in it; Escape and Tab give the row back and the list's keys still work",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      await load(page, menuHar(server.origin), 9);
      await page.focus("[data-testid=har-list]");
      const active = () =>
        page.getAttribute("[data-testid=har-list]", "aria-activedescendant");
      const first = await active();
      await page.keyboard.press("ArrowDown");
      const row = String(await active());
      assert.notEqual(row, first);
      const index = row.replace("har-row-", "");
      await page.keyboard.press("Shift+F10");
      await page.locator(`${MENU}[data-index='${index}']`).waitFor();
      assert.equal(await focused(page), "copy-url");
      const moves: [string, string][] = [
        ["ArrowDown", "copy-curl"],
        ["ArrowDown", "copy-fetch"],
        ["ArrowUp", "copy-curl"],
        ["End", "open-tab"],
        ["ArrowDown", "copy-url"],
        ["ArrowUp", "open-tab"],
        ["ArrowUp", "copy-all-fetch"],
        ["Home", "copy-url"],
      ];
      for (const [key, want] of moves) {
        await page.keyboard.press(key);
        assert.equal(await focused(page), want, key);
      }
      // Escape closes the menu only: no detail was open, none closes, and
      // the focus is back on the list, on the row.
      await page.keyboard.press("Escape");
      assert.equal(await page.locator(MENU).count(), 0);
      assert.equal(await focused(page), "har-list");
      assert.equal(await active(), row);
      // The list's keys as before: Down moves, Enter opens.
      await page.keyboard.press("ArrowDown");
      const next = String(await active());
      assert.notEqual(next, row);
      // The ContextMenu key; Tab closes and goes on from the list.
      await page.keyboard.press("ContextMenu");
      const nextIndex = next.replace("har-row-", "");
      await page.locator(`${MENU}[data-index='${nextIndex}']`).waitFor();
      await page.keyboard.press("Tab");
      assert.equal(await page.locator(MENU).count(), 0);
      assert.notEqual(await focused(page), "copy-url");
      // Enter on an item copies, as a click does.
      await page.focus("[data-testid=har-list]");
      await page.keyboard.press("Shift+F10");
      await page.locator(`${MENU}[data-index='${nextIndex}']:not([aria-busy])`)
        .waitFor();
      const url = await copied(page, () => page.keyboard.press("Enter"));
      assert.match(url, /^https?:|^data:/);
      assert.equal(await focused(page), "har-list");
      await page.keyboard.press("Enter");
      await page.locator(`[data-testid=har-detail][data-index='${nextIndex}']`)
        .waitFor();
      // With the detail open, the menu's Escape leaves it open.
      await page.focus("[data-testid=har-list]");
      await page.keyboard.press("Shift+F10");
      await page.locator(MENU).waitFor();
      await page.keyboard.press("Escape");
      assert.equal(await page.locator(MENU).count(), 0);
      await page.locator(`[data-testid=har-detail][data-index='${nextIndex}']`)
        .waitFor();
    }, { clipboard: true }),
});

/** The row whose menu is marked open, as indexes (one, or none). */
function marked(page: Page): Promise<string[]> {
  return page.locator("[data-testid=har-row][data-menu-open]").evaluateAll((
    els,
  ) => els.map((e) => (e as HTMLElement).dataset.index ?? ""));
}

Deno.test({
  name:
    "browser har row menu: the row of the open menu is marked (and outlined in forced colours) until it closes",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      await load(page, menuHar(server.origin), 9);
      assert.deepEqual(await marked(page), []);
      /** The entry index of the list's `k`th row (1-based). */
      const listed = async (k: number) =>
        String(
          await page.getAttribute(
            `[data-testid=har-row][aria-posinset='${k}']`,
            "data-index",
          ),
        );
      const [first, third] = [await listed(1), await listed(3)];
      await rightClick(page, Number(third));
      assert.deepEqual(await marked(page), [third]);
      const ring = () =>
        page.locator(`[data-testid=har-row][data-index='${third}']`).evaluate(
          (el) => getComputedStyle(el).outlineStyle,
        );
      assert.equal(await ring(), "dashed");
      // Another row's menu (one above: the menu covers the rows under it)
      // moves the mark.
      await rightClick(page, Number(first));
      assert.deepEqual(await marked(page), [first]);
      await page.keyboard.press("Escape");
      assert.deepEqual(await marked(page), []);
      // Shown where the system replaces every colour, too.
      await page.emulateMedia({ forcedColors: "active" });
      await rightClick(page, Number(third));
      assert.equal(await ring(), "dashed");
      const colors = await page.locator(
        `[data-testid=har-row][data-index='${third}']`,
      ).evaluate((el) => {
        const s = getComputedStyle(el);
        return [s.outlineColor, s.backgroundColor];
      });
      assert.notEqual(colors[0], colors[1], "the ring shows on the row");
      // A pick closes it: the mark goes.
      await page.click(item("copy-url"));
      assert.deepEqual(await marked(page), []);
    }, { clipboard: true }),
});

Deno.test({
  name:
    "browser har row menu: Open in new tab is a link the user follows (a click, Enter or Space) to an http(s) URL, with no opener and no referrer",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      await load(page, menuHar(server.origin), 9);
      const url = `${server.origin}/api/debug/anything/a?x=1&x=2&y=%7E`;
      const context = page.context();
      await rightClick(page, 1);
      const link = page.locator(item("open-tab"));
      assert.deepEqual(
        await link.evaluate((el) => [
          el.tagName,
          el.getAttribute("href"),
          el.getAttribute("target"),
          el.getAttribute("rel"),
          el.getAttribute("aria-disabled"),
        ]),
        ["A", url, "_blank", "noopener noreferrer", null],
      );
      const opens: [string, () => Promise<void>][] = [
        ["a click", () => link.click()],
        ["Space", async () => {
          await page.keyboard.press("End");
          assert.equal(await focused(page), "open-tab");
          await page.keyboard.press(" ");
        }],
        ["Enter", async () => {
          await page.keyboard.press("End");
          await page.keyboard.press("Enter");
        }],
      ];
      for (const [how, act] of opens) {
        if (how !== "a click") {
          await page.focus("[data-testid=har-list]");
          await page.keyboard.press("Shift+F10");
          await page.locator(`${MENU}:not([aria-busy])`).waitFor();
        }
        const [tab] = await Promise.all([context.waitForEvent("page"), act()]);
        try {
          await tab.waitForLoadState();
          assert.equal(tab.url(), url, how);
          const seen = await tab.evaluate(() => ({
            opener: globalThis.opener === null,
            referrer: document.referrer,
            // The echo endpoint's own record of the request it got.
            headers: JSON.parse(document.body.innerText).headers,
          }));
          assert.equal(seen.opener, true, how);
          assert.equal(seen.referrer, "", how);
          assert.equal(
            Object.keys(seen.headers).some((h) => /^referer$/i.test(h)),
            false,
            how,
          );
          assert.equal(await page.locator(MENU).count(), 0, how);
        } finally {
          await tab.close();
        }
      }
    }),
});

Deno.test({
  name:
    "browser har row menu: Open in new tab is disabled, with no link and why, for data:, blob:, javascript: and other schemes",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      const urls = [
        "data:text/html,<script>alert(1)</script>",
        `blob:${server.origin}/6c1d2b9e-1111-4e2a-9c1d-000000000000`,
        "javascript:alert(document.domain)",
        "JavaScript://x.test/%0aalert(1)",
        "vbscript:msgbox(1)",
        "file:///etc/passwd",
        "ftp://files.test/a.txt",
        "wss://socket.test/live",
        "about:blank",
      ];
      const t0 = Date.parse("2024-01-01T00:00:00Z");
      await load(
        page,
        har(urls.map((url, i) => {
          const e = entry();
          return {
            ...e,
            startedDateTime: new Date(t0 + i * 10).toISOString(),
            request: { ...(e.request as object), url },
          };
        })),
        urls.length,
      );
      const context = page.context();
      let opened = 0;
      const count = () => opened++;
      context.on("page", count);
      try {
        for (const [i, url] of urls.entries()) {
          await rightClick(page, i);
          const el = page.locator(item("open-tab"));
          const scheme = url.slice(0, url.indexOf(":")).toLowerCase();
          assert.equal(await el.getAttribute("aria-disabled"), "true", url);
          assert.equal(await el.getAttribute("href"), null, url);
          assert.equal(await el.getAttribute("target"), null, url);
          assert.match(
            String(await el.getAttribute("title")),
            new RegExp(`scheme is ${scheme}\\.$`),
            url,
          );
          // Neither a click nor a key follows it, and the menu stays.
          await el.click({ force: true });
          await page.keyboard.press("End");
          await page.keyboard.press(" ");
          await page.keyboard.press("Enter");
          await page.locator(MENU).waitFor();
          await page.keyboard.press("Escape");
        }
        // A new tab would have come by now.
        await page.waitForTimeout(200);
        assert.equal(opened, 0);
      } finally {
        context.off("page", count);
      }
    }),
});

Deno.test({
  name:
    "browser har row menu: the first item has the focus in the task that shows the menu, so a key pressed at once moves in the menu, not the list",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      await load(page, menuHar(server.origin), 9);
      await page.focus("[data-testid=har-list]");
      // The key and a look a task later, before any frame is painted.
      const seen = await page.evaluate(async () => {
        const list = document.querySelector("[data-testid=har-list]")!;
        list.dispatchEvent(
          new KeyboardEvent("keydown", {
            key: "F10",
            shiftKey: true,
            bubbles: true,
            cancelable: true,
          }),
        );
        await new Promise((r) => setTimeout(r, 0));
        const el = document.activeElement as HTMLElement | null;
        return {
          menu: !!document.querySelector("[data-testid=har-row-menu]"),
          focused: el?.dataset.action ?? el?.dataset.testid ?? "",
        };
      });
      assert.deepEqual(seen, { menu: true, focused: "copy-url" });
    }),
});

Deno.test({
  name:
    "browser har row menu: a menu whose row is scrolled out of the virtual list closes; one whose row stays in view does not",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      const t0 = Date.parse("2024-01-01T00:00:00Z");
      const doc = har(Array.from({ length: 400 }, (_, i) => {
        const e = entry();
        return {
          ...e,
          startedDateTime: new Date(t0 + i * 10).toISOString(),
          request: {
            ...(e.request as object),
            url: `https://example.test/items/${i}`,
          },
        };
      }));
      await load(page, doc, 400);
      await rightClick(page, 0);
      const scroll = (to: number) =>
        page.evaluate((y) => {
          document.querySelector(".har-scroller")!.scrollTop = y;
        }, to);
      await scroll(2);
      await page.waitForTimeout(100);
      assert.equal(await page.locator(MENU).count(), 1, "row still in view");
      await scroll(8000);
      await page.waitForFunction(() =>
        !document.querySelector("[data-testid=har-row-menu]")
      );
      assert.equal(
        await page.locator("[data-testid=har-row][data-index='0']").count(),
        0,
      );
    }),
});

Deno.test({
  name: "a11y /har: a row's context menu open, light and dark",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      await load(page, menuHar(server.origin), 9);
      // A menu with disabled items (a CONNECT) as well as enabled ones.
      await rightClick(page, 2);
      await auditPage(page, "/har, a row menu open", {
        // The system's themes: pinning one would click the toggle, and a
        // click outside closes the menu.
        themes: THEMES.filter((t) => t.toggle === "auto"),
      });
      assert.equal(await page.locator(MENU).count(), 1);
      // A data: URL's: "Open in new tab" a disabled link, with no href.
      await page.keyboard.press("Escape");
      await rightClick(page, 3);
      assert.equal(
        await page.getAttribute(item("open-tab"), "aria-disabled"),
        "true",
      );
      await auditPage(page, "/har, a row menu open on a data: URL", {
        themes: THEMES.filter((t) => t.toggle === "auto"),
      });
    }),
});
