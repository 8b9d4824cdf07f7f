/**
 * Copy as Python in Chromium, as a person uses it: copied from an
 * operation of a Stripe-like spec (a form body with Basic auth and
 * bracketed query keys; a multipart upload) and from a HAR entry, then
 * run by python3 with requests against our /anything, and what arrived
 * compared with what the page's cURL command sends there. The button sits
 * with the other copy buttons and says what it copied.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { BROWSER_TEST, gotoHydrated, withPage } from "../helpers/browser.ts";
import { findRow, loadSpec, openTimed } from "../helpers/spec_open.ts";
import { openViewer } from "../helpers/har_browser.ts";
import { entry, har } from "../helpers/har_hostile.ts";
import { hasRequests, runPython } from "../helpers/python.ts";
import { hasCurl, runCurlCommand } from "../helpers/curl.ts";

const READY = await hasCurl() && await hasRequests();
const FIX = new URL("../fixtures/openapi/", import.meta.url);

/** The file a multipart command reads, in the folder both clients run in. */
const FILES = { "path/to/file": "evidence\n" };

/** What /anything reflected, without what each client chooses itself. */
function received(text: string): Record<string, unknown> {
  const json = JSON.parse(text.slice(text.indexOf("{")));
  const headers = { ...json.headers };
  for (const h of ["User-Agent", "Accept-Encoding", "Connection"]) {
    delete headers[h];
  }
  // A multipart boundary is each client's, and with it the length.
  if (/^multipart\//.test(headers["Content-Type"] ?? "")) {
    headers["Content-Type"] = headers["Content-Type"].replace(/;.*$/, "");
    delete headers["Content-Length"];
    json.data = "";
  }
  return { ...json, headers };
}

/** Clicks `button` and reads what it copied, once it is there. */
async function copied(page: Page, button: string, starts: string) {
  await page.evaluate(() => navigator.clipboard.writeText(""));
  await page.click(button);
  await page.waitForFunction(
    async (s) => (await navigator.clipboard.readText()).startsWith(s),
    starts,
  );
  return await page.evaluate(() => navigator.clipboard.readText());
}

Deno.test({
  name:
    "copy python: an operation of a Stripe-like spec copied as Python sends /anything what its cURL command sends (form, Basic, bracketed query keys, a non-ASCII header; a multipart file)",
  ignore: !READY,
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const spec = Deno.readTextFileSync(new URL("stripe-like.json", FIX))
        .replace(
          "https://api.stripe.example",
          `${server.origin}/api/debug/anything`,
        );
      await gotoHydrated(page, server.origin, "/spec");
      await loadSpec(page, "stripe-like.json", spec);
      for (const path of ["/v1/charges", "/v1/files"]) {
        await openTimed(page, await findRow(page, "post", path));
        // The button sits with the other copy buttons, in their order.
        assert.deepEqual(
          await page.locator(".sv-curl-head button").allTextContents(),
          ["Copy as cURL", "Copy as fetch", "Copy as Python"],
        );
        // On a phone the row wraps; no button breaks its words in two.
        await page.setViewportSize({ width: 400, height: 800 });
        assert.deepEqual(
          await page.locator(".sv-curl-head button").evaluateAll((bs) =>
            bs.map((b) => {
              const r = document.createRange();
              r.selectNodeContents(b);
              return new Set([...r.getClientRects()].map((c) => c.top)).size;
            })
          ),
          [1, 1, 1],
        );
        await page.setViewportSize({ width: 1280, height: 800 });
        const command = await page.getAttribute(
          "[data-testid=op-curl]",
          "data-command",
        );
        const code = await copied(
          page,
          "[data-testid=op-python]",
          "import requests\n",
        );
        assert.equal(
          await page.locator(".sv-curl-head [role=status]").textContent(),
          "Copied ✓",
        );
        // The placeholder's Basic credentials are said, as fetch says them.
        assert.match(code, /\n# Authorization: Basic USERNAME:PASSWORD, /);
        const byCurl = received(await runCurlCommand(command!, FILES));
        const out = await runPython(code, { files: FILES });
        assert.deepEqual(received(out), byCurl, path);
        const headers = byCurl.headers as Record<string, string>;
        assert.match(headers.Authorization, /^Basic /, path);
        if (path === "/v1/charges") {
          assert.deepEqual(
            (byCurl.args as Record<string, unknown>)["expand[]"],
            ["customer", "invoice"],
          );
          assert.equal(headers["Idempotency-Key"], "caf\xe9-42");
          assert.equal((byCurl.form as Record<string, string>).amount, "2000");
        } else {
          assert.deepEqual(byCurl.files, { file: "evidence\n" });
        }
      }
    }, { clipboard: true }),
});

Deno.test({
  name:
    "copy python: a HAR entry copied as Python sends /anything what its Copy as cURL sends; the button sits with the other copy buttons",
  ignore: !READY,
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const url = `${server.origin}/api/debug/anything/har?a=1&a=2&q=%7Bx%7D`;
      // A recorded POST (the response is the helper's: not what is copied).
      const doc = har([entry({
        startedDateTime: "2024-05-01T10:00:00.000Z",
        request: {
          method: "POST",
          url,
          httpVersion: "HTTP/1.1",
          headers: [
            { name: "Content-Type", value: "application/json" },
            { name: "X-Name", value: "caf\u00e9" },
            { name: "Accept", value: "text/html" },
            { name: "Accept", value: "application/json" },
            { name: "Cookie", value: "a=1" },
          ],
          queryString: [],
          cookies: [],
          headersSize: -1,
          bodySize: 30,
          postData: {
            mimeType: "application/json",
            text: '{"it\'s": "\\"q\\"", "n": 1.50}',
          },
        },
      })]);
      await openViewer(page, server.origin);
      await page.setInputFiles("[data-testid=har-file]", {
        name: "python.har",
        mimeType: "application/json",
        buffer: Buffer.from(JSON.stringify(doc)),
      });
      await page.waitForSelector("[data-testid=har-secrets][data-cookies]");
      await page.click("[data-testid=har-row][data-index='0']");
      await page.locator("[data-testid=har-detail][data-index='0']").waitFor();
      assert.deepEqual(
        await page.locator(".har-detail-actions button").allTextContents(),
        ["Copy as cURL", "Copy as fetch", "Copy as Python", "Copy URL", "×"],
      );
      const command = await copied(page, "[data-testid=har-copy-curl]", "curl");
      const code = await copied(
        page,
        "[data-testid=har-copy-python]",
        "import requests\n",
      );
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=har-note]")?.textContent
          ?.includes("Python script")
      );
      const byCurl = received(await runCurlCommand(command, FILES));
      const out = await runPython(code);
      assert.deepEqual(received(out), byCurl);
      assert.equal(byCurl.data, '{"it\'s": "\\"q\\"", "n": 1.50}');
      assert.equal(
        (byCurl.headers as Record<string, string>)["X-Name"],
        "caf\xe9",
      );
    }, { clipboard: true }),
});

Deno.test({
  name:
    "copy python: where neither fetch nor Python can be written for one reason (a relative server), one note says it for both",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/spec");
      await loadSpec(
        page,
        "relative.json",
        JSON.stringify({
          openapi: "3.1.0",
          info: { title: "Relative", version: "1" },
          servers: [{ url: "/v1" }],
          paths: {
            "/pets": { get: { responses: { "200": { description: "ok" } } } },
          },
        }),
      );
      await openTimed(page, await findRow(page, "get", "/pets"));
      assert.equal(await page.isDisabled("[data-testid=op-fetch]"), true);
      assert.equal(await page.isDisabled("[data-testid=op-python]"), true);
      assert.equal(
        await page.locator("[data-testid=op-fetch-note]").textContent(),
        "No fetch call or Python code: the server URL is not a whole http(s) one.",
      );
      assert.equal(
        await page.locator("[data-testid=op-python-note]").count(),
        0,
      );
    }),
});
