/**
 * What a person does to get a spec into /spec: paste, pick a file, drop a
 * file, try the example, and see clear errors. Real Chromium, real server.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import {
  BROWSER_TEST,
  focusAfter,
  gotoHydrated,
  withPage,
} from "../helpers/browser.ts";
import { bigSpec } from "../fixtures/openapi/generate.ts";
import { formatBytes } from "../../lib/shared/format.ts";
import { parseSpec } from "../../lib/openapi/mod.ts";
import { BOX_LIMIT } from "../../islands/openapi/use_loader.ts";
import { PIECE } from "../../islands/openapi/session.ts";
import { realPaste } from "../helpers/real_paste.ts";
import { specSettled, specStored, withSpec } from "../helpers/spec_open.ts";

const FIX = new URL("../fixtures/openapi/", import.meta.url);
const fixture = (n: string) => Deno.readTextFileSync(new URL(n, FIX));

async function rows(page: Page): Promise<string[]> {
  return await page.$$eval(
    "[data-testid=endpoint-row]",
    (els) =>
      els.map((e) =>
        `${e.getAttribute("data-method")} ${e.getAttribute("data-path")}`
      ),
  );
}

async function header(page: Page) {
  return {
    title: await page.textContent("[data-testid=spec-title]"),
    version: await page.textContent("[data-testid=spec-version]"),
    format: await page.textContent("[data-testid=spec-format]"),
    count: await page.textContent("[data-testid=spec-count]"),
    listed: await page.getAttribute(
      "[data-testid=endpoint-list]",
      "data-count",
    ),
  };
}

Deno.test({
  name: "browser spec: pasting parses as you type, errors come and go",
  ...BROWSER_TEST,
  fn: () =>
    withSpec(async ({ page }) => {
      assert.equal(await page.locator("[data-testid=spec-error]").count(), 0);
      await page.fill("[data-testid=spec-input]", fixture("anchors.yaml"));
      await page.waitForSelector("[data-testid=spec-count]");
      assert.deepEqual(await header(page), {
        title: "Anchors",
        version: "2024.1",
        format: "OpenAPI 3.0.3",
        count: "3",
        listed: "3",
      });
      assert.deepEqual(await rows(page), ["get /one", "get /two", "post /two"]);
      assert.equal(await page.locator("[data-testid=spec-error]").count(), 0);

      // Typing a mistake rejects the input with its line and column.
      await page.fill(
        "[data-testid=spec-input]",
        "openapi: 3.0.0\ninfo:\n  title: x\n version: 1\n",
      );
      const err = page.locator("[data-testid=spec-error]");
      await err.waitFor();
      assert.match(await err.textContent() ?? "", /line 4, column \d+/);
      assert.equal(
        await page.locator("[data-testid=endpoint-list]").count(),
        0,
      );

      // A non-OpenAPI document is rejected as such.
      await page.fill(
        "[data-testid=spec-input]",
        '{"asyncapi": "2.6.0", "channels": {}}',
      );
      await page.waitForFunction(() =>
        /AsyncAPI/.test(
          document.querySelector("[data-testid=spec-error]")?.textContent ?? "",
        )
      );

      // Fixing it makes the error go away.
      await page.fill("[data-testid=spec-input]", fixture("openapi-3.1.json"));
      await page.waitForSelector("[data-testid=endpoint-row]");
      assert.equal(await page.locator("[data-testid=spec-error]").count(), 0);
      assert.equal(
        await page.textContent("[data-testid=spec-format]"),
        "OpenAPI 3.1.0",
      );

      // Emptying the box returns to the empty state, without an error.
      await page.fill("[data-testid=spec-input]", "");
      await page.waitForFunction(() =>
        !document.querySelector("[data-testid=spec-count]")
      );
      assert.equal(await page.locator("[data-testid=spec-error]").count(), 0);
    }),
});

Deno.test({
  name:
    "browser spec: picking a file shows 3.2 endpoints, webhooks, callbacks, warnings",
  ...BROWSER_TEST,
  fn: () =>
    withSpec(async ({ page }) => {
      await page.setInputFiles(
        "[data-testid=spec-file]",
        new URL("mini-3.2.yaml", FIX).pathname,
      );
      await page.waitForSelector("[data-testid=spec-count]");
      const h = await header(page);
      assert.deepEqual(h, {
        title: "Mini 3.2",
        version: "1.10",
        format: "OpenAPI 3.2.0",
        count: "14",
        listed: "14",
      });
      const r = await rows(page);
      assert.deepEqual(r.slice(0, 2), ["get /a", "get /b/{id}"]);
      assert.deepEqual(r.slice(9, 13), [
        "query /b/{id}",
        "copy /b/{id}",
        "link /b/{id}",
        "purge /b/{id}",
      ]);
      assert.equal(await page.locator("[data-testid=webhook-row]").count(), 2);
      assert.equal(await page.locator("[data-testid=callback-row]").count(), 2);
      // Webhooks open into their detail too (read from a $ref path item).
      await page.click("[data-testid=webhook-row][data-name=newThing] summary");
      await page.waitForFunction(() =>
        /readA/.test(
          document.querySelector(
            "[data-testid=webhook-row][data-name=newThing]",
          )?.textContent ?? "",
        )
      );
      // So do callbacks: what the API sends, to the URL its expression names.
      await page.click("[data-testid=callback-row][data-method=put] summary");
      const cb = page.locator(
        "[data-testid=callback-row][data-method=put] [data-testid=operation-detail]",
      );
      await cb.waitFor();
      assert.match(
        await cb.innerText(),
        /curl -X PUT '\{\$request\.body#\/url\}'/,
      );
      assert.equal(
        await page.getAttribute("[data-testid=spec-warnings]", "data-count"),
        "6",
      );
      // The picked text is in the paste box, so it can be edited.
      assert.match(
        await page.inputValue("[data-testid=spec-input]"),
        /^# Hand-written/,
      );
    }),
});

Deno.test({
  name:
    "browser spec: the worker starts when a file or text is likely to come (pointer or focus on the file button, the paste box, files dragged in), not on load",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const starts = async (act: () => Promise<unknown>) => {
        await page.mouse.move(1, 1); // off every control
        await gotoHydrated(page, server.origin, "/spec");
        await page.waitForTimeout(600);
        assert.equal(page.workers().length, 0, "nothing started on load");
        const started = page.waitForEvent("worker", { timeout: 15_000 });
        await act();
        await started;
      };
      await starts(() => page.hover(".sv-file-button"));
      await starts(() => page.focus("[data-testid=spec-file]"));
      await starts(() => page.focus("[data-testid=spec-input]"));
      await starts(() =>
        page.evaluate(() => {
          const dt = new DataTransfer();
          dt.items.add(new File(["{}"], "a.json"));
          dispatchEvent(new DragEvent("dragenter", { dataTransfer: dt }));
          dispatchEvent(new DragEvent("dragleave", { dataTransfer: dt }));
        })
      );
    }),
});

Deno.test({
  name:
    "browser spec: with the pointer on the file button, the list's header, toolbar and rows are laid out once out of sight (their fonts looked up ahead), and nothing of it stays",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await page.mouse.move(1, 1); // off every control
      await gotoHydrated(page, server.origin, "/spec");
      await page.evaluate(() => {
        const w = globalThis as unknown as { warmed: string[] };
        w.warmed = [];
        new MutationObserver((records) => {
          for (const r of records) {
            for (const n of r.addedNodes) {
              if (
                n instanceof HTMLElement && n.matches(".sv[aria-hidden=true]")
              ) {
                // Hidden, inert, and already gone (and emptied).
                w.warmed.push(
                  `${n.isConnected} ${n.inert} ${n.style.visibility} ${n.childElementCount}`,
                );
              }
            }
          }
        }).observe(document.body, { childList: true, subtree: true });
      });
      await page.waitForTimeout(300);
      assert.deepEqual(
        await page.evaluate(() =>
          (globalThis as unknown as { warmed: string[] }).warmed
        ),
        [],
        "nothing before a file is likely to come",
      );
      await page.hover(".sv-file-button");
      await page.waitForFunction(
        () =>
          (globalThis as unknown as { warmed: string[] }).warmed.length >= 3,
        null,
        { timeout: 15_000 },
      );
      const seen = await page.evaluate(() => ({
        warmed: (globalThis as unknown as { warmed: string[] }).warmed,
        views: document.querySelectorAll(".sv").length,
        rows: document.querySelectorAll("[data-testid=endpoint-row]").length,
        titles: document.querySelectorAll("[data-testid=spec-title]").length,
        filters: document.querySelectorAll("#sv-filter").length,
      }));
      // Header, toolbar, rows: each removed in the task that added it.
      assert.deepEqual(seen.warmed, Array(3).fill("false true hidden 0"));
      assert.deepEqual(
        { ...seen, warmed: 0 },
        { warmed: 0, views: 1, rows: 0, titles: 0, filters: 0 },
      );
      // The page itself is as it was: a file picked now lists as ever.
      await page.setInputFiles("[data-testid=spec-file]", {
        name: "small.json",
        mimeType: "application/json",
        buffer: Buffer.from(JSON.stringify({
          openapi: "3.1.0",
          info: { title: "Small", version: "2" },
          paths: { "/x": { get: { summary: "X" } } },
        })),
      });
      await page.waitForSelector("[data-testid=endpoint-row]");
      assert.equal(await page.textContent("[data-testid=spec-title]"), "Small");
      assert.equal(
        await page.evaluate(() =>
          document.querySelectorAll("[data-testid=endpoint-row]").length
        ),
        1,
      );
    }),
});

Deno.test({
  name:
    "browser spec: a large spec parses in the worker with a progress state; the list is virtualised",
  ...BROWSER_TEST,
  fn: () =>
    withSpec(async ({ page }) => {
      const text = bigSpec(3000);
      assert.ok(text.length > 200_000, "large enough for the worker");
      // The progress state may come and go between two polls on a fast
      // machine, so record it from the DOM mutations themselves.
      await page.evaluate(() => {
        const w = globalThis as unknown as {
          sawProgress: boolean;
          progressAtFirst: string;
        };
        w.sawProgress = false;
        const sel = "[data-testid=spec-progress]";
        new MutationObserver((records) => {
          for (const r of records) {
            for (const n of r.addedNodes) {
              const el = n instanceof Element
                ? (n.matches(sel) ? n : n.querySelector(sel))
                : null;
              if (!el || w.sawProgress) continue;
              w.sawProgress = true;
              // Hidden at first, shown by a delayed step if the read lasts.
              const delays = el.getAnimations().map((a) =>
                a.effect?.getTiming().delay
              );
              w.progressAtFirst = `${getComputedStyle(el).visibility} ${
                delays.join(",")
              }`;
            }
          }
        }).observe(document.body, { subtree: true, childList: true });
      });
      await page.setInputFiles("[data-testid=spec-file]", {
        name: "big.json",
        mimeType: "application/json",
        buffer: Buffer.from(text),
      });
      await page.waitForSelector("[data-testid=spec-count]");
      assert.ok(
        await page.evaluate(() =>
          (globalThis as unknown as { sawProgress: boolean }).sawProgress
        ),
        "a progress state was shown while the worker parsed",
      );
      assert.equal(
        await page.evaluate(() =>
          (globalThis as unknown as { progressAtFirst: string })
            .progressAtFirst
        ),
        "hidden 250",
        "the progress is painted only once the read has taken 250 ms",
      );
      assert.equal(await page.textContent("[data-testid=spec-count]"), "3000");
      const n = await page.locator("[data-testid=endpoint-row]").count();
      assert.ok(n >= 20 && n < 100, `virtualised: ${n} rows in the DOM`);
      assert.deepEqual((await rows(page)).slice(0, 3), [
        "get /r0000/items",
        "post /r0000/items",
        "delete /r0000/items/{id}",
      ]);
      // Scrolling to the end renders the last rows.
      await page.$eval(
        "[data-testid=endpoint-list]",
        (el) => (el.scrollTop = el.scrollHeight),
      );
      await page.waitForFunction(() =>
        [...document.querySelectorAll("[data-testid=endpoint-row]")].some((e) =>
          e.getAttribute("data-path") === "/r0999/items/{id}"
        )
      );
      // The big file is not copied into the paste box (it would slow typing).
      assert.equal(await page.inputValue("[data-testid=spec-input]"), "");
      // Details come from the worker, which holds the document.
      await page.$eval(
        "[data-testid=endpoint-list]",
        (el) => (el.scrollTop = 0),
      );
      await page.locator(
        "[data-testid=endpoint-row] >> nth=1 >> button.sv-row-main",
      ).click();
      await page.waitForSelector("[data-testid=operation-detail]");
      assert.match(
        await page.textContent("[data-testid=operation-detail]") ?? "",
        /createR0000/,
      );
    }),
});

Deno.test({
  name:
    "browser spec: a picked file renders the page again for no stage it does not show (reading, then its first rows, its preview, the whole list); its first rows show before any count, and every count shown is the document's",
  ...BROWSER_TEST,
  fn: () =>
    withSpec(async ({ page }) => {
      // Each stage the page is told renders it whole: on two cores that
      // took the CPU from the worker's read and from the preview's frame.
      await page.evaluate(() => {
        const w = globalThis as unknown as {
          stages: (string | null)[];
          seen: string[];
        };
        w.stages = [];
        w.seen = [];
        const root = document.querySelector(".sv")!;
        new MutationObserver(() => {
          w.stages.push(root.getAttribute("data-busy"));
        }).observe(root, { attributes: true, attributeFilter: ["data-busy"] });
        // Each state of the list while it fills: its first rows, and the
        // counts shown beside them (null: none shown).
        const q = (s: string) => document.querySelector(s);
        new MutationObserver(() => {
          // The rows a person sees, hooked or not.
          const rows = [...document.querySelectorAll<HTMLElement>(
            "#sv-endpoints .sv-row",
          )].slice(0, 5).map((r) => `${r.dataset.method} ${r.dataset.path}`);
          if (!rows.length) return;
          const seen = JSON.stringify({
            rows,
            count: q("[data-testid=spec-count]")?.textContent ?? null,
            listed: q(".sv-list")?.getAttribute("data-count") ?? null,
            // §4's hooks, present only with the whole list.
            hooks: document.querySelectorAll(
              "[data-testid=endpoint-row], [data-testid=endpoint-list], " +
                "[data-testid=spec-title], [data-testid=spec-format]",
            ).length > 0,
            chips: [...document.querySelectorAll("[data-method][data-count]")]
              .map((c) => c.getAttribute("data-count")).join(),
            // Where the first row is laid out in the page.
            top: Math.round(
              q("#sv-endpoints .sv-row")!.getBoundingClientRect().top +
                scrollY,
            ),
          });
          if (w.seen.at(-1) !== seen) w.seen.push(seen);
        }).observe(root, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
      });
      await page.setInputFiles("[data-testid=spec-file]", {
        name: "big.json",
        mimeType: "application/json",
        buffer: Buffer.from(bigSpec(3000)),
      });
      await page.waitForSelector(
        ".sv:not([data-busy]) [data-testid=spec-count]",
      );
      // The reference checks end after the rows show, when a reader may
      // click one: the rows must not move then either.
      await specSettled(page);
      assert.deepEqual(
        await page.evaluate(() =>
          (globalThis as unknown as { stages: (string | null)[] }).stages
        ),
        ["reading", null],
      );
      const seen = (await page.evaluate(() =>
        (globalThis as unknown as { seen: string[] }).seen
      )).map((s) =>
        JSON.parse(s) as {
          rows: string[];
          count: string | null;
          listed: string | null;
          chips: string;
          hooks: boolean;
          top: number;
        }
      );
      const first = ["get", "post", "delete"].map((m, i) =>
        `${m} /r0000/items${i === 2 ? "/{id}" : ""}`
      );
      // The first rows came from the file's first bytes, before its
      // outline or whole parse answered: no count was known to show.
      assert.deepEqual(
        { ...seen[0], rows: seen[0].rows.slice(0, 3), top: 0 },
        {
          rows: first,
          count: null,
          listed: null,
          chips: "",
          hooks: false,
          top: 0,
        },
        JSON.stringify(seen),
      );
      // The outline's list, counted, and then its checks ending, show
      // them where they were.
      const tops = new Set(seen.map((s) =>
        s.top
      ));
      assert.deepEqual(
        [...tops],
        [seen[0].top],
        JSON.stringify(seen),
      );
      for (const s of seen) {
        // The rows shown first stay first, in their order.
        assert.deepEqual(s.rows.slice(0, 3), first, JSON.stringify(s));
        // A count or a hook, once shown, is the document's, never the
        // head's: a test that waits for a row then reads the list's count
        // reads the whole list's.
        if (s.count !== null || s.listed !== null || s.chips || s.hooks) {
          assert.deepEqual(
            [s.count, s.listed, s.chips, s.hooks],
            ["3000", "3000", "1000,1000,1000", true],
            JSON.stringify(s),
          );
        }
      }
      assert.ok(
        seen.some((s) => s.count === "3000"),
        JSON.stringify(seen),
      );
    }),
});

Deno.test({
  name:
    "browser spec: a large picked file lists from its outline before the whole parse; a row opened meanwhile shows its detail",
  ...BROWSER_TEST,
  fn: () =>
    withSpec(async ({ page }) => {
      // Long descriptions: the outline leaves them out, the whole parse not.
      const text = bigSpec(600, { bytes: 2_000_000 });
      await page.evaluate(() => {
        const w = globalThis as unknown as { statuses: string[] };
        w.statuses = [];
        const el = document.querySelector("[data-testid=spec-status]")!;
        new MutationObserver(() => w.statuses.push(el.textContent ?? ""))
          .observe(el, { subtree: true, childList: true, characterData: true });
      });
      await page.setInputFiles("[data-testid=spec-file]", {
        name: "big.json",
        mimeType: "application/json",
        buffer: Buffer.from(text),
      });
      await page.waitForSelector("[data-testid=endpoint-row]");
      // At once, as a reader clicks what shows first.
      await page.locator(
        "[data-testid=endpoint-row] >> nth=0 >> button.sv-row-main",
      ).click();
      await page.waitForSelector("[data-testid=operation-detail]");
      assert.match(
        await page.textContent("[data-testid=operation-detail]") ?? "",
        /listR0000/,
      );
      await page.waitForFunction(() =>
        /^Read big\.json/.test(
          document.querySelector("[data-testid=spec-status]")?.textContent ??
            "",
        )
      );
      const statuses = await page.evaluate(() =>
        (globalThis as unknown as { statuses: string[] }).statuses
      );
      const listed = statuses.findIndex((s) =>
        /^Listed big\.json \(.*\): 600 endpoints; reading the rest…$/.test(s)
      );
      const read = statuses.findIndex((s) => /^Read big\.json/.test(s));
      assert.ok(
        listed >= 0 && listed < read,
        `the outline's list came first: ${statuses.join(" | ")}`,
      );
      assert.equal(await page.textContent("[data-testid=spec-count]"), "600");
      assert.deepEqual(
        (await rows(page)).slice(0, 2),
        ["get /r0000/items", "post /r0000/items"],
      );
    }),
});

Deno.test({
  name:
    "browser spec: a reload shows the picked spec again, with its filter and opened operation",
  ...BROWSER_TEST,
  fn: () =>
    withSpec(async ({ page }) => {
      // Several stored pieces (session.ts PIECE), with a character that
      // UTF-8 writes in three bytes, on both sides of a piece's end.
      const text = bigSpec(900).replace(
        '"version":"1.0.0"',
        `"version":"1.0.0","description":"${"€".repeat(PIECE)}"`,
      );
      assert.ok(text.length > 3 * PIECE, "stored in several pieces");
      await page.setInputFiles("[data-testid=spec-file]", {
        name: "big.json",
        mimeType: "application/json",
        buffer: Buffer.from(text),
      });
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=spec-count]")?.textContent ===
          "900"
      );
      await page.fill("[data-testid=spec-filter]", "post /r0007/");
      await page.locator("[data-testid=endpoint-row] button.sv-row-main")
        .click();
      await page.waitForSelector("[data-testid=operation-detail]");
      // Stored in idle time.
      await specStored(page);
      await page.waitForFunction(() => location.hash.includes("op="));
      await page.reload();
      await page.waitForSelector("[data-island][data-hydrated=true]");
      await page.waitForSelector("[data-testid=operation-detail]");
      assert.equal(await page.textContent("[data-testid=spec-count]"), "900");
      assert.equal(
        await page.textContent("[data-testid=spec-title]"),
        "Generated",
      );
      assert.equal(
        await page.inputValue("[data-testid=spec-filter]"),
        "post /r0007/",
      );
      assert.deepEqual(await rows(page), ["post /r0007/items"]);
      assert.match(
        await page.textContent("[data-testid=operation-detail]") ?? "",
        /createR0007/,
      );
    }),
});

Deno.test({
  name: "browser spec: dropping a file anywhere on the page opens it",
  ...BROWSER_TEST,
  fn: () =>
    withSpec(async ({ page }) => {
      const text = fixture("swagger-2.0.json");
      await page.evaluate((t) => {
        const dt = new DataTransfer();
        dt.items.add(new File([t], "pets.json", { type: "application/json" }));
        const target = document.querySelector("footer")!;
        for (const type of ["dragenter", "dragover", "drop"]) {
          target.dispatchEvent(
            new DragEvent(type, {
              dataTransfer: dt,
              bubbles: true,
              cancelable: true,
            }),
          );
        }
      }, text);
      await page.waitForSelector("[data-testid=spec-count]");
      assert.equal(
        await page.textContent("[data-testid=spec-format]"),
        "Swagger 2.0",
      );
      assert.equal(await page.textContent("[data-testid=spec-version]"), "1.0");
      assert.equal(await page.textContent("[data-testid=spec-count]"), "3");
      assert.match(
        await page.textContent("[data-testid=spec-status]") ?? "",
        /pets\.json/,
      );
    }),
});

Deno.test({
  name:
    "browser spec: a file dropped the moment the viewer is marked hydrated is opened",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      // The mark promises that a drop will be heard: the page-wide listener
      // is attached in an effect, which Preact runs a frame later. A
      // mutation observer drops the file in the microtask after the mark.
      const early = await page.context().newPage();
      try {
        await early.addInitScript((t: string) => {
          const drop = () => {
            const dt = new DataTransfer();
            dt.items.add(new File([t], "early.json"));
            for (const type of ["dragenter", "dragover", "drop"]) {
              document.body.dispatchEvent(
                new DragEvent(type, {
                  dataTransfer: dt,
                  bubbles: true,
                  cancelable: true,
                }),
              );
            }
          };
          new MutationObserver((_, seen) => {
            if (!document.querySelector("[data-hydrated=true]")) return;
            seen.disconnect();
            drop();
          }).observe(document, {
            subtree: true,
            attributes: true,
            attributeFilter: ["data-hydrated"],
          });
        }, fixture("swagger-2.0.json"));
        await early.goto(server.origin + "/spec");
        await early.waitForSelector("[data-testid=spec-count]", {
          timeout: 5_000,
        });
        assert.equal(await early.textContent("[data-testid=spec-count]"), "3");
      } finally {
        await early.close();
      }
    }),
});

Deno.test({
  name:
    "browser spec: Try an example loads the same-origin spec, and says so when it fails",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      let served = 0;
      await page.route("**/api/debug/openapi.json", async (route) => {
        served++;
        if (served === 1) await route.fulfill({ status: 503, body: "down" });
        else {
          await route.fulfill({
            status: 200,
            contentType: "application/json",
            body: fixture("openapi-3.1.json"),
          });
        }
      });
      await gotoHydrated(page, server.origin, "/spec");
      await page.click("[data-testid=spec-example]");
      const note = page.locator("[data-testid=spec-example-error]");
      await note.waitFor();
      assert.match(await note.textContent() ?? "", /HTTP 503/);
      assert.equal(await page.locator("[data-testid=spec-error]").count(), 0);
      await page.click("[data-testid=spec-example]");
      await page.waitForSelector("[data-testid=spec-count]");
      assert.equal(
        await page.textContent("[data-testid=spec-title]"),
        "Tiny JSON",
      );
      assert.equal(await note.count(), 0);
    }, { allowErrors: [/503/] }),
});

Deno.test({
  name: "browser spec: spec content never leaves the page",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const requests: string[] = [];
      page.on("request", (r) =>
        requests.push(`${r.method()} ${r.url()} ${r.postData() ?? ""}`));
      await gotoHydrated(page, server.origin, "/spec");
      requests.length = 0;
      const secret = fixture("openapi-3.1.json").replace(
        "Tiny JSON",
        "SECRET-TITLE-42",
      );
      await page.fill("[data-testid=spec-input]", secret);
      await page.waitForSelector("[data-testid=spec-count]");
      await page.setInputFiles("[data-testid=spec-file]", {
        name: "big.json",
        mimeType: "application/json",
        buffer: Buffer.from(
          bigSpec(2500).replace('"Generated"', '"SECRET-TITLE-43"'),
        ),
      });
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=spec-title]")?.textContent ===
          "SECRET-TITLE-43"
      );
      await page.fill("[data-testid=spec-filter]", "items");
      await page.waitForTimeout(300);
      for (const r of requests) {
        assert.doesNotMatch(r, /SECRET-TITLE|paths|openapi/, r);
        assert.match(r, /^GET /, r);
      }
      assert.doesNotMatch(page.url(), /SECRET/);
    }),
});

Deno.test({
  name: "browser spec: Try an example shows the debug API's own description",
  ...BROWSER_TEST,
  fn: () =>
    withSpec(async ({ page, server }) => {
      const res = await fetch(`${server.origin}/api/debug/openapi.json`);
      const text = await res.text();
      assert.equal(res.status, 200, "the debug API serves its description");
      const want = parseSpec(text).index;
      await page.click("[data-testid=spec-example]");
      await page.waitForSelector("[data-testid=spec-count]");
      assert.equal(
        await page.textContent("[data-testid=spec-title]"),
        want.title,
      );
      assert.match(
        await page.textContent("[data-testid=spec-format]") ?? "",
        /^OpenAPI 3\.\d/,
      );
      assert.equal(
        await page.textContent("[data-testid=spec-count]"),
        String(want.endpoints.length),
      );
      assert.ok(
        want.endpoints.length >= 7,
        "one entry per endpoint and method",
      );
      assert.deepEqual(
        (await rows(page)).slice(0, 20),
        want.endpoints.slice(0, 20).map((e) => `${e.method} ${e.path}`),
      );
      assert.equal(await page.locator("[data-testid=spec-error]").count(), 0);
    }),
});

Deno.test({
  name:
    "browser spec: a huge paste leaves the paste box at once, so the page does not freeze",
  ...BROWSER_TEST,
  fn: () =>
    withSpec(async ({ page }) => {
      // Beyond ASCII (3 bytes a character): its size is said in bytes.
      const text = bigSpec(3000).replaceAll("items", "東京の品目一覧");
      const bytes = new TextEncoder().encode(text).length;
      assert.notEqual(formatBytes(bytes), formatBytes(text.length));
      // What a paste does: the value changes, then an input event fires.
      await page.evaluate((t) => {
        const ta = document.querySelector<HTMLTextAreaElement>(
          "[data-testid=spec-input]",
        )!;
        ta.value = t;
        ta.dispatchEvent(new Event("input", { bubbles: true }));
      }, text);
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=spec-count]")?.textContent ===
          "3000"
      );
      assert.equal(await page.inputValue("[data-testid=spec-input]"), "");
      assert.match(
        await page.getAttribute("[data-testid=spec-input]", "placeholder") ??
          "",
        new RegExp(
          `^Showing pasted text \\(${formatBytes(bytes)}\\)`,
        ),
      );
    }),
});

Deno.test({
  name:
    "browser spec: a real paste past the box's limit never enters the box (it froze the page for seconds), and keeps the text around the selection",
  ...BROWSER_TEST,
  fn: () =>
    withSpec(async ({ page }) => {
      const yaml = bigSpec(3000);
      const box = "[data-testid=spec-input]";
      // Pasted over a word in the middle of a small text, as a person
      // might: the box holds the spec's first 40 characters, `XYZ` and its
      // last 10; the clipboard everything between.
      const longest = await realPaste(page, box, yaml.slice(40, -10), {
        before: yaml.slice(0, 40),
        selected: "XYZ",
        after: yaml.slice(-10),
      });
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=spec-count]")?.textContent ===
          "3000"
      );
      assert.equal(await page.inputValue(box), "");
      const held = await longest();
      assert.ok(held <= BOX_LIMIT, `the box held ${held} characters`);
    }, { clipboard: true }),
});

Deno.test({
  name:
    "browser spec: a picked file up to the paste box's limit is shown in it, a larger one by name",
  ...BROWSER_TEST,
  fn: () =>
    withSpec(async ({ page }) => {
      const spec = (len: number) => {
        const head =
          '{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/a":{"get":{}}},"x-pad":"';
        return head + "x".repeat(len - head.length - 2) + '"}';
      };
      for (const [len, inBox] of [[BOX_LIMIT, true], [BOX_LIMIT + 1, false]]) {
        const text = spec(len as number);
        assert.equal(text.length, len);
        await page.setInputFiles("[data-testid=spec-file]", {
          name: `pad${len}.json`,
          mimeType: "application/json",
          buffer: Buffer.from(text),
        });
        await page.waitForFunction(
          (n) =>
            (document.querySelector("[data-testid=spec-status]")?.textContent ??
              "").includes(`pad${n}.json`),
          len,
        );
        const box = await page.$eval(
          "[data-testid=spec-input]",
          (el) => ({
            length: (el as HTMLTextAreaElement).value.length,
            placeholder: (el as HTMLTextAreaElement).placeholder,
          }),
        );
        if (inBox) assert.equal(box.length, len);
        else {
          assert.equal(box.length, 0);
          assert.match(box.placeholder, new RegExp(`Showing pad${len}\\.json`));
        }
      }
    }),
});

Deno.test({
  name:
    "browser spec: a document with webhooks only says where they are instead of an empty list",
  ...BROWSER_TEST,
  fn: () =>
    withSpec(async ({ page }) => {
      await page.setInputFiles("[data-testid=spec-file]", {
        name: "hooks.yaml",
        mimeType: "application/yaml",
        buffer: Buffer.from(
          "openapi: 3.1.0\ninfo: {title: Hooks, version: '1'}\nwebhooks:\n  a: {post: {responses: {'200': {description: ok}}}}\n  b: {post: {responses: {'200': {description: ok}}}}\n",
        ),
      });
      await page.locator("[data-testid=webhook-row]").first().waitFor();
      assert.equal(
        await page.textContent("[data-testid=endpoint-list] .sv-empty"),
        "This document has no endpoints under paths; its 2 webhooks are listed below.",
      );
    }),
});

Deno.test({
  name:
    'browser spec: focus stays on "Try an example" while it loads, never falls to the page (WCAG 2.4.3)',
  ...BROWSER_TEST,
  fn: () =>
    withSpec(async ({ page }) => {
      // A slow example: the button is busy for a while.
      await page.route("**/api/debug/openapi.json", async (route) => {
        await new Promise((r) => setTimeout(r, 400));
        await route.continue();
      });
      await page.focus("[data-testid=spec-example]");
      const seen = await focusAfter(page, () => page.keyboard.press("Enter"));
      assert.deepEqual(seen, Array(3).fill("spec-example"));
      await page.waitForSelector("[data-testid=endpoint-row]");
      // Busy, it says so and does nothing more when pressed again.
      await page.route("**/api/debug/openapi.json", async (route) => {
        await new Promise((r) => setTimeout(r, 400));
        await route.continue();
      });
      let asked = 0;
      page.on("request", (r) => {
        if (r.url().endsWith("/api/debug/openapi.json")) asked++;
      });
      await page.keyboard.press("Enter");
      const button = page.locator("[data-testid=spec-example]");
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=spec-example]")?.getAttribute(
          "aria-disabled",
        ) === "true"
      );
      assert.match(await button.textContent() ?? "", /Loading example/);
      await page.keyboard.press("Enter");
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=spec-example]")?.getAttribute(
          "aria-disabled",
        ) !== "true"
      );
      assert.equal(asked, 1, "a press while busy fetches nothing more");
      assert.equal(
        await page.evaluate(() =>
          document.activeElement?.getAttribute("data-testid")
        ),
        "spec-example",
      );
    }),
});

Deno.test({
  name:
    "browser spec: a large file listed from its outline first still shows info.summary once read whole",
  ...BROWSER_TEST,
  fn: () =>
    withSpec(async ({ page }) => {
      const text = bigSpec(600, { bytes: 2_000_000 }).replace(
        '"info":{"title":"Generated"',
        '"info":{"summary":"Sums it up","title":"Generated"',
      );
      assert.ok(text.includes("Sums it up"), "the fixture has a summary");
      await page.setInputFiles("[data-testid=spec-file]", {
        name: "big.json",
        mimeType: "application/json",
        buffer: Buffer.from(text),
      });
      await page.waitForFunction(() =>
        /^Read big\.json/.test(
          document.querySelector("[data-testid=spec-status]")?.textContent ??
            "",
        )
      );
      // It had stayed empty: the header read the outline's index.
      await page.waitForSelector("[data-testid=spec-summary]");
      assert.equal(
        await page.textContent("[data-testid=spec-summary]"),
        "Sums it up",
      );
    }),
});
