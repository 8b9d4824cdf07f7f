import assert from "node:assert/strict";
/**
 * Accessibility of `/spec` with a spec loaded and an operation open, in the
 * light and the dark theme: no critical or serious axe violation, method
 * badges 4.5:1 with distinct hues, Tab reaches every scrolling region.
 */
import { corpusDir, SKIPPED } from "../helpers/corpus.ts";
import { BROWSER_TEST, gotoHydrated, withPage } from "../helpers/browser.ts";
import { auditPage, HUED, loadSpec, openOperation } from "../helpers/a11y.ts";

const SPEC_FIX = new URL("../fixtures/openapi/", import.meta.url);

Deno.test({
  name:
    "a11y /spec: fixture loaded, an operation open, light and dark, badges 4.5:1",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await loadSpec(
        page,
        server.origin,
        new URL("mini-3.2.yaml", SPEC_FIX).pathname,
      );
      await openOperation(page, "get", "/b/{id}");
      await auditPage(page, "/spec mini-3.2.yaml", {
        tabRequired: ["[data-testid=endpoint-list]"],
        expectBadges: [...HUED, "head", "options", "trace", "purge"],
      });
      // A pressed method chip (the filter's "get" term).
      await page.click(".sv-method-chip[data-method=get]");
      await page.waitForSelector(".sv-method-chip[aria-pressed=true]");
      await auditPage(page, "/spec mini-3.2.yaml, GET chip pressed", {});
      // A term highlighted in a deprecated row's muted, struck-through path.
      await page.fill("[data-testid=spec-filter]", "delete b");
      await page.waitForSelector(".sv-row.is-deprecated .sv-path mark");
      // Open, on the open row's soft background.
      await openOperation(page, "delete", "/b/{id}");
      await auditPage(
        page,
        "/spec mini-3.2.yaml, a deprecated row matched",
        {},
      );
      // A term highlighted in the muted summaries and operationIds.
      await page.fill("[data-testid=spec-filter]", "b");
      await page.waitForSelector(".sv-summary mark");
      await auditPage(page, "/spec mini-3.2.yaml, summaries matched", {});
      // The page's text colour on the highlight, not the summary's muted
      // grey (4.4:1 light, 2.6:1 dark: axe leaves a blended background
      // unjudged here).
      assert.equal(
        await page.$eval(".sv-summary mark", (m) => getComputedStyle(m).color),
        await page.$eval("h1", (h) => getComputedStyle(h).color),
      );
    }),
});

Deno.test({
  name: "a11y /spec: 60 warnings open in their scrolling list, Tab gets in",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      // Every operation refers to a parameter that is not there: a warning
      // each, more than the warnings box shows without scrolling.
      const paths = Object.fromEntries(
        Array.from({ length: 60 }, (_, i) => [`/p${i}`, {
          get: {
            parameters: [{ $ref: `#/components/parameters/Missing${i}` }],
            responses: { "200": { description: "ok" } },
          },
        }]),
      );
      await gotoHydrated(page, server.origin, "/spec");
      await page.$eval(
        "[data-testid=spec-input]",
        (el, text) => {
          const ta = el as HTMLTextAreaElement;
          ta.value = text;
          ta.dispatchEvent(new InputEvent("input", { bubbles: true }));
        },
        JSON.stringify({
          openapi: "3.0.3",
          info: { title: "Warnings", version: "1" },
          paths,
        }),
      );
      await page.click("[data-testid=spec-warnings] summary");
      await page.waitForFunction(() =>
        document.querySelectorAll("[data-testid=spec-warning]").length === 60
      );
      await auditPage(page, "/spec warnings", {
        tabRequired: ["[data-testid=spec-warnings] ul"],
      });
    }),
});

const SPEC_CORPUS = corpusDir("specs");

Deno.test({
  name: "a11y /spec: a corpus spec with bodies and responses open" +
    (SPEC_CORPUS ? "" : SKIPPED),
  ignore: !SPEC_CORPUS,
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await loadSpec(
        page,
        server.origin,
        SPEC_CORPUS + "oai-v3.0-petstore-expanded.yaml",
      );
      await openOperation(page, "post", "/pets");
      // Every schema tree of the operation expanded, keyboard focus in one.
      const expand = page.locator("[data-testid=schema-expand-all]");
      for (let i = 0; i < await expand.count(); i++) {
        await expand.nth(i).click();
      }
      await page.waitForFunction(() =>
        !document.querySelector(
          "[data-testid=schema-expand-all][aria-disabled=true]",
        )
      );
      await page.locator("[role=treeitem]").first().focus();
      await auditPage(page, "/spec petstore-expanded", {
        tabRequired: ["[data-testid=endpoint-list]"],
        expectBadges: ["get", "post", "delete"],
      });
    }),
});
