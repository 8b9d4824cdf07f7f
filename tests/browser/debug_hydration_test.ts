/**
 * How `/debug`'s fifty-odd runners come alive (server/client.ts): each
 * marker carries only its endpoint's id, they hydrate in slices without the
 * reader scrolling, the one a link names first, and a runner pressed
 * before its turn never submits its form natively.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  allHydrated,
  BROWSER_TEST,
  gotoHydrated,
  withPage,
} from "../helpers/browser.ts";
import {
  HTTP_ERRORS,
  resultStatus,
  runner,
} from "../helpers/runner_browser.ts";

/**
 * Holds back the runners' chunk (the boot script runs, the forms are
 * there, nothing listens to them yet); the returned function lets it go.
 */
async function holdRunners(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((r) => release = r);
  await page.route("**/DebugRunner-*.js", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The island root around endpoint `id`'s runner. */
const rootOf = (id: string) =>
  `[data-island=DebugRunner]:has([data-endpoint=${id}])`;

Deno.test({
  name:
    "debug hydration: a runner far down is hydrated without scrolling, markers carry only an id, and the first runner works",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await page.goto(server.origin + "/debug");
      await page.waitForSelector(`${rootOf("sse")}[data-hydrated=true]`, {
        state: "attached",
        timeout: 15_000,
      });
      assert.equal(await page.evaluate(() => scrollY), 0);
      const props = await page.$$eval(
        "[data-island=DebugRunner]",
        (els) => els.map((e) => JSON.parse((e as HTMLElement).dataset.props!)),
      );
      assert.ok(props.length > 40, `${props.length} runners`);
      for (const p of props) assert.deepEqual(Object.keys(p), ["endpoint"]);
      assert.equal(
        await page.locator("script[data-island-shared=DebugRunner]").count(),
        1,
      );
      const status = runner(page, "status");
      await status.locator("[data-param=code]").fill("418");
      await status.locator("[data-testid=run]").click();
      assert.equal(await resultStatus(status), "418");
    }, HTTP_ERRORS),
});

Deno.test({
  name:
    "debug hydration: a link's runner, far down, is hydrated with the link's state, in view and focused",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await gotoHydrated(
        page,
        server.origin,
        "/debug#sse?count=2&interval=0&event=tick",
      );
      const sse = runner(page, "sse");
      assert.equal(await sse.locator("[data-param=count]").inputValue(), "2");
      assert.equal(
        await sse.locator("[data-param=event]").inputValue(),
        "tick",
      );
      assert.match(
        (await sse.locator("[data-testid=url]").textContent())!,
        /\/api\/debug\/sse\?count=2&interval=0&event=tick$/,
      );
      await page.waitForFunction(() =>
        document.activeElement?.matches("[data-endpoint=sse] [data-testid=run]")
      );
      const top = await page.evaluate(() =>
        document.getElementById("sse")!.getBoundingClientRect().top
      );
      assert.ok(Math.abs(top) < 50, `section top at ${top}`);
    }),
});

Deno.test({
  name:
    "debug hydration: a plain #id link's section, far down, is brought to the top once the references above it settle (at a phone's width too)",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 844 });
        await page.goto("about:blank");
        await gotoHydrated(page, server.origin, "/debug#get");
        // The references above laid out near the view: the browser's one
        // scroll to the anchor had been 348 px (803 at 390) off.
        await page.waitForTimeout(500);
        const top = await page.evaluate(() =>
          document.getElementById("get")!.getBoundingClientRect().top
        );
        assert.ok(Math.abs(top) < 50, `${width}: section top at ${top}`);
      }
    }),
});

Deno.test({
  name:
    "debug hydration: Run pressed before the runner listens does not reload the page; the runner works once hydrated",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      // The runners' chunk held back: the boot script runs, the forms
      // are there, nothing listens to them yet.
      const release = await holdRunners(page);
      await page.goto(server.origin + "/debug");
      assert.equal(await page.$("[data-hydrated]"), null);
      // Gone if the page reloads.
      await page.evaluate(() =>
        (globalThis as unknown as { __kept: boolean }).__kept = true
      );
      const echo = runner(page, "echo");
      await echo.locator("[data-testid=run]").click();
      await page.waitForTimeout(300);
      release();
      await allHydrated(page);
      // A native submit would have loaded /debug again (`/debug?`).
      assert.equal(
        await page.evaluate(() =>
          (globalThis as unknown as { __kept?: boolean }).__kept
        ),
        true,
      );
      // The press it missed is made once it listens: its result shows.
      assert.equal(await resultStatus(echo), "200");
      await echo.locator("[data-testid=run]").click();
      assert.equal(await resultStatus(echo), "200");
      await page.unroute("**/DebugRunner-*.js");
    }, HTTP_ERRORS),
});

Deno.test({
  name:
    "debug hydration: a value typed before the runner listens is the one it sends",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const release = await holdRunners(page);
      await page.goto(server.origin + "/debug");
      const status = runner(page, "status");
      await status.locator("[data-param=code]").fill("503");
      release();
      await allHydrated(page);
      assert.match(
        (await status.locator("[data-testid=url]").textContent())!,
        /\/api\/debug\/status\/503$/,
      );
      await status.locator("[data-testid=run]").click();
      assert.equal(await resultStatus(status), "503");
      assert.equal(
        await status.locator("[data-param=code]").inputValue(),
        "503",
      );
      await page.unroute("**/DebugRunner-*.js");
    }, HTTP_ERRORS),
});

Deno.test({
  name:
    "debug hydration: a value typed and sent (Enter) before the runner listens is the one the replayed press sends",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const release = await holdRunners(page);
      await page.goto(server.origin + "/debug");
      const status = runner(page, "status");
      const code = status.locator("[data-param=code]");
      await code.fill("503");
      await code.press("Enter");
      await page.waitForTimeout(200);
      // Kept, and said so (it had been silent until the runner listened).
      const form = status.locator("[role=form]");
      assert.equal(await form.getAttribute("aria-busy"), "true");
      release();
      await allHydrated(page);
      // The press it missed, made with what was typed (it had sent 418,
      // the server-rendered value, while the field showed 503).
      assert.equal(await resultStatus(status), "503");
      assert.equal(await code.inputValue(), "503");
      assert.equal(await form.getAttribute("data-held"), null);
      await page.unroute("**/DebugRunner-*.js");
    }, HTTP_ERRORS),
});
