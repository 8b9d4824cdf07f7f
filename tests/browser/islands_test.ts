import assert from "node:assert/strict";
import { errors } from "playwright-core";
import { Buffer } from "node:buffer";
import {
  allHydrated,
  BROWSER_TEST,
  gotoHydrated,
  withPage,
} from "../helpers/browser.ts";
import { PAGES } from "../../routes/table.ts";
import type { IslandName } from "../../islands/registry.ts";
import { specStored } from "../helpers/spec_open.ts";

/**
 * The islands each page renders, by their `data-island` names: the layout's
 * ThemeToggle on every page, and the page's own tool (server/render.tsx and
 * the modules of routes/table.ts).
 */
const PAGE_ISLANDS: Record<string, IslandName[]> = {
  "/": ["ThemeToggle"],
  "/spec": ["SpecViewer", "ThemeToggle"],
  "/spec/compare": ["CompareViewer", "ThemeToggle"],
  "/har": ["HarViewer", "ThemeToggle"],
  "/debug": ["DebugRunner", "ThemeToggle"],
};

Deno.test({
  name: "browser: every page hydrates its islands without errors",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      // Every page of the route table is checked here.
      assert.deepEqual(
        Object.keys(PAGE_ISLANDS).sort(),
        Object.keys(PAGES).sort(),
      );
      for (const [path, expected] of Object.entries(PAGE_ISLANDS)) {
        await page.goto(server.origin + path);
        // The markers are server-rendered: all there once the page loaded.
        const names = await page.$$eval(
          "[data-island]",
          (els) => els.map((e) => (e as HTMLElement).dataset.island ?? ""),
        );
        assert.deepEqual([...new Set(names)].sort(), expected, path);
        // Wait (bounded) for the boot script, then name any island it left
        // unhydrated.
        await allHydrated(page).catch((e) => {
          if (!(e instanceof errors.TimeoutError)) throw e;
        });
        const states = await page.$$eval(
          "[data-island]",
          (els) =>
            els.map((e) => {
              const { island, hydrated } = (e as HTMLElement).dataset;
              return [island ?? "", hydrated ?? "(not set)"];
            }),
        );
        for (const name of expected) {
          const of = states.filter(([n]) => n === name);
          assert.ok(of.length >= 1, `${path}: ${name} rendered`);
          for (const [, hydrated] of of) {
            assert.equal(hydrated, "true", `${path}: ${name} hydrated`);
          }
        }
      }
    }),
});

Deno.test({
  name: "browser: the theme toggle island is interactive and remembered",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/");
      const toggle = page.locator("[data-testid=theme-toggle]");
      assert.equal(await toggle.getAttribute("data-theme-choice"), "auto");
      await toggle.click();
      assert.equal(await toggle.getAttribute("data-theme-choice"), "light");
      await toggle.click();
      assert.equal(await toggle.textContent(), "Theme: dark");
      const theme = () =>
        page.evaluate(() => document.documentElement.dataset.theme ?? "");
      assert.equal(await theme(), "dark");
      // The choice survives navigation, applied before the island hydrates.
      await page.goto(server.origin + "/har");
      assert.equal(await theme(), "dark");
      const bg = await page.evaluate(() =>
        getComputedStyle(document.body).backgroundColor
      );
      assert.equal(bg, "rgb(15, 19, 24)");
    }),
});

Deno.test({
  name:
    "browser: a file picked or text pasted before the page's script ran is read once it runs (spec, compare, HAR)",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const spec = JSON.stringify({
        openapi: "3.1.0",
        info: { title: "Early", version: "1" },
        paths: { "/early": { get: { responses: {} } } },
      });
      const har = JSON.stringify({
        log: {
          version: "1.2",
          entries: [{
            startedDateTime: "2024-01-01T00:00:00Z",
            time: 1,
            request: {
              method: "GET",
              url: "https://x.test/early",
              headers: [],
            },
            response: { status: 200, headers: [], content: { size: 0 } },
            timings: { send: 0, wait: 1, receive: 0 },
          }],
        },
      });
      // The island's script held back: the picker is there, no handler yet.
      let release = () => {};
      let held = Promise.resolve();
      await page.route("**/client.js*", async (route) => {
        await held;
        await route.continue();
      });
      const cases: [string, string, string, string][] = [
        [
          "/spec",
          "[data-testid=spec-file]",
          spec,
          "[data-testid=endpoint-row]",
        ],
        [
          "/spec/compare",
          "[data-testid=compare-base-file]",
          spec,
          "[data-testid=compare-base][data-status=ok]",
        ],
        ["/har", "[data-testid=har-file]", har, "[data-testid=har-row]"],
      ];
      // The same with text pasted into each page's box.
      const pasted: [string, string, string, string][] = cases.map((
        [path, , text, shown],
      ) => [
        path,
        path === "/spec"
          ? "[data-testid=spec-input]"
          : path === "/har"
          ? "[data-testid=har-input]"
          : "[data-testid=compare-base-input]",
        text,
        shown,
      ]);
      for (const [path, input, text, shown] of pasted) {
        held = new Promise<void>((r) => release = r);
        await page.goto(server.origin + path, { waitUntil: "commit" });
        await page.waitForSelector(input, { state: "attached" });
        await page.fill(input, text);
        release();
        await page.waitForSelector(shown, { timeout: 15_000 });
      }
      for (const [path, input, text, shown] of cases) {
        held = new Promise<void>((r) => release = r);
        await page.goto(server.origin + path, { waitUntil: "commit" });
        await page.waitForSelector(input, { state: "attached" });
        assert.equal(
          await page.$$eval("[data-hydrated=true]", (els) => els.length),
          0,
          path,
        );
        await page.setInputFiles(input, {
          name: "early.json",
          mimeType: "application/json",
          buffer: Buffer.from(text),
        });
        release();
        await page.waitForSelector(shown, { timeout: 15_000 });
      }
    }),
});

const earlySpec = (title: string, path: string) =>
  JSON.stringify({
    openapi: "3.1.0",
    info: { title, version: "1" },
    paths: { [path]: { get: { responses: {} } } },
  });
const earlyHar = (path: string) =>
  JSON.stringify({
    log: {
      version: "1.2",
      entries: [{
        startedDateTime: "2024-01-01T00:00:00Z",
        time: 1,
        request: { method: "GET", url: `https://x.test${path}`, headers: [] },
        response: { status: 200, headers: [], content: { size: 0 } },
        timings: { send: 0, wait: 1, receive: 0 },
      }],
    },
  });

Deno.test({
  name:
    "browser: early paste and early file together: the file wins; an early paste beats the session's spec",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      let release = () => {};
      let held = Promise.resolve();
      await page.route("**/client.js*", async (route) => {
        await held;
        await route.continue();
      });
      const settle = () => page.waitForTimeout(1_000);
      // Both a paste and a file before the script: the file is shown.
      const cases: [string, string, string, string, string, string][] = [
        [
          "/spec",
          "[data-testid=spec-input]",
          "[data-testid=spec-file]",
          earlySpec("Pasted", "/pasted"),
          earlySpec("Filed", "/filed"),
          "[data-testid=endpoint-row]",
        ],
        [
          "/spec/compare",
          "[data-testid=compare-base-input]",
          "[data-testid=compare-base-file]",
          earlySpec("Pasted", "/pasted"),
          earlySpec("Filed", "/filed"),
          "[data-testid=compare-base-read]",
        ],
        [
          "/har",
          "[data-testid=har-input]",
          "[data-testid=har-file]",
          earlyHar("/pasted"),
          earlyHar("/filed"),
          "[data-testid=har-row]",
        ],
      ];
      for (const [path, box, picker, pasted, filed, shown] of cases) {
        await page.evaluate(() => sessionStorage.clear()).catch(() => {});
        held = new Promise<void>((r) => release = r);
        await page.goto(server.origin + path, { waitUntil: "commit" });
        await page.waitForSelector(picker, { state: "attached" });
        await page.fill(box, pasted);
        await page.setInputFiles(picker, {
          name: "early.json",
          mimeType: "application/json",
          buffer: Buffer.from(filed),
        });
        release();
        await page.waitForSelector(shown, { timeout: 15_000 });
        // A loaded machine may still be reading the file: what is shown
        // once it is read is the question (then a settle, for a paste that
        // would come after it).
        await page.waitForFunction(
          (sel) =>
            !/^Reading /.test(document.querySelector(sel)?.textContent ?? ""),
          shown,
          { timeout: 15_000 },
        );
        await settle();
        const text = await page.textContent(shown) ?? "";
        assert.match(text, /filed|Filed/i, `${path}: ${text}`);
        assert.doesNotMatch(text, /pasted/i, `${path}: ${text}`);
      }

      // The spec viewer with a spec kept from before the reload: text
      // pasted before the script ran wins over the restored one.
      held = Promise.resolve();
      await page.goto(server.origin + "/spec");
      await page.waitForSelector("[data-hydrated=true]");
      await page.fill("[data-testid=spec-input]", earlySpec("Kept", "/kept"));
      await page.waitForSelector(
        "[data-testid=endpoint-row][data-path='/kept']",
      );
      await specStored(page);
      held = new Promise<void>((r) => release = r);
      await page.goto(server.origin + "/spec", { waitUntil: "commit" });
      await page.waitForSelector("[data-testid=spec-input]", {
        state: "attached",
      });
      await page.fill("[data-testid=spec-input]", earlySpec("Early", "/early"));
      release();
      await page.waitForSelector(
        "[data-testid=endpoint-row][data-path='/early']",
        { timeout: 15_000 },
      );
      await settle();
      assert.equal(
        await page.$$eval(
          "[data-testid=endpoint-row]",
          (els) => els.map((e) => e.getAttribute("data-path")).join(),
        ),
        "/early",
      );
    }),
});

Deno.test({
  name:
    "browser: a page's islands are marked hydrated together, so the first mark means the whole page listens",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      // Seen at the first mark: how many islands were not yet hydrated.
      await page.addInitScript(() => {
        const w = globalThis as unknown as { __notYet?: number };
        new MutationObserver((_, obs) => {
          if (!document.querySelector("[data-hydrated]")) return;
          w.__notYet = document.querySelectorAll(
            "[data-island]:not([data-hydrated])",
          ).length;
          obs.disconnect();
        }).observe(document, {
          subtree: true,
          attributes: true,
          attributeFilter: ["data-hydrated"],
        });
      });
      for (const path of ["/debug", "/spec", "/har", "/spec/compare"]) {
        await page.goto(server.origin + path);
        await page.waitForFunction(() =>
          (globalThis as unknown as { __notYet?: number }).__notYet !==
            undefined
        );
        assert.equal(
          await page.evaluate(() =>
            (globalThis as unknown as { __notYet: number }).__notYet
          ),
          0,
          path,
        );
      }
    }),
});

Deno.test({
  name:
    "browser: an island whose chunk fails to load leaves the page's other islands hydrated",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await page.route("**/ThemeToggle-*.js", (route) => route.abort());
      await page.goto(server.origin + "/spec");
      await page.waitForSelector(
        "[data-island=SpecViewer][data-hydrated=true]",
        { state: "attached" },
      );
      assert.equal(
        await page.$("[data-island=ThemeToggle][data-hydrated]"),
        null,
      );
      await page.unroute("**/ThemeToggle-*.js");
    }, {
      allowErrors: [
        /island failed to load/,
        /Failed to (load|fetch)/,
        /ERR_FAILED/,
      ],
    }),
});
