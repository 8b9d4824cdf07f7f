import assert from "node:assert/strict";
import { BROWSER_TEST, gotoHydrated, withPage } from "../helpers/browser.ts";

Deno.test({
  name: "browser: every page hydrates its islands without errors",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      for (const path of ["/", "/spec", "/har", "/debug"]) {
        await gotoHydrated(page, server.origin, path);
        const islands = await page.$$eval(
          "[data-island]",
          (els) => els.map((e) => (e as HTMLElement).dataset.hydrated),
        );
        assert.ok(islands.length >= 1, path);
        assert.ok(islands.every((h) => h === "true"), path);
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
