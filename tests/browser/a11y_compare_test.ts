/**
 * Accessibility of `/spec/compare`, in the light and the dark theme: with
 * the fixture pair compared and a row open (both values side by side), with
 * documentation changes shown, and with both inputs rejected. No critical
 * or serious axe violation, method badges 4.5:1 with distinct hues, and Tab
 * reaches the list and every region that scrolls.
 */
import { BROWSER_TEST, withPage } from "../helpers/browser.ts";
import { auditPage } from "../helpers/a11y.ts";
import {
  fixture,
  fixturePath,
  openCompare,
  pick,
  waitCompared,
} from "./compare_page.ts";

Deno.test({
  name: "a11y /spec/compare: a pair compared, a row open, light and dark",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openCompare(page, server.origin);
      await auditPage(page, "/spec/compare empty", {
        tabRequired: [
          "[data-testid=compare-base-file]",
          "[data-testid=compare-revision-input]",
        ],
      });
      await pick(page, "base", fixturePath("pets-v1.yaml"));
      await pick(page, "revision", fixturePath("pets-v2.yaml"));
      await waitCompared(page);
      await page.click(
        "[data-testid=change-row][data-id=response-property-enum-value-added] .cmp-row-main",
      );
      await page.waitForSelector(
        "[data-testid=change-detail] [data-testid=change-value]",
      );
      await auditPage(page, "/spec/compare pets, a row open", {
        tabRequired: [
          "[data-testid=change-list]",
          "[data-testid=change-detail] [data-testid=change-value]",
        ],
        expectBadges: ["get", "post", "delete"],
      });
      // Documentation changes shown, info hidden: pressed and unpressed toggles.
      await page.click("[data-testid=compare-level-doc]");
      await page.click("[data-testid=compare-level-info]");
      await page.waitForSelector("[data-testid=change-row][data-level=doc]");
      await auditPage(page, "/spec/compare pets, doc on, info off", {});
    }),
});

Deno.test({
  name: "a11y /spec/compare: both inputs rejected, light and dark",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openCompare(page, server.origin);
      await page.fill(
        "[data-testid=compare-base-input]",
        fixture("broken-yaml.txt"),
      );
      await page.fill(
        "[data-testid=compare-revision-input]",
        '{"asyncapi": "2.6.0", "channels": {}}',
      );
      await page.waitForSelector("[data-testid=compare-error][data-side=base]");
      await page.waitForSelector(
        "[data-testid=compare-error][data-side=revision]",
      );
      await auditPage(page, "/spec/compare, both rejected", {
        tabRequired: ["[data-testid=compare-error] button"],
      });
    }),
});
