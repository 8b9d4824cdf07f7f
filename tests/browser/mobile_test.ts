/**
 * Each tool on a phone, as DevTools' device mode shows it (touch, a coarse
 * pointer without hover, a device pixel ratio of 3): what a tap does and
 * what a small screen leaves of the layout.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { BROWSER_TEST, gotoHydrated, withPage } from "../helpers/browser.ts";
import {
  loaded as harLoaded,
  openViewer,
  paste as harPaste,
  pick as harPick,
} from "../helpers/har_browser.ts";
import { harDoc } from "../helpers/har_doc.ts";
import {
  HTTP_ERRORS,
  resultStatus,
  runner,
} from "../helpers/runner_browser.ts";
import {
  fixturePath,
  openCompare,
  pick as comparePick,
  waitCompared,
} from "./compare_page.ts";

/** An iPhone 12-15's viewport, the most common phone one. */
const PHONE = { width: 390, height: 844 };
/** The narrowest common phone's. */
const SMALL_PHONE = { width: 360, height: 740 };

/**
 * Fields shown whose text is under 16 px, with their size: iOS Safari
 * zooms the page into such a field as it takes focus (Chromium does not,
 * so the computed size is what a test can see).
 */
function smallFields(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("input, select, textarea")]
      .filter((e) => {
        const type = (e as HTMLInputElement).type;
        return !["checkbox", "radio", "file", "hidden"].includes(type) &&
          e.getBoundingClientRect().width > 0;
      })
      .map((e) =>
        `${e.getAttribute("data-testid") || e.className || e.tagName} ${
          getComputedStyle(e).fontSize
        }`
      )
      .filter((s) => parseFloat(s.split(" ").pop()!) < 16)
  );
}

/** The page's width past the window's, 0 when it does not scroll sideways. */
function sideways(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
}

/** Taps the middle of `selector`'s first match, scrolled into view. */
async function tap(page: Page, selector: string): Promise<void> {
  const el = page.locator(selector).first();
  await el.scrollIntoViewIfNeeded();
  const box = (await el.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/**
 * `/spec` with the long operation pasted and its row tapped open; the open
 * row's selector.
 */
async function openLongOperation(page: Page, origin: string) {
  await gotoHydrated(page, origin, "/spec");
  await page.fill("[data-testid=spec-input]", longOperation());
  const row =
    `[data-testid=endpoint-row][data-path='${LONG_PATH}'] .sv-row-main`;
  await tap(page, row);
  await page.locator("[data-testid=operation-detail]").waitFor();
  return row;
}

/**
 * Far into the open detail, then the page scrolled to its end (to what
 * follows the list): the list's top goes under the pinned toolbar.
 */
async function scrollPastList(page: Page) {
  await page.locator(".sv-list").evaluate((l) => l.scrollBy(0, 2500));
  await page.evaluate(async () => {
    scrollTo(0, document.documentElement.scrollHeight);
    for (let i = 0; i < 2; i++) {
      await new Promise((r) => requestAnimationFrame(r));
    }
  });
}

Deno.test({
  name:
    "browser mobile: compare on a phone lists a group's heading on one line, not under 60 px of nothing, its path and count whole, and its fields zoom no page",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openCompare(page, server.origin);
      await comparePick(page, "base", fixturePath("pets-v1.yaml"));
      await comparePick(page, "revision", fixturePath("pets-v2.yaml"));
      await waitCompared(page);
      const heads = await page.evaluate(() =>
        [...document.querySelectorAll("[data-testid=change-group]")].map(
          (g) => {
            const h = g.querySelector("h3")!.getBoundingClientRect();
            const r = g.getBoundingClientRect();
            return { key: g.getAttribute("data-key"), over: h.top - r.top };
          },
        )
      );
      assert.ok(heads.length >= 3, `${heads.length} groups`);
      for (const { key, over } of heads) {
        assert.ok(over < 16, `${key}: ${over} px over its heading`);
      }
      // A short path leaves its count whole, "and 2 more operations" giving
      // way first (a path kept 8ch wide had cut "1 change" to "1 ch…").
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll(".cmp-group-path, .cmp-group-n")]
          .filter((e) => e.scrollWidth > e.clientWidth)
          .map((e) => e.textContent)
      );
      assert.deepEqual(cut, []);
      // Each row starts where the item above it ends: nothing overlaps.
      const overlaps = await page.evaluate(() => {
        const items = [...document.querySelectorAll(".cmp-item")]
          .map((e) => e.getBoundingClientRect())
          .sort((a, b) => a.top - b.top);
        return items.slice(1).filter((r, i) =>
          Math.abs(r.top - items[i].bottom) > 1
        ).length;
      });
      assert.equal(overlaps, 0, "items overlap or leave a gap");
      // A row tapped opens, and the row below moves under its detail.
      await tap(page, "[data-testid=change-row] .cmp-row-main");
      await page.locator(".cmp-detail").waitFor();
      // The list lays its items out again in the frame after the detail
      // comes (it measures the detail first): wait for that frame, bounded.
      const gap = () =>
        page.evaluate(() => {
          const d = document.querySelector(".cmp-detail")!
            .getBoundingClientRect();
          const next = document.querySelectorAll(".cmp-item")[2]
            .getBoundingClientRect();
          return next.top - d.bottom;
        });
      let under = await gap();
      for (const end = Date.now() + 5000; under < -1 && Date.now() < end;) {
        await page.waitForTimeout(50);
        under = await gap();
      }
      assert.ok(under >= -1, `the next item is ${-under} px into the detail`);
      assert.deepEqual(await smallFields(page), []);
      assert.equal(await sideways(page), 0);
    }, { phone: PHONE }),
});

Deno.test({
  name:
    "browser mobile: the spec viewer's fields on a phone are 16 px (iOS zooms into smaller), a tapped row opens, and its copy buttons keep one line beside a note",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/spec");
      assert.deepEqual(await smallFields(page), [], "before a document");
      await page.setInputFiles(
        "[data-testid=spec-file]",
        new URL("../fixtures/openapi/detail-3.1.yaml", import.meta.url)
          .pathname,
      );
      await page.locator("[data-testid=endpoint-row]").first().waitFor();
      await tap(page, "[data-testid=endpoint-row] .sv-row-main");
      await page.locator("[data-testid=operation-detail]").waitFor();
      assert.ok(
        await page.locator("[data-testid=server-select]").count() > 0,
        "a server picker is shown",
      );
      assert.deepEqual(await smallFields(page), []);
      assert.equal(await sideways(page), 0);
      // An operation on a relative server has no fetch call, which a note
      // beside the copy buttons says: it goes under them, each one line.
      await tap(page, "[data-testid=endpoint-row] .sv-row-main"); // closes
      await tap(
        page,
        "[data-testid=endpoint-row][data-path='/pets'][data-method=get] .sv-row-main",
      );
      await page.locator("[data-testid=op-fetch-note]").waitFor();
      const heights = await page.evaluate(() =>
        ["op-curl", "op-fetch"].map((id) =>
          document.querySelector(`[data-testid=${id}]`)!
            .getBoundingClientRect().height
        )
      );
      for (const h of heights) {
        assert.ok(h < 48, `a copy button ${h} px tall: its words wrap`);
      }
    }, { phone: PHONE }),
});

/** A path and a summary longer than a phone's row. */
const LONG_PATH =
  "/stores/{storeId}/items/{itemId}/variants/{variantId}/prices";
const LONG_SUMMARY =
  "Create a price for a variant of an item, in the store's own currency";

/** A document of one operation whose detail is many screens long. */
function longOperation(): string {
  const properties = Object.fromEntries(
    Array.from({ length: 120 }, (_, i) => [
      `field_${i}`,
      { type: "string", description: `What field ${i} holds, in a sentence.` },
    ]),
  );
  return JSON.stringify({
    openapi: "3.1.0",
    info: { title: "Long", version: "1" },
    paths: {
      "/a": { get: { responses: { "200": { description: "OK" } } } },
      [LONG_PATH]: {
        post: {
          summary: LONG_SUMMARY,
          requestBody: {
            content: {
              "application/json": { schema: { type: "object", properties } },
            },
          },
          responses: { "201": { description: "Created" } },
        },
      },
    },
  });
}

Deno.test({
  name:
    "browser mobile: an open operation shows its path and summary whole, its row stays atop the list as its long detail scrolls, so a tap closes it, and focus stops below it",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const row = await openLongOperation(page, server.origin);
      // The row cuts its path and summary, and the path's title is seen
      // only by hovering: the open row shows them whole.
      const whole = await page.evaluate((texts) =>
        texts.map((t) =>
          [...document.querySelectorAll(".sv-row.is-open *")].some((e) =>
            e.textContent === t && e.checkVisibility() &&
            getComputedStyle(e).display !== "inline" &&
            e.scrollWidth <= e.clientWidth
          )
        ), [LONG_PATH, LONG_SUMMARY]);
      assert.deepEqual(whole, [true, true], "path, summary shown whole");
      // Far into the detail, as a reader's swipes take it.
      await page.locator(".sv-list").evaluate(async (l) => {
        l.scrollBy(0, 2500);
        for (let i = 0; i < 2; i++) {
          await new Promise((r) =>
            requestAnimationFrame(r)
          );
        }
      });
      const seen = () =>
        page.evaluate((sel) => {
          const list = document.querySelector(".sv-list")!;
          const b = document.querySelector(sel)!.getBoundingClientRect();
          const at = document.elementFromPoint(b.left + 20, b.top + 10);
          return {
            scrolled: list.scrollTop,
            onTop: !!at?.closest(".sv-row-main") &&
              b.top >= list.getBoundingClientRect().top,
            bottom: b.bottom,
          };
        }, row);
      const { scrolled, onTop } = await seen();
      assert.ok(scrolled > 2000, `the list scrolled ${scrolled} px`);
      assert.ok(onTop, "the open row is out of sight");
      // A tree row focused (arrow keys) where the row covers it, at the
      // top of the list's view, comes in below the row: the browser counts
      // it in view, and scrolls it only for the list's scroll padding.
      const hidden = await page.evaluate(async (sel) => {
        const list = document.querySelector(".sv-list")!;
        const items = [
          ...list.querySelectorAll<HTMLElement>("[role=treeitem]"),
        ];
        const it = items[Math.floor(items.length / 2)];
        const line = document.querySelector(sel)!.getBoundingClientRect();
        list.scrollTop += it.getBoundingClientRect().top - line.top - 4;
        await new Promise((r) => requestAnimationFrame(r));
        it.focus();
        await new Promise((r) => requestAnimationFrame(r));
        return document.querySelector(sel)!.getBoundingClientRect().bottom -
          it.getBoundingClientRect().top;
      }, row);
      assert.ok(hidden <= 1, `the focused tree row is ${hidden} px under it`);
      await page.locator(".sv-list").evaluate((l) => l.scrollBy(0, 2500));
      await page.waitForTimeout(100);
      const { bottom: at } = await seen();
      const box = (await page.locator(row).boundingBox())!;
      await page.touchscreen.tap(box.x + 40, at - box.height / 2);
      await page.locator("[data-testid=operation-detail]").waitFor({
        state: "detached",
      });
    }, { phone: PHONE }),
});

Deno.test({
  name:
    "browser mobile: the HAR viewer at 360 px: fields of 16 px, a tapped row's detail closes by a tap, column names whole and a sort arrow in view",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      await harPick(page, "mixed.har");
      await tap(page, "[data-testid=har-row]");
      await page.locator("[data-testid=har-detail] .har-detail-head")
        .waitFor();
      assert.deepEqual(await smallFields(page), []);
      assert.equal(await sideways(page), 0);
      await tap(page, ".har-close");
      await page.locator("[data-testid=har-detail] .har-detail-head")
        .waitFor({ state: "detached" });
      // The list's column names show whole, and a sorted one its arrow
      // (a name wider than its column had been cut at the edge, arrow too).
      const heads = () =>
        page.evaluate(() =>
          [...document.querySelectorAll(".har-head .har-col")]
            .filter((c) => c.clientWidth > 0 && c.querySelector("button"))
            .map((c) => {
              // What is seen of the column: its box less its padding.
              const style = getComputedStyle(c);
              const edge = c.getBoundingClientRect().right -
                parseFloat(style.paddingRight);
              const b = c.querySelector("button")!;
              const arrow = b.querySelector("[aria-hidden=true]");
              const name = document.createRange();
              name.selectNodeContents(arrow ? b.firstChild! : b);
              const out = (r: DOMRect) => r.right > edge + 0.01;
              return `${name.toString()}${arrow ? " sorted" : ""}: name ${
                out(name.getBoundingClientRect()) ? "cut" : "whole"
              }${
                arrow && out(arrow.getBoundingClientRect()) ? ", arrow cut" : ""
              }`;
            })
        );
      assert.deepEqual(await heads(), [
        "Status: name whole",
        "Method: name whole",
        "Domain and path: name whole",
        "Time: name whole",
      ]);
      await tap(page, ".har-sort-head[data-sort=status]");
      await page.locator(".har-sort-head[data-sort=status] [aria-hidden=true]")
        .waitFor();
      // Sorted, the name gives way to the arrow, with an ellipsis.
      assert.doesNotMatch((await heads()).join("\n"), /arrow cut/);
    }, { phone: SMALL_PHONE }),
});

Deno.test({
  name:
    "browser mobile: the debug runner's fields at 360 px are 16 px, and a tapped Send shows its result",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/debug");
      const r = runner(page, "anything");
      await tap(
        page,
        "[data-testid=runner][data-endpoint=anything] [data-testid=run]",
      );
      assert.match(await resultStatus(r), /^200/);
      assert.deepEqual([...new Set(await smallFields(page))], []);
      assert.equal(await sideways(page), 0);
    }, { phone: SMALL_PHONE, ...HTTP_ERRORS }),
});

/** Hints that name a key, each on its page once `ready` has run. */
const KEY_HINTS: {
  path: string;
  hint: string;
  ready?: (page: Page) => Promise<void>;
}[] = [
  { path: "/spec", hint: ".sv-keys" },
  {
    path: "/spec",
    hint: ".sv-kbd",
    ready: async (page) => {
      await page.fill("[data-testid=spec-input]", longOperation());
      await page.locator("[data-testid=endpoint-row]").first().waitFor();
    },
  },
  { path: "/debug", hint: "[data-endpoint=anything] .kbd-hint" },
];

/** Whether each of {@link KEY_HINTS} shows, on a phone or a desktop. */
async function keyHintsShown(phone: boolean): Promise<string[]> {
  const shown: string[] = [];
  await withPage(async ({ page, server }) => {
    for (const { path, hint, ready } of KEY_HINTS) {
      await gotoHydrated(page, server.origin, path);
      await ready?.(page);
      const el = page.locator(hint).first();
      await el.waitFor({ state: "attached" });
      shown.push(
        `${path} ${hint}: ${await el.isVisible() ? "shown" : "hidden"}`,
      );
    }
  }, phone ? { phone: PHONE } : {});
  return shown;
}

Deno.test({
  name:
    "browser mobile: hints that name a key ('/' to filter, Enter runs) are hidden on a touch screen, which has no key, and shown with a mouse",
  ...BROWSER_TEST,
  fn: async () => {
    const on = (s: string) => KEY_HINTS.map((h) => `${h.path} ${h.hint}: ${s}`);
    assert.deepEqual(await keyHintsShown(false), on("shown"));
    assert.deepEqual(await keyHintsShown(true), on("hidden"));
  },
});

Deno.test({
  name:
    "browser mobile: a long HAR detail keeps a line of its head (section links, close button) in view as the page scrolls through it, so a tap closes it from deep inside, and a section link's section comes in below it",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      // An entry of 80 headers each way: a detail many screens long.
      // One value is a token wider than the screen, which the panel no
      // longer clips now the page scrolls it.
      const headers = Array.from({ length: 80 }, (_, i) => ({
        name: `x-header-${i}`,
        value: i === 5 ? "t".repeat(400) : `value ${i}`,
      }));
      await harPaste(
        page,
        JSON.stringify(harDoc([{
          requestHeaders: headers,
          responseHeaders: headers,
        }])),
      );
      await harLoaded(page);
      await tap(page, "[data-testid=har-row]");
      const close = page.locator("[data-testid=har-detail] .har-close");
      await close.waitFor();
      const deep = await page.evaluate(async () => {
        const d = document.querySelector("[data-testid=har-detail]")!;
        scrollTo(0, scrollY + d.getBoundingClientRect().bottom - innerHeight);
        await new Promise((r) => requestAnimationFrame(r));
        return d.getBoundingClientRect().height / innerHeight;
      });
      assert.ok(deep > 3, `the detail is ${deep} screens long`);
      assert.equal(await sideways(page), 0);
      // What stays of the head is one line: its section links and the
      // close button, not a third of the screen.
      const head = () =>
        page.locator(".har-detail-head").evaluate((h) =>
          h.getBoundingClientRect().bottom
        );
      const kept = await head();
      assert.ok(kept > 0 && kept <= 48, `${kept} px of the head kept`);
      // A section link tapped there brings its section in below the head.
      await tap(page, ".har-jump a[href='#har-sec-request-headers']");
      const summary = page.locator("#har-sec-request-headers > summary");
      await page.waitForFunction(() =>
        document.activeElement?.matches("#har-sec-request-headers > summary")
      );
      const { y } = (await summary.boundingBox())!;
      assert.ok(
        y >= await head() - 0.5,
        `the section is under the head (${y})`,
      );
      const box = (await close.boundingBox())!;
      assert.ok(
        box.y >= 0 && box.y + box.height <= kept + 0.5,
        `the close button is at ${box.y} px`,
      );
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await page.locator("[data-testid=har-detail]").waitFor({
        state: "detached",
      });
    }, { phone: SMALL_PHONE }),
});

Deno.test({
  name:
    "browser mobile: an open operation's pinned row sits below the toolbar pinned over the list when the page is scrolled past the list's top, where a tap on it closes the detail",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const row = await openLongOperation(page, server.origin);
      await scrollPastList(page);
      const boxes = await page.evaluate((sel) =>
        [".sv-toolbar", ".sv-list", sel].map((s) => {
          const { top, bottom } = document.querySelector(s)!
            .getBoundingClientRect();
          return { top, bottom };
        }), row);
      const [bar, list, line] = boxes;
      assert.ok(
        list.top < bar.bottom - 40,
        `list ${list.top}, bar ${bar.bottom}`,
      );
      assert.ok(
        line.top >= bar.bottom - 0.5 && line.bottom <= list.bottom + 0.5,
        `the row (${line.top}-${line.bottom}) is under the toolbar (${bar.top}-${bar.bottom})`,
      );
      const box = (await page.locator(row).boundingBox())!;
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await page.locator("[data-testid=operation-detail]").waitFor({
        state: "detached",
      });
    }, { phone: PHONE }),
});

Deno.test({
  name:
    "browser mobile: with the page scrolled past the list's top, what keyboard focus moves to in the detail stops below the row pushed under the toolbar",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const row = await openLongOperation(page, server.origin);
      await scrollPastList(page);
      // A keyboard paired with the phone: the tree row above the one the
      // pushed row covers (out of sight), then the arrow down to it.
      const at = await page.evaluate((sel) => {
        const list = document.querySelector(".sv-list")!;
        const items = [
          ...list.querySelectorAll<HTMLElement>("[role=treeitem]"),
        ];
        const i = Math.floor(items.length / 2);
        const line = document.querySelector(sel)!.getBoundingClientRect();
        list.scrollTop += items[i].getBoundingClientRect().top - line.top -
          4;
        items[i - 1].focus({ preventScroll: true });
        return items[i].getAttribute("data-path") ?? String(i);
      }, row);
      await page.keyboard.press("ArrowDown");
      await page.evaluate(() =>
        new Promise((r) =>
          requestAnimationFrame(() => requestAnimationFrame(r))
        )
      );
      const { bar, line, focused, path } = await page.evaluate((sel) => {
        const rect = (e: Element) => {
          const { top, bottom } = e.getBoundingClientRect();
          return { top, bottom };
        };
        const f = document.activeElement!;
        return {
          bar: rect(document.querySelector(".sv-toolbar")!),
          line: rect(document.querySelector(sel)!),
          focused: rect(f),
          path: f.getAttribute("data-path"),
        };
      }, row);
      assert.equal(path, at, "the arrow moved focus to the next tree row");
      assert.ok(
        line.top >= bar.bottom - 0.5,
        `the row (${line.top}) is under the toolbar (${bar.bottom})`,
      );
      assert.ok(
        focused.top >= line.bottom - 1,
        `the focused tree row (${focused.top}) is under the row (${line.top}-${line.bottom})`,
      );
    }, { phone: PHONE }),
});

Deno.test({
  name:
    "browser mobile: an open change's row on compare stays atop the list as its detail, taller than the list's view, scrolls, so a tap closes it",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openCompare(page, server.origin);
      await comparePick(page, "base", fixturePath("pets-v1.yaml"));
      await comparePick(page, "revision", fixturePath("pets-v2.yaml"));
      await waitCompared(page);
      const row = "[data-testid=change-row] .cmp-row-main";
      await tap(page, row);
      await page.locator(".cmp-detail").waitFor();
      // The list scrolled to the detail's end, as a reader's swipes take it.
      const { over, scrolled } = await page.locator(".cmp-list").evaluate(
        async (l) => {
          const detail = l.querySelector(".cmp-detail")!;
          l.scrollTop += detail.getBoundingClientRect().bottom -
            l.getBoundingClientRect().bottom;
          for (let i = 0; i < 2; i++) {
            await new Promise((r) => requestAnimationFrame(r));
          }
          return {
            over: detail.getBoundingClientRect().height - l.clientHeight,
            scrolled: l.scrollTop,
          };
        },
      );
      assert.ok(over > 0, `the detail is ${-over} px shorter than the view`);
      assert.ok(scrolled > 0, "the list did not scroll");
      const box = (await page.locator(row).first().boundingBox())!;
      const top = await page.locator(".cmp-list").evaluate((l) =>
        l.getBoundingClientRect().top + l.clientTop
      );
      assert.ok(
        Math.abs(box.y - top) <= 1,
        `the open row is at ${box.y} px, the list's view at ${top}`,
      );
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await page.locator(".cmp-detail").waitFor({ state: "detached" });
    }, { phone: SMALL_PHONE }),
});
