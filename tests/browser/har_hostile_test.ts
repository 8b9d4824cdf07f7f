/**
 * Hostile HAR files in Chromium, opened with the file picker as a
 * person would: 100,000 levels of nesting, invalid UTF-8, entries of the
 * wrong types with prototype names, and a 50 MB body next to a 20 MB URL.
 * The page answers (rows or har-error) within a bound, the hostile entry's
 * detail opens, nothing logs an error, and the page stays usable: a search
 * narrows the list and a normal file loads after.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { BROWSER_TEST, withPage } from "../helpers/browser.ts";
import {
  entry,
  har,
  nestArrays,
  nestObjects,
  withRaw,
} from "../helpers/har_hostile.ts";
import { openViewer, pick, waitCount } from "../helpers/har_browser.ts";
import { req, res, withBody } from "../helpers/har_big.ts";

const BOUND = 30_000; // ms: the page must answer well within this

/** Picks `bytes` as a file; resolves with ms until rows or an error show. */
async function open(page: Page, name: string, bytes: Uint8Array) {
  const t0 = performance.now();
  await page.setInputFiles("[data-testid=har-file]", {
    name,
    mimeType: "application/json",
    buffer: Buffer.from(bytes),
  });
  // Rows of this file (its name shows), or the rejection.
  await page.waitForFunction(
    (name) =>
      document.querySelector("[data-testid=har-error]") ||
      (document.querySelector(".har-file-name")?.textContent === name &&
        document.querySelector("[data-testid=har-row]")),
    name,
    { timeout: BOUND },
  );
  return performance.now() - t0;
}

/** Opens the detail of entry `index` and waits for it (not the placeholder). */
async function openDetail(page: Page, index: number) {
  const t0 = performance.now();
  await page.click(`[data-testid=har-row][data-index="${index}"]`);
  await page.waitForSelector(
    `[data-testid=har-detail][data-index="${index}"]`,
    { timeout: BOUND },
  );
  return performance.now() - t0;
}

/** The page still works: a search narrows the list, a normal file loads. */
async function stillUsable(page: Page, term: string, expect: number) {
  if (term) {
    await page.fill("[data-testid=har-search]", term);
    await waitCount(page, expect);
    await page.fill("[data-testid=har-search]", "");
  }
  await pick(page, "mixed.har");
  await waitCount(page, 8);
  assert.equal(await page.locator("[data-testid=har-error]").count(), 0);
}

const enc = (s: string) => new TextEncoder().encode(s);
const times: string[] = [];

Deno.test({
  name:
    "browser har hostile: 100,000 levels of nesting open, and so does the detail",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      const text = withRaw(
        har([
          entry(),
          entry({
            _deep: "@@A@@",
            request: {
              ...req(),
              url: "https://deep.test/x",
              headers: [{ name: "X-Deep", value: "@@O@@" }],
            },
            response: {
              ...res(),
              content: {
                size: 10,
                mimeType: "application/json",
                text: nestArrays(100_000),
              },
            },
          }),
        ], { _deep: "@@O@@" }),
        { A: nestArrays(), O: nestObjects() },
      );
      const ms = await open(page, "deep.har", enc(text));
      await waitCount(page, 2);
      const d = await openDetail(page, 1);
      const detail = page.locator("[data-testid=har-detail]");
      assert.match((await detail.textContent())!, /X-Deep\{"a":\{"a":/);
      assert.match(
        await detail.locator(".har-body-json").textContent() ?? "",
        /^\[\n {2}\[/,
      );
      times.push(
        `100,000 levels: rows ${ms.toFixed(0)} ms, detail ${d.toFixed(0)} ms`,
      );
      await page.fill("[data-testid=har-search]", "deep.test");
      await waitCount(page, 1);
      await page.fill("[data-testid=har-search]", "");
      // A deep document that is no HAR is rejected, with its path.
      const bad = await open(page, "deep-array.har", enc(nestArrays()));
      assert.match(
        (await page.textContent("[data-testid=har-error]"))!,
        /top level is an array/,
      );
      times.push(`100,000 levels rejected: ${bad.toFixed(0)} ms`);
      await stillUsable(page, "", 0);
    }),
});

Deno.test({
  name:
    "browser har hostile: invalid UTF-8 opens with a warning that names the spot",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      const good = JSON.stringify(
        har([
          entry(),
          entry({ request: { ...req(), url: "https://bad.test/caf@" } }),
        ]),
        null,
        1,
      );
      const at = good.indexOf("@");
      const bytes = new Uint8Array([
        ...enc(good.slice(0, at)),
        0xe9,
        0xff,
        ...enc(good.slice(at + 1)),
      ]);
      const ms = await open(page, "latin1.har", bytes);
      await waitCount(page, 2);
      const line = good.slice(0, at).split("\n").length;
      const warning = (await page.textContent(".har-warnings"))!;
      assert.match(
        warning,
        new RegExp(
          `not valid UTF-8 \\(first bad byte at line ${line}, column \\d+\\)`,
        ),
      );
      await openDetail(page, 1);
      assert.match(
        (await page.textContent(".har-detail-url"))!,
        /caf\ufffd\ufffd/,
      );
      times.push(`invalid UTF-8: rows ${ms.toFixed(0)} ms`);
      await page.fill("[data-testid=har-search]", "bad.test");
      await waitCount(page, 1);
      await page.fill("[data-testid=har-search]", "");
      // Bad bytes between tokens: rejected with line, column and the cause.
      await open(
        page,
        "bad.har",
        new Uint8Array([...enc('{"log":'), 0xff, ...enc("{}}")]),
      );
      assert.match(
        (await page.textContent("[data-testid=har-error]"))!,
        /line 1, column 8.*not valid UTF-8/s,
      );
      await stillUsable(page, "", 8);
    }),
});

Deno.test({
  name:
    "browser har hostile: entries of the wrong types and prototype names show, detail included",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      const hostile = {
        startedDateTime: 1714550400000,
        time: "12",
        timings: [1, 2, 3],
        pageref: "__proto__",
        _resourceType: "constructor",
        _transferSize: "12",
        request: {
          method: "constructor",
          url: "https://h.test/a.__proto__?__proto__=1&constructor=2",
          headers: { "Content-Type": "x" },
          queryString: "nope",
          cookies: [{
            name: "__proto__",
            value: { toString: 1 },
            domain: [1, [2]],
            expires: {},
          }],
          postData: {
            mimeType: "application/json",
            text: '{"__proto__":{"polluted":1},"password":"pw-1234567"}',
          },
        },
        response: {
          status: "404",
          headers: [
            { name: "__proto__", value: { valueOf: 1 } },
            "Server: x",
            null,
            5,
          ],
          content: {
            size: "5",
            mimeType: ["text/html"],
            text: { toString: 1 },
          },
          headersSize: "10",
          bodySize: true,
        },
      };
      const text = JSON.stringify(
        har([
          entry(),
          hostile,
          entry({ response: { ...res(), status: 4294967496 } }),
        ], {
          pages: [{
            id: "__proto__",
            title: "constructor",
            startedDateTime: "2024-05-01T08:00:00Z",
          }],
        }),
      );
      const ms = await open(page, "types.har", enc(text));
      await waitCount(page, 3);
      const row = page.locator('[data-testid=har-row][data-index="1"]');
      assert.equal(await row.getAttribute("data-status"), "404");
      assert.equal(await row.getAttribute("data-method"), "constructor");
      assert.equal(await row.getAttribute("data-duration-ms"), "0");
      assert.equal(await row.getAttribute("data-size"), "10");
      assert.equal(await row.getAttribute("data-type"), "other");
      const wrapped = page.locator('[data-testid=har-row][data-index="2"]');
      assert.equal(await wrapped.getAttribute("data-status"), "0");
      const other = await page.getAttribute(
        "[data-metric=status-other]",
        "data-value",
      );
      assert.equal(other, "1");
      await openDetail(page, 1);
      const detail = (await page.textContent("[data-testid=har-detail]"))!;
      assert.match(detail, /__proto__\{"valueOf":1\}/);
      assert.match(detail, /Domain=\[1,\[2\]\]/);
      assert.match(detail, /"__proto__": \{/);
      assert.equal(
        await page.evaluate(() => ({} as Record<string, unknown>).polluted),
        undefined,
      );
      // The sanitized copy keeps "__proto__" as a key and redacts the rest.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.click("[data-testid=har-sanitize]"),
      ]);
      const copy = JSON.parse(
        await Deno.readTextFile((await download.path())!),
      );
      const body = JSON.parse(copy.log.entries[1].request.postData.text);
      assert.deepEqual(Object.keys(body), ["__proto__", "password"]);
      assert.equal(body.password, "[REDACTED]");
      times.push(`wrong types: rows ${ms.toFixed(0)} ms`);
      await stillUsable(page, "constructor", 1);
    }),
});

Deno.test({
  name:
    "browser har hostile: a 50 MB body and a 20 MB URL keep the page responsive",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      const body = '{"data":"' + "d".repeat(50 * 1024 * 1024) + '"}';
      const url = "https://big.test/p?" + "a=1&".repeat(5 * 1024 * 1024);
      const text = JSON.stringify(har([
        entry(),
        withBody({
          size: body.length,
          mimeType: "application/json",
          text: body,
        }),
        entry({ request: { ...req(), url, queryString: [] } }),
      ]));
      // A file on disk: 70 MB through the protocol as a buffer takes long.
      const path = await Deno.makeTempFile({ suffix: ".har" });
      try {
        await Deno.writeTextFile(path, text);
        const t0 = performance.now();
        await page.setInputFiles("[data-testid=har-file]", path);
        await waitCount(page, 3);
        const ms = performance.now() - t0;
        // The page's main thread is free: a frame comes within a second.
        const frame = await page.evaluate(() =>
          new Promise<number>((r) => {
            const t = performance.now();
            requestAnimationFrame(() => r(performance.now() - t));
          })
        );
        assert.ok(frame < 1000, `a frame took ${frame} ms`);
        const d1 = await openDetail(page, 1);
        const note = (await page.textContent("[data-testid=har-detail]"))!;
        assert.match(note, /Showing the first 200 kB of 52\.4 MB/);
        const d2 = await openDetail(page, 2);
        const panel = (await page.textContent("[data-testid=har-detail]"))!;
        const more = (5 * 1024 * 1024 - 1000).toLocaleString("en-US");
        assert.ok(panel.includes(`and ${more} more, not shown`), "query cut");
        assert.ok(
          panel.length < 2_000_000,
          `${panel.length} characters in the panel`,
        );
        assert.equal(
          await page.isDisabled("[data-testid=har-copy-curl]"),
          true,
        );
        assert.equal(
          await page.isDisabled("[data-testid=har-copy-fetch]"),
          true,
        );
        // Why, in the panel, where keyboard and touch users read it too.
        assert.match(
          (await page.textContent("[data-testid=har-copy-note]"))!,
          /too large to copy/,
        );
        times.push(
          `50 MB body + 20 MB URL (70 MB file): rows ${
            ms.toFixed(0)
          } ms, body detail ${d1.toFixed(0)} ms, URL detail ${
            d2.toFixed(0)
          } ms`,
        );
        await stillUsable(page, "big.test", 1);
      } finally {
        await Deno.remove(path);
      }
      console.log(times.join("\n"));
    }),
});
