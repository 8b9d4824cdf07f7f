/**
 * Every page works mounted under a path by a proxy that strips it
 * (tests/helpers/prefix_proxy.ts): its style sheets, scripts, chunks and
 * workers load, its islands hydrate, its links and the runner's requests
 * stay under the mount. The app trusts no proxy here: the pages' URLs are
 * relative to themselves (components/app_path.ts).
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { allHydrated, BROWSER_TEST, withPage } from "../helpers/browser.ts";
import { startPrefixProxy } from "../helpers/prefix_proxy.ts";
import { startServer } from "../helpers/server.ts";
import { createApp } from "../../server/app.ts";
import { loaded, pick } from "../helpers/har_browser.ts";
import {
  HTTP_ERRORS,
  resultStatus,
  runner,
} from "../helpers/runner_browser.ts";

/** Every request the page makes and every answer of 400 or more. */
function networkLog(page: Page) {
  const requests: string[] = [];
  const failed: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  page.on("response", (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  // A preload still in flight when the test goes to the next page is
  // aborted by that navigation (net::ERR_ABORTED): not a failure of the
  // mount, which answers 404 (a response, above) for a wrong URL.
  page.on("requestfailed", (r) => {
    const why = r.failure()?.errorText ?? "";
    if (!why.includes("ERR_ABORTED")) failed.push(`failed ${r.url()} ${why}`);
  });
  return { requests, failed };
}

Deno.test({
  name:
    "mounted under /tools/: every page hydrates with no failed request, and its links, files and workers stay under the mount",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, errors }) => {
      const app = startServer(createApp().fetch);
      const proxy = startPrefixProxy(app.origin);
      const mount = proxy.origin + "/tools/";
      try {
        const log = networkLog(page);
        for (const path of ["", "spec", "spec/compare", "har", "debug"]) {
          await page.goto(mount + path);
          await allHydrated(page);
          const links = await page.$$eval(
            "header a, footer a, main a[href]:not([href^='#'])",
            (as) => as.map((a) => (a as HTMLAnchorElement).href),
          );
          assert.ok(links.length >= 6, `${path}: ${links.length} links`);
          for (const href of links) {
            assert.ok(href.startsWith(mount), `${path}: link ${href}`);
          }
          assert.equal(
            await page.locator("header nav a[aria-current=page]").count(),
            path === "" ? 0 : 1,
            `${path}: its own link marked`,
          );
        }
        // The viewers' workers start under the mount too.
        await page.goto(mount + "spec");
        await allHydrated(page);
        await page.click("[data-testid=spec-example]");
        await page.waitForSelector("[data-testid=endpoint-row]");
        await page.goto(mount + "har");
        await allHydrated(page);
        await pick(page, "bom.har");
        await loaded(page);

        for (const url of log.requests) {
          assert.ok(url.startsWith(mount), `request outside: ${url}`);
        }
        assert.ok(
          log.requests.some((u) => u.includes("/tools/_build/client.js")),
        );
        assert.ok(
          log.requests.some((u) => /\/tools\/_build\/spec_worker\.js/.test(u)),
          "the spec worker",
        );
        assert.deepEqual(log.failed, []);
        assert.deepEqual(errors, []);
      } finally {
        await proxy.close();
        await app.close();
      }
    }),
});

Deno.test({
  name:
    "mounted under /tools/: the runner shows and sends /tools/api/debug/get and shows its result",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page }) => {
      const app = startServer(createApp().fetch);
      const proxy = startPrefixProxy(app.origin);
      try {
        const log = networkLog(page);
        await page.goto(proxy.origin + "/tools/debug#get");
        await allHydrated(page);
        const r = runner(page, "get");
        assert.equal(
          await r.locator("[data-testid=url]").textContent(),
          `${proxy.origin}/tools/api/debug/get`,
        );
        await r.locator("[data-testid=run]").click();
        assert.equal(await resultStatus(r), "200");
        assert.ok(
          log.requests.includes(`${proxy.origin}/tools/api/debug/get`),
          log.requests.filter((u) => u.includes("/api/")).join("\n"),
        );
        // The endpoint saw the URL the client asked the proxy for? Only
        // with trust (below); here it echoes its own, and that is fine.
        assert.deepEqual(log.failed, []);
      } finally {
        await proxy.close();
        await app.close();
      }
    }, HTTP_ERRORS),
});

Deno.test({
  name:
    "mounted under /tools/, untrusted: /debug's intro, paths and examples show the paths its links go to",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page }) => {
      const app = startServer(createApp().fetch);
      const proxy = startPrefixProxy(app.origin);
      try {
        await page.goto(proxy.origin + "/tools/debug");
        await allHydrated(page);
        const shown = await page.evaluate(() => {
          const text = (s: string) => document.querySelector(s)!.textContent;
          const openapi = document.querySelector<HTMLAnchorElement>(
            ".debug-intro a[href$='openapi.json']",
          )!;
          // Each example's text, as a URL of the page's origin, and where
          // its link goes.
          const examples = [
            ...document.querySelectorAll<HTMLAnchorElement>("a.example-url"),
          ].map((a) => {
            const text = new URL(a.textContent!, location.origin);
            const href = new URL(a.href);
            return [text.pathname + text.search, href.pathname + href.search];
          });
          return {
            base: text(".debug-intro .lead code"),
            openapi: [openapi.textContent, new URL(openapi.href).pathname],
            path: text("#get .endpoint-path code"),
            // What a screen reader names the parameters and the runner by.
            names: [
              document.getElementById(
                document.querySelector("#get .table-wrap")!
                  .getAttribute("aria-labelledby")!,
              )!.textContent!.replace(/\s+/g, " ").trim(),
              document.querySelector("#get .runner-form")!
                .getAttribute("aria-label"),
            ],
            examples,
          };
        });
        assert.equal(shown.base, "/tools/api/debug");
        assert.deepEqual(shown.openapi, [
          "/tools/api/debug/openapi.json",
          "/tools/api/debug/openapi.json",
        ]);
        assert.equal(shown.path, "/tools/api/debug/get");
        assert.deepEqual(shown.names, [
          "Parameters of /tools/api/debug/get",
          "Try /tools/api/debug/get",
        ]);
        assert.ok(shown.examples.length > 50, `${shown.examples.length}`);
        for (const [text, href] of shown.examples) assert.equal(text, href);
      } finally {
        await proxy.close();
        await app.close();
      }
    }),
});

Deno.test("mounted under /tools/: before its script runs, the runner shows the mount trusted proxies name, else the server's own origin", async () => {
  for (const trusted of [true, false]) {
    const app = startServer(
      createApp({
        debug: { limits: { trustedProxies: trusted ? 1 : 0 } },
      }).fetch,
    );
    const proxy = startPrefixProxy(app.origin);
    try {
      const html = await (await fetch(proxy.origin + "/tools/debug")).text();
      const shared = JSON.parse(
        /data-island-shared="DebugRunner">([^<]*)</.exec(html)![1],
      );
      assert.equal(
        shared.mount,
        trusted ? `${proxy.origin}/tools` : app.origin,
      );
      assert.equal(shared.root, "./");
      assert.match(
        html,
        new RegExp(
          `data-testid="url">${
            trusted ? `${proxy.origin}/tools` : app.origin
          }/api/debug/status/418<`,
        ),
      );
    } finally {
      await proxy.close();
      await app.close();
    }
  }
});
