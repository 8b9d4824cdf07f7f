/**
 * "Open in spec viewer" on /spec/compare: a change's operation opens in a
 * new /spec tab, in the version that has it (the revision, the base for a
 * removed operation), its detail open; the document is handed over tab to
 * tab (spec_handoff.ts), never through the server, and a tab that gets
 * none says why.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { BROWSER_TEST, gotoHydrated, withPage } from "../helpers/browser.ts";
import {
  fixture,
  fixturePath,
  openCompare,
  pasteBoth,
  pick,
  waitCompared,
} from "./compare_page.ts";
import { corpusDir, SKIPPED } from "../helpers/corpus.ts";

const CORPUS = corpusDir("specs");

async function loadPair(page: Page): Promise<void> {
  await pick(page, "base", fixturePath("pets-v1.yaml"));
  await pick(page, "revision", fixturePath("pets-v2.yaml"));
  await waitCompared(page);
}

/**
 * Clicks `link` and returns the spec tab it opened, with every request
 * that tab made (none may carry a body: the document stays in the browser).
 */
async function follow(page: Page, click: () => Promise<void>) {
  const [tab] = await Promise.all([page.waitForEvent("popup"), click()]);
  const sent: string[] = [];
  tab.on("request", (r) => {
    if (r.postData()) sent.push(`${r.method()} ${r.url()}`);
  });
  await tab.waitForSelector("[data-testid=operation-detail]");
  return { tab, sent };
}

Deno.test({
  name:
    "compare spec link: a changed operation opens in a new spec tab, in the revision, its detail open",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openCompare(page, server.origin);
      await loadPair(page);
      const row = page.locator("[data-testid=change-row]", {
        hasText: "became required",
      }).filter({ hasText: "tag" });
      await row.locator("button.cmp-row-main").click();
      const link = row.locator("[data-testid=change-spec-link]");
      assert.equal(await link.getAttribute("data-side"), "revision");
      const { tab, sent } = await follow(page, () => link.click());
      try {
        assert.equal(
          await tab.textContent("[data-testid=spec-version]"),
          "2.0",
        );
        const open = tab.locator(
          "[data-testid=endpoint-row][data-method=post][data-path='/pets'] .sv-row-main",
        );
        assert.equal(await open.getAttribute("aria-expanded"), "true");
        // The revision's schema: `tag` is required there, not in the base.
        const tag = tab.locator(
          "[data-testid=operation-detail] [data-testid=schema-prop][data-path=tag]",
        ).first();
        assert.equal(await tag.getAttribute("data-required"), "true");
        assert.equal(
          await tab.getAttribute("[data-testid=spec-handoff]", "data-side"),
          "revision",
        );
        // The one-time key left the address; the operation stays in it.
        await tab.waitForFunction(() => !location.hash.includes("handoff"));
        assert.match(tab.url(), /#op=post\+%2Fpets$/);
        assert.deepEqual(sent, []);
        // The renamed path parameter: the revision's template is listed.
        const [again] = await Promise.all([
          page.waitForEvent("popup"),
          page.locator(
            "[data-testid=change-group][data-key='get /pets/{petId}'] [data-testid=group-spec-link]",
          ).click(),
        ]);
        await again.waitForSelector("[data-testid=operation-detail]");
        assert.equal(await again.$("[data-testid=spec-link-missing]"), null);
        await again.close();
      } finally {
        await tab.close();
      }
    }),
});

Deno.test({
  name:
    "compare spec link: a removed operation opens in the base, from its group's heading (pasted text handed over)",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openCompare(page, server.origin);
      await pasteBoth(page, fixture("pets-v1.yaml"), fixture("pets-v2.yaml"));
      const link = page.locator(
        "[data-testid=change-group][data-key='delete /pets/{id}'] [data-testid=group-spec-link]",
      );
      assert.equal(await link.getAttribute("data-side"), "base");
      const { tab, sent } = await follow(page, () => link.click());
      try {
        assert.equal(
          await tab.textContent("[data-testid=spec-version]"),
          "1.0",
        );
        const open = tab.locator(
          "[data-testid=endpoint-row][data-method=delete][data-path='/pets/{id}'] .sv-row-main",
        );
        assert.equal(await open.getAttribute("aria-expanded"), "true");
        assert.match(
          (await tab.textContent("[data-testid=spec-handoff]"))!,
          /the base \(Pet Store 1\.0\)/,
        );
        assert.deepEqual(sent, []);
      } finally {
        await tab.close();
      }
    }),
});

Deno.test({
  name:
    "compare spec link: the operation opened in the spec tab is shown: its row at the top of the scrolled list and in the window, its detail below",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      // 200 operations; the revision adds a required query parameter to
      // the 150th.
      const doc = (changed: boolean) => {
        const paths: Record<string, unknown> = {};
        for (let i = 0; i < 200; i++) {
          paths[`/p${String(i).padStart(3, "0")}`] = {
            get: {
              ...(changed && i === 150
                ? {
                  parameters: [{
                    name: "q",
                    in: "query",
                    required: true,
                    schema: { type: "string" },
                  }],
                }
                : {}),
              responses: { 200: { description: "ok" } },
            },
          };
        }
        return JSON.stringify({
          openapi: "3.1.0",
          info: { title: "many", version: "1" },
          paths,
        });
      };
      await openCompare(page, server.origin);
      await pasteBoth(page, doc(false), doc(true));
      const link = page.locator(
        "[data-testid=change-group][data-key='get /p150'] [data-testid=group-spec-link]",
      );
      const { tab } = await follow(page, () => link.click());
      try {
        // Shown once the page settles: the row under the list's top edge
        // (the sticky toolbar above it) and wholly in the window.
        await tab.waitForFunction(
          () => {
            const row = document.querySelector(
              "[data-testid=endpoint-row][data-path='/p150'] .sv-row-main",
            );
            const list = document.querySelector("[data-testid=endpoint-list]");
            if (!row || !list) return false;
            const r = row.getBoundingClientRect();
            const l = list.getBoundingClientRect();
            return Math.abs(r.top - l.top) <= 2 && r.top >= 0 &&
              r.bottom <= innerHeight;
          },
          undefined,
          { timeout: 5_000 },
        );
        const open = tab.locator(
          "[data-testid=endpoint-row][data-path='/p150'] .sv-row-main",
        );
        assert.equal(await open.getAttribute("aria-expanded"), "true");
      } finally {
        await tab.close();
      }
    }),
});

Deno.test({
  name:
    "compare spec link: a spec tab that gets no document says why (no compare tab; a key it no longer holds; its compare tab closed)",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const key = "0123456789abcdef0123456789abcdef";
      // Opened by hand (the address copied): there is no compare tab.
      await gotoHydrated(
        page,
        server.origin,
        `/spec#op=get+%2Fpets&handoff=${key}`,
      );
      const note = page.locator(
        "[data-testid=spec-handoff][data-state=failed]",
      );
      await note.waitFor();
      assert.match(
        (await note.textContent())!,
        /not opened by one \(an address typed or copied\)/,
      );
      assert.equal(await note.getAttribute("role"), "alert");
      // Opened by a compare tab that holds no such key (it was reloaded).
      await openCompare(page, server.origin);
      const [tab] = await Promise.all([
        page.waitForEvent("popup"),
        page.evaluate(
          (k) => void open(`../spec#op=get+%2Fpets&handoff=${k}`, "_blank"),
          key,
        ),
      ]);
      try {
        const gone = tab.locator(
          "[data-testid=spec-handoff][data-state=failed]",
        );
        await gone.waitFor();
        assert.match((await gone.textContent())!, /no longer holds it/);
      } finally {
        await tab.close();
      }
      // Opened by a compare tab closed before the new one asked: the new
      // tab's scripts are held until the compare tab is closed (closed "at
      // once" raced the new tab's question, which a loaded machine let the
      // compare tab answer first, as a tab that no longer holds the key).
      const compare = await page.context().newPage();
      let closed!: () => void;
      const compareClosed = new Promise<void>((r) => closed = r);
      try {
        await openCompare(compare, server.origin);
        await page.context().route(
          (u) => u.pathname.includes("/_build/"),
          async (route) => {
            await compareClosed;
            await route.continue();
          },
        );
        const [orphan] = await Promise.all([
          compare.waitForEvent("popup"),
          compare.evaluate(
            (k) => void open(`../spec#op=get+%2Fpets&handoff=${k}`, "_blank"),
            key,
          ),
        ]);
        await compare.close();
        closed();
        try {
          const closed = orphan.locator(
            "[data-testid=spec-handoff][data-state=failed]",
          );
          await closed.waitFor();
          assert.match(
            (await closed.textContent())!,
            /the compare tab that opened this one (is|was) closed/,
          );
        } finally {
          await orphan.close();
        }
      } finally {
        if (!compare.isClosed()) await compare.close();
      }
    }),
});

Deno.test({
  name:
    "compare spec link: a blocked new tab is said in the compare page's note, and the next link that opens clears it",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openCompare(page, server.origin);
      await loadPair(page);
      const link = page.locator(
        "[data-testid=change-group][data-key='delete /pets/{id}'] [data-testid=group-spec-link]",
      );
      // A pop-up blocker: window.open gives no window.
      const allow = await page.evaluateHandle(() => {
        const real = globalThis.open;
        globalThis.open = () => null;
        return () => void (globalThis.open = real);
      });
      let popups = 0;
      page.on("popup", () => popups++);
      await link.click();
      const note = page.locator("[data-testid=compare-note]");
      await page.waitForFunction(() =>
        /blocked the new tab/.test(
          document.querySelector("[data-testid=compare-note]")?.textContent ??
            "",
        )
      );
      assert.match(
        (await note.textContent())!,
        /^The browser blocked the new tab: allow pop-ups for this page to open the spec viewer\.$/,
      );
      assert.equal(await note.getAttribute("role"), "status");
      assert.equal(popups, 0);
      // Allowed again: the tab opens and the note goes.
      await allow.evaluate((f) => f());
      const { tab } = await follow(page, () => link.click());
      try {
        assert.equal(await note.textContent(), "");
      } finally {
        await tab.close();
      }
    }),
});

Deno.test({
  name:
    "compare spec link: a spec tab whose opener does not answer waits (8 s on, still), then says so past 10 s",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const key = "0123456789abcdef0123456789abcdef";
      // An opener of this origin that answers nothing (a page other than
      // compare); the clock is the browser's own, run forward by the test,
      // for every tab of the context.
      await gotoHydrated(page, server.origin, "/har");
      await page.clock.install();
      const [tab] = await Promise.all([
        page.waitForEvent("popup"),
        page.evaluate(
          (k) => void open(`/spec#op=get+%2Fpets&handoff=${k}`, "_blank"),
          key,
        ),
      ]);
      try {
        const state = () =>
          tab.getAttribute("[data-testid=spec-handoff]", "data-state");
        await tab.locator("[data-testid=spec-handoff][data-state=waiting]")
          .waitFor();
        // The installed clock also flows on its own between the wait's
        // start and these calls (hundreds of milliseconds on a loaded
        // machine): margins of 2 s each side of the 10 s.
        await tab.clock.runFor(8_000);
        assert.equal(await state(), "waiting");
        await tab.clock.runFor(4_000);
        const failed = tab.locator(
          "[data-testid=spec-handoff][data-state=failed]",
        );
        await failed.waitFor();
        assert.match(
          (await failed.textContent())!,
          /did not answer within 10 s/,
        );
      } finally {
        await tab.close();
      }
    }),
});

Deno.test({
  name: "compare spec link: Stripe's 3 MB revision is handed over whole" +
    (CORPUS ? "" : SKIPPED),
  ignore: !CORPUS,
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openCompare(page, server.origin);
      await pick(page, "base", `${CORPUS}stripe-spec3.json`);
      await pick(page, "revision", `${CORPUS}stripe-spec3-2020-08-27.json`);
      await waitCompared(page);
      const link = page.locator(
        "[data-testid=change-group] [data-testid=group-spec-link][data-side=revision]",
      ).first();
      const key = await link.evaluate((a) =>
        a.closest("[data-testid=change-group]")!.getAttribute("data-key")
      );
      const [method, path] = key!.split(" ");
      const { tab, sent } = await follow(page, () => link.click());
      try {
        assert.equal(
          await tab.textContent("[data-testid=spec-version]"),
          "2020-08-27",
        );
        const row = tab.locator(
          `[data-testid=endpoint-row][data-method=${method}][data-path='${path}'] .sv-row-main`,
        );
        assert.equal(await row.getAttribute("aria-expanded"), "true");
        assert.deepEqual(sent, []);
      } finally {
        await tab.close();
      }
    }),
});
