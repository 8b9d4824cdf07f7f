/**
 * Accessibility of `/debug`, the largest page, with runner results shown and
 * every sample open, in the light and the dark theme.
 */
import { BROWSER_TEST, gotoHydrated, withPage } from "../helpers/browser.ts";
import { auditPage } from "../helpers/a11y.ts";
import {
  HTTP_ERRORS,
  resultStatus,
  runner as runnerOf,
} from "../helpers/runner_browser.ts";

Deno.test({
  name: "a11y /debug: a runner result shown, light and dark",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/debug");
      const runner = (id: string) => runnerOf(page, id);
      // A 4xx result (its coloured status pill); a long JSON body, so the
      // body and the cURL command scroll; enough SSE events to scroll.
      await runner("status").locator("[data-param=code]").fill("418");
      await runner("status").locator("[data-testid=run]").click();
      await resultStatus(runner("status"));
      const body = JSON.stringify(
        Object.fromEntries(
          Array.from({ length: 40 }, (_, i) => [`field${i}`, `value ${i}`]),
        ),
        null,
        2,
      );
      await runner("echo").locator("[data-param=method]").selectOption("POST");
      await runner("echo").locator("[data-param=body]").fill(body);
      await runner("echo").locator("[data-testid=run]").click();
      await runner("echo").locator("[data-testid=result-body]").waitFor();
      await runner("sse").locator("[data-param=count]").fill("20");
      await runner("sse").locator("[data-param=interval]").fill("10");
      await runner("sse").locator("[data-testid=run]").click();
      await page.waitForFunction(() =>
        document.querySelectorAll("[data-testid=sse-event]").length === 20
      );
      // Every sample and rule set open, as a reader who opened them all.
      await page.$$eval("details", (ds) =>
        ds.forEach((d) => (d as HTMLDetailsElement).open = true));
      // Every reference laid out, as each is by the time a reader sees it:
      // axe reads colours off painted boxes, which a reference far from
      // the view (content-visibility: auto) has none of.
      await page.addStyleTag({
        content: ".endpoint-doc { content-visibility: visible !important }",
      });
      // Light and dark by the toggle, each also reached by the system
      // preference (the audit checks both paint alike).
      await auditPage(page, "/debug", { tabRequired: [] });
    }, HTTP_ERRORS),
});
