/**
 * Working with a loaded spec in /spec: filter (with highlights, method
 * terms, chips), keyboard (`/`, arrows, Enter, Escape), copy, and the URL
 * fragment that keeps filter and selection across a reload.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { BROWSER_TEST, gotoHydrated, withPage } from "../helpers/browser.ts";
import { typedThenSaidOnce } from "../helpers/a11y.ts";
import { loadSpec, specStored } from "../helpers/spec_open.ts";
import { bigSpec } from "../fixtures/openapi/generate.ts";

const FIX = new URL("../fixtures/openapi/", import.meta.url);

async function open(page: Page, origin: string, fixture = "mini-3.2.yaml") {
  await gotoHydrated(page, origin, "/spec");
  await page.setInputFiles(
    "[data-testid=spec-file]",
    new URL(fixture, FIX).pathname,
  );
  await page.waitForSelector("[data-testid=endpoint-row]");
}

const listed = (page: Page) =>
  page.getAttribute("[data-testid=endpoint-list]", "data-count");
const rows = (page: Page) =>
  page.$$eval(
    "[data-testid=endpoint-row]",
    (els) =>
      els.map((e) =>
        `${e.getAttribute("data-method")} ${e.getAttribute("data-path")}`
      ),
  );

Deno.test({
  name: "browser spec: the filter follows the contract and highlights matches",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await open(page, server.origin);
      const cases: [string, string[]][] = [
        ["get", ["get /a", "get /b/{id}", "get /c/{cid}"]],
        ["GET bees", ["get /b/{id}"]],
        ["query", ["query /b/{id}"]],
        ["copy", ["copy /b/{id}"]],
        ["purgeb", ["purge /b/{id}"]],
        ["alpha", ["get /a"]],
        ["nothing-like-this", []],
      ];
      for (const [q, want] of cases) {
        await page.fill("[data-testid=spec-filter]", q);
        await page.waitForFunction(
          (n) =>
            document.querySelector("[data-testid=endpoint-list]")?.getAttribute(
              "data-count",
            ) === n,
          String(want.length),
        );
        assert.deepEqual(await rows(page), want, q);
      }
      await page.fill("[data-testid=spec-filter]", "bee");
      await page.waitForFunction(() =>
        document.querySelectorAll("[data-testid=endpoint-row] mark").length > 0
      );
      assert.equal(
        await page.textContent("[data-testid=endpoint-row] .sv-tag mark"),
        "Bee",
      );
      // A tag chip filters by that tag; clicking it again removes it.
      await page.fill("[data-testid=spec-filter]", "");
      // A path cut at a narrow width has its whole text as a title.
      assert.equal(
        await page.locator(
          "[data-testid=endpoint-row][data-path='/b/{id}'] .sv-path",
        ).first().getAttribute("title"),
        "/b/{id}",
      );
      const alpha = "[data-testid=endpoint-row] .sv-tag >> text=Alpha";
      await page.click(alpha);
      assert.equal(
        await page.inputValue("[data-testid=spec-filter]"),
        "tag:Alpha",
      );
      assert.equal(await listed(page), "1");
      assert.equal(await page.getAttribute(alpha, "aria-pressed"), "true");
      // Focus on the filter that holds the term (the chip's row may go).
      assert.equal(
        await page.evaluate(() =>
          document.activeElement?.getAttribute("data-testid")
        ),
        "spec-filter",
      );
      await page.click(alpha);
      assert.equal(await page.inputValue("[data-testid=spec-filter]"), "");
      assert.equal(await listed(page), "14");
      // A method chip toggles that method term.
      await page.fill("[data-testid=spec-filter]", "");
      await page.click(".sv-method-chip[data-method=get]");
      assert.equal(await page.inputValue("[data-testid=spec-filter]"), "get");
      assert.equal(await listed(page), "3");
      await page.click(".sv-method-chip[data-method=get]");
      assert.equal(await page.inputValue("[data-testid=spec-filter]"), "");
      assert.equal(await listed(page), "14");
    }),
});

Deno.test({
  name:
    "browser spec: keyboard — / focuses the filter, arrows move, Enter expands, Escape returns",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await open(page, server.origin);
      await page.click("h1");
      await page.keyboard.press("/");
      assert.equal(
        await page.evaluate(() =>
          document.activeElement?.getAttribute("data-testid")
        ),
        "spec-filter",
      );
      await page.keyboard.type("get");
      const focusedRow = (path: string) =>
        page.waitForFunction((p) =>
          document.activeElement?.closest("[data-testid=endpoint-row]")
            ?.getAttribute("data-path") === p, path);
      await page.keyboard.press("ArrowDown");
      await focusedRow("/a");
      await page.keyboard.press("ArrowDown");
      await focusedRow("/b/{id}");
      await page.keyboard.press("Enter");
      await page.waitForSelector("[data-testid=operation-detail]");
      assert.match(
        await page.textContent("[data-testid=operation-detail]") ?? "",
        /readB/,
      );
      assert.equal(
        await page.getAttribute(
          "[data-testid=endpoint-row][data-path='/b/{id}'] button.sv-row-main",
          "aria-expanded",
        ),
        "true",
      );
      // Rows below the expanded one move down instead of overlapping it.
      const box = async (path: string) =>
        (await page.locator(`[data-testid=endpoint-row][data-path='${path}']`)
          .boundingBox())!;
      const detail =
        (await page.locator("[data-testid=operation-detail]").boundingBox())!;
      assert.ok((await box("/c/{cid}")).y >= detail.y + detail.height - 1);
      // Escape closes the open detail, from its row or from inside it, and
      // leaves focus on the row (a second Escape goes to the filter).
      await page.keyboard.press("Escape");
      await page.waitForSelector("[data-testid=operation-detail]", {
        state: "detached",
      });
      await focusedRow("/b/{id}");
      await page.keyboard.press("Enter");
      await page.waitForSelector("[data-testid=operation-detail]");
      await page.focus(
        "[data-testid=operation-detail] button, [data-testid=operation-detail] [tabindex='0']",
      );
      await page.keyboard.press("Escape");
      await page.waitForSelector("[data-testid=operation-detail]", {
        state: "detached",
      });
      await focusedRow("/b/{id}");
      assert.equal(
        await page.evaluate(() =>
          document.activeElement?.id
        ),
        "sv-row-1",
      );
      await page.keyboard.press("Enter");
      await page.waitForSelector("[data-testid=operation-detail]");
      await page.keyboard.press("Enter");
      await page.waitForSelector("[data-testid=operation-detail]", {
        state: "detached",
      });
      await page.keyboard.press("ArrowUp");
      await focusedRow("/a");
      await page.keyboard.press("ArrowUp");
      await page.waitForFunction(() =>
        document.activeElement?.getAttribute("data-testid") === "spec-filter"
      );
      await page.keyboard.press("Escape");
      assert.equal(await page.inputValue("[data-testid=spec-filter]"), "");
      // Enter in the filter opens the first result.
      await page.keyboard.type("undeclared");
      await page.keyboard.press("Enter");
      await page.waitForSelector("[data-testid=operation-detail]");
    }),
});

Deno.test({
  name:
    "browser spec: copy puts the filtered list on the clipboard and says how many",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await open(page, server.origin);
      await page.fill("[data-testid=spec-filter]", "get");
      await page.click("[data-testid=spec-copy]");
      await page.waitForFunction(() =>
        /Copied 3 endpoints/.test(document.body.textContent ?? "")
      );
      const text = await page.evaluate(() => navigator.clipboard.readText());
      assert.equal(
        text,
        "GET\t/a\tRead a\tAlpha\nGET\t/b/{id}\tRead a b\tBees, Shared Tag\nGET\t/c/{cid}\tUndeclared path parameter\t",
      );
      assert.match(
        await page.textContent("[data-testid=spec-status]") ?? "",
        /Copied 3 endpoints/,
      );
    }, { clipboard: true }),
});

Deno.test({
  name:
    "browser spec: Escape deep inside a long detail, scrolled far below its row, closes it and focuses the row",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/spec");
      // 80 paths; /p40's description is long and ends in a link.
      const long = Array.from({ length: 120 }, (_, i) => `Paragraph ${i}.`)
        .join("\n\n") + "\n\n[the end](https://example.com/end)";
      const paths = Object.fromEntries(
        Array.from({ length: 80 }, (_, i) => {
          const p = `/p${String(i).padStart(2, "0")}`;
          return [p, {
            get: {
              description: i === 40 ? long : "short",
              responses: { "200": { description: "ok" } },
            },
          }];
        }),
      );
      await loadSpec(
        page,
        "long.json",
        JSON.stringify({
          openapi: "3.1.0",
          info: { title: "Long", version: "1" },
          paths,
        }),
      );
      const row = "[data-testid=endpoint-row][data-path='/p40'] .sv-row-main";
      await page.evaluate(() => {
        const list = document.querySelector(
          "[data-testid=endpoint-list]",
        ) as HTMLElement;
        const h =
          (document.querySelector("[data-testid=endpoint-row]") as HTMLElement)
            .offsetHeight;
        list.scrollTop = 40 * h;
      });
      await page.click(row);
      await page.waitForSelector("[data-testid=operation-detail]");
      // Focus the last link: the list scrolls far below the row.
      await page.focus("[data-testid=operation-detail] a[href$='/end']");
      assert.equal(await page.locator(row).count(), 1);
      await page.keyboard.press("Escape");
      await page.waitForSelector("[data-testid=operation-detail]", {
        state: "detached",
      });
      await page.waitForFunction(() =>
        document.activeElement?.closest("[data-testid=endpoint-row]")
          ?.getAttribute("data-path") === "/p40"
      );
      // And the row is in view.
      const box = (await page.locator(row).boundingBox())!;
      const list = (await page.locator("[data-testid=endpoint-list]")
        .boundingBox())!;
      assert.ok(
        box.y >= list.y - 1 && box.y + box.height <= list.y + list.height + 1,
      );
    }),
});

Deno.test({
  name:
    "browser spec: filter and selected operation survive a reload (URL fragment)",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await open(page, server.origin);
      await page.fill("[data-testid=spec-filter]", "bees");
      await page.click(
        "[data-testid=endpoint-row][data-method=get] button.sv-row-main",
      );
      await page.waitForSelector("[data-testid=operation-detail]");
      await page.waitForFunction(() => location.hash.includes("op="));
      const hash = await page.evaluate(() => location.hash);
      assert.equal(hash, "#filter=bees&op=get+%2Fb%2F%7Bid%7D");
      assert.doesNotMatch(hash, /openapi|Mini/);
      // Another row opened: the address names it within a second or so,
      // though a still page (no frames drawn) may have no idle period
      // (polled by a timer, which draws none, unlike the default polling).
      await page.click(
        "[data-testid=endpoint-row][data-method=query] button.sv-row-main",
      );
      await page.waitForFunction(
        () => location.hash.includes("op=query"),
        null,
        { polling: 100, timeout: 5000 },
      );
      await page.click(
        "[data-testid=endpoint-row][data-method=get] button.sv-row-main",
      );
      await page.waitForFunction(
        () => location.hash.includes("op=get"),
        null,
        { polling: 100, timeout: 5000 },
      );
      await specStored(page);
      await page.reload();
      await page.waitForSelector(
        "[data-island=SpecViewer][data-hydrated=true]",
      );
      await page.waitForSelector("[data-testid=operation-detail]");
      assert.equal(await page.inputValue("[data-testid=spec-filter]"), "bees");
      // "bees": the GET's tag and the QUERY's summary.
      assert.equal(
        await page.getAttribute("[data-testid=endpoint-list]", "data-count"),
        "2",
      );
      assert.match(
        await page.textContent("[data-testid=operation-detail]") ?? "",
        /readB/,
      );
      // A link with a fragment opens on that filter too.
      await page.evaluate(() => (location.hash = "#filter=query"));
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=endpoint-list]")?.getAttribute(
            "data-count",
          ) === "1" &&
        document.querySelector("[data-testid=endpoint-row]")?.getAttribute(
            "data-method",
          ) === "query"
      );
    }),
});

Deno.test({
  name: "browser spec: every control is labelled; status is announced",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await open(page, server.origin);
      for (const label of ["Filter endpoints", /Paste an OpenAPI/]) {
        assert.equal(await page.getByLabel(label).count(), 1, String(label));
      }
      assert.equal(
        await page.getByRole("button", { name: "Try an example" }).count(),
        1,
      );
      assert.equal(
        await page.getAttribute("[data-testid=spec-status]", "role"),
        "status",
      );
      const unlabelled = await page.$$eval("button, input, textarea", (els) =>
        els.filter((e) => {
          const el = e as HTMLInputElement;
          const named = el.labels?.length || el.getAttribute("aria-label") ||
            (el.textContent ?? "").trim() || el.title;
          return !named;
        }).map((e) =>
          e.outerHTML.slice(0, 80)
        ));
      assert.deepEqual(unlabelled, []);
    }),
});

Deno.test({
  name:
    "browser spec: Enter on a row below an open one keeps that row in view as the other detail closes",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/spec");
      await loadSpec(page, "big.json", bigSpec(300));
      const list = page.locator("[data-testid=endpoint-list]");
      await page.locator("[data-testid=endpoint-row] button.sv-row-main")
        .nth(1).click();
      await page.waitForSelector("[data-testid=operation-detail]");
      // Down past the open detail to a row well below it, then Enter.
      for (let i = 0; i < 18; i++) await page.keyboard.press("ArrowDown");
      const active = await page.evaluate(() =>
        document.activeElement?.closest("[data-testid=endpoint-row]")
          ?.getAttribute("data-path")
      );
      await page.keyboard.press("Enter");
      const row = page.locator(
        `[data-testid=endpoint-row][data-path='${active}']`,
      ).first();
      await page.waitForFunction(() =>
        document.querySelectorAll("[data-testid=operation-detail]").length ===
          1
      );
      const r = (await row.boundingBox())!;
      const b = (await list.boundingBox())!;
      assert.ok(
        r.y >= b.y - 1 && r.y < b.y + b.height,
        `the row opened is at ${r.y}, the list spans ${b.y}..${b.y + b.height}`,
      );
    }),
});

/**
 * Where the focused element is in the page's viewport, and how far down
 * the toolbar that stays in view over the list covers it (WCAG 2.4.11).
 */
function focusInView(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const r = el.getBoundingClientRect();
    const bar = document.querySelector(".sv-toolbar");
    const cover = bar && getComputedStyle(bar).position === "sticky"
      ? Math.max(0, bar.getBoundingClientRect().bottom)
      : 0;
    return {
      id: el.id,
      ok: r.top >= cover - 0.5 && r.bottom <= innerHeight + 0.5,
      top: Math.round(r.top),
      bottom: Math.round(r.bottom),
      cover: Math.round(cover),
      height: innerHeight,
      scrollY,
    };
  });
}

Deno.test({
  name:
    "browser spec: a row the arrow keys move to is in the page's viewport, clear of the sticky toolbar (WCAG 2.4.11), at 1280×900 and 640×450",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      for (
        const size of [{ width: 1280, height: 900 }, {
          width: 640,
          height: 450,
        }]
      ) {
        await page.setViewportSize(size);
        await gotoHydrated(page, server.origin, "/spec");
        await page.click("[data-testid=spec-example]");
        await page.waitForSelector("[data-testid=endpoint-row]");
        await page.keyboard.press("/");
        const at = async (id: string, what: string) => {
          await page.waitForFunction(
            (id) => document.activeElement?.id === id,
            id,
          );
          const v = await focusInView(page);
          assert.ok(
            v.ok,
            `${size.width}×${size.height} ${what}: ${JSON.stringify(v)}`,
          );
        };
        for (let i = 0; i < 26; i++) {
          await page.keyboard.press("ArrowDown");
          await at(`sv-row-${i}`, `ArrowDown to row ${i}`);
        }
        await page.keyboard.press("End");
        await at(`sv-row-${Number(await listed(page)) - 1}`, "End");
        for (let i = 0; i < 3; i++) await page.keyboard.press("PageUp");
        await page.waitForTimeout(50);
        assert.ok((await focusInView(page)).ok, "PageUp");
        await page.keyboard.press("Home");
        await at("sv-row-0", "Home");
      }
    }),
});

Deno.test({
  name:
    "browser spec: the filter's result count is announced politely, once, after typing or a method button settles (WCAG 4.1.3)",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await open(page, server.origin);
      const live = page.locator(".sv-toolbar [role=status]");
      assert.equal(await live.count(), 1, "a status in the toolbar");
      assert.equal(await live.getAttribute("aria-live"), "polite");
      const said = async () => (await live.textContent() ?? "").trim();
      assert.equal(await said(), "", "nothing said before a change");
      // Keystrokes 100 ms apart: nothing said while typing, then the
      // count, about half a second after the last one (judged by the
      // page's own times of keys and changes: a loaded machine may leave
      // more than that between two keys, and then a count is rightly said).
      await typedThenSaidOnce(
        page,
        "[data-testid=spec-filter]",
        "get",
        /^3 of 14 endpoints match\b/,
      );
      await page.waitForFunction(() =>
        /^3 of 14 endpoints match\b/.test(
          document.querySelector(".sv-toolbar [role=status]")?.textContent
            ?.trim() ?? "",
        )
      );
      await page.fill("[data-testid=spec-filter]", "nothing-like-this");
      await page.waitForFunction(() =>
        /^No endpoint matches\b/.test(
          document.querySelector(".sv-toolbar [role=status]")?.textContent
            ?.trim() ?? "",
        )
      );
      // A method button filters as typing does, and is announced as well.
      await page.fill("[data-testid=spec-filter]", "");
      await page.waitForFunction(() =>
        /^All 14 endpoints shown\b/.test(
          document.querySelector(".sv-toolbar [role=status]")?.textContent
            ?.trim() ?? "",
        )
      );
      await page.click(".sv-method-chip[data-method=get]");
      await page.waitForFunction(() =>
        /^3 of 14 endpoints match\b/.test(
          document.querySelector(".sv-toolbar [role=status]")?.textContent
            ?.trim() ?? "",
        )
      );
      // The visible count is the contract's, unchanged and immediate.
      assert.equal(
        await page.textContent("[data-testid=spec-shown]"),
        "3 of 14",
      );
    }),
});

/**
 * Presses `/` with the focus on the page (no field) and tells whether a
 * page's shortcut took it (prevented its default) and where the focus went.
 */
async function slash(page: Page) {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    const w = window as unknown as { slashTaken?: boolean };
    w.slashTaken = undefined;
    // Added after the page's own listener: it sees what that one did.
    addEventListener("keydown", (ev) => {
      if ((ev as KeyboardEvent).key === "/") {
        w.slashTaken = ev.defaultPrevented;
      }
    }, { once: true });
  });
  await page.keyboard.press("/");
  return await page.evaluate(() => ({
    taken: (window as unknown as { slashTaken?: boolean }).slashTaken,
    focus: document.activeElement?.getAttribute("data-testid") ?? "",
  }));
}

Deno.test({
  name:
    "browser spec: the single-key / shortcut can be turned off, and stays off on /spec, /spec/compare and /har (WCAG 2.1.4)",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await open(page, server.origin);
      assert.deepEqual(await slash(page), {
        taken: true,
        focus: "spec-filter",
      });
      const toggle = page.locator("[data-testid=slash-key-toggle]");
      assert.equal(await toggle.isChecked(), true);
      assert.match(
        await page.getByRole("checkbox", { name: /\/.*shortcut/ })
          .getAttribute("data-testid") ?? "",
        /slash-key-toggle/,
      );
      await toggle.uncheck();
      // The filter's "/" hint goes with the shortcut.
      assert.equal(await page.locator(".sv-kbd").count(), 0);
      assert.deepEqual(await slash(page), { taken: false, focus: "" });
      // Kept: after a reload, and on the other pages that have it.
      await specStored(page);
      await page.reload();
      await page.waitForSelector("[data-testid=endpoint-row]");
      assert.equal(await toggle.isChecked(), false);
      assert.deepEqual(await slash(page), { taken: false, focus: "" });
      await gotoHydrated(page, server.origin, "/har");
      assert.equal((await slash(page)).taken, false, "/har");
      await gotoHydrated(page, server.origin, "/spec/compare");
      assert.deepEqual(await slash(page), { taken: false, focus: "" });
      // Turned on again from the compare page, it works there.
      const again = page.locator("[data-testid=slash-key-toggle]");
      assert.equal(await again.isChecked(), false);
      await again.check();
      assert.deepEqual(await slash(page), {
        taken: true,
        focus: "compare-filter",
      });
      await gotoHydrated(page, server.origin, "/har");
      assert.equal((await slash(page)).taken, true, "/har, on again");
    }),
});
