/**
 * A runner never sends what the server would refuse, and never leaves an
 * older result beside a request it did not send.
 */
import assert from "node:assert/strict";
import { BROWSER_TEST, gotoHydrated, withPage } from "../helpers/browser.ts";

Deno.test({
  name: "browser runner: an invalid code is not sent and clears the old result",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const requests: string[] = [];
      page.on("request", (r) => requests.push(r.url()));
      await gotoHydrated(page, server.origin, "/debug");
      const runner = page.locator("[data-testid=runner][data-endpoint=status]");
      await runner.locator("[data-param=code]").fill("418");
      await runner.locator("[data-testid=run]").click();
      await runner.locator("[data-testid=result-status]").waitFor();
      assert.equal(
        await runner.locator("[data-testid=result-status]").textContent(),
        "418",
      );
      const before = requests.length;
      await runner.locator("[data-param=code]").fill("100");
      await runner.locator("[data-testid=run]").click();
      await runner.locator("[data-testid=not-sent]").waitFor();
      assert.equal(
        await runner.locator("[data-testid=result-status]").count(),
        0,
      );
      assert.match(
        await runner.locator(".field-error").first().textContent() ?? "",
        /informational/,
      );
      assert.equal(
        requests.slice(before).filter((u) => u.includes("/status/100")).length,
        0,
      );
    }),
});
