/**
 * `/api/debug/forms/post` as a person uses it in Chromium: the form is
 * filled in and submitted, and `/post` shows what the browser sent.
 */
import assert from "node:assert/strict";
import { BROWSER_TEST, withPage } from "../helpers/browser.ts";

Deno.test({
  name: "forms/post in Chromium: a filled-in order reaches /post as its form",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await page.goto(server.origin + "/api/debug/forms/post");
      await page.getByLabel("Name").fill("Ann Lee");
      await page.getByLabel("Email").fill("ann@example.com");
      await page.getByLabel("Large").check();
      await page.getByLabel("Onion").check();
      await page.getByLabel("Mushroom").check();
      await page.getByLabel("Instructions").fill("Ring twice & wait");
      await Promise.all([
        page.waitForURL(/\/api\/debug\/post$/),
        page.getByRole("button", { name: "Submit order" }).click(),
      ]);
      const sent = JSON.parse(await page.locator("body").innerText());
      assert.equal(
        sent.headers["Content-Type"],
        "application/x-www-form-urlencoded",
      );
      assert.equal(sent.form.custname, "Ann Lee");
      assert.equal(sent.form.custemail, "ann@example.com");
      assert.equal(sent.form.size, "large");
      assert.deepEqual(sent.form.topping, ["onion", "mushroom"]);
      assert.equal(sent.form.comments, "Ring twice & wait");
    }),
});
