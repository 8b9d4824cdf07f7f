/**
 * The HAR viewer shows what Chrome DevTools and HAR Analyzer show: a failed
 * request's net error, WebSocket frames timed from the request's start
 * with their length, a `data:` URL's body, and page-scoped axis labels.
 */
import assert from "node:assert/strict";
import { BROWSER_TEST, withPage } from "../helpers/browser.ts";
import {
  loaded,
  openViewer,
  paste,
  pick,
  waitCount,
} from "../helpers/har_browser.ts";
import { harDoc } from "../helpers/har_doc.ts";
import { mainTasks } from "../helpers/trace.ts";

type Entry = Record<string, unknown> & { response: Record<string, unknown> };
type Doc = { log: { entries: Entry[] } };

Deno.test({
  name:
    "browser har parity: a failed row tells its net error in the status cell's tooltip and text",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const doc = harDoc([
        { url: "https://a.example/ok" },
        { url: "https://a.example/down", status: 0, at: 5 },
      ]) as Doc;
      doc.log.entries[1].response._error = "net::ERR_INTERNET_DISCONNECTED";
      await openViewer(page, server.origin);
      await paste(page, JSON.stringify(doc));
      await waitCount(page, 2);
      const row = page.locator("[data-testid=har-row][data-index='1']");
      // The contract's attribute stays the recorded status.
      assert.equal(await row.getAttribute("data-status"), "0");
      const cell = row.locator(".c-status");
      assert.equal(
        await cell.getAttribute("title"),
        "net::ERR_INTERNET_DISCONNECTED",
      );
      assert.equal(
        await cell.textContent(),
        "failed (net::ERR_INTERNET_DISCONNECTED)",
      );
      assert.equal(
        await page.getByRole("option", {
          name: /^failed \(net::ERR_INTERNET_DISCONNECTED\) GET/,
        }).getAttribute("data-index"),
        "1",
      );
      // A row that did not fail has neither.
      const ok = page.locator(
        "[data-testid=har-row][data-index='0'] .c-status",
      );
      assert.equal(await ok.getAttribute("title"), null);
      assert.equal(await ok.textContent(), "200");
    }),
});

Deno.test({
  name:
    "browser har parity: WebSocket frames are timed from the request's start and list their length",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const doc = harDoc([{
        url: "wss://ws.example/socket",
        status: 101,
      }]) as Doc;
      // As mitmproxy-websocket.har's first entry: the frame 141 ms in.
      doc.log.entries[0].startedDateTime = "2023-08-29T13:03:20.195591+00:00";
      doc.log.entries[0]._webSocketMessages = [
        {
          type: "receive",
          time: 1693314200.336985,
          opcode: 1,
          data: '{"error":"Unknown api key"}',
        },
        { type: "send", time: 1693314201.5, opcode: 2, data: "AAECAw==" },
        { type: "send", time: 1693314202, opcode: 1, data: "€uro" },
      ];
      await openViewer(page, server.origin);
      await paste(page, JSON.stringify(doc));
      await waitCount(page, 1);
      await loaded(page);
      await page.click("[data-testid=har-row]");
      const ws = page.locator("[data-testid=har-detail] .har-ws");
      await ws.waitFor();
      assert.deepEqual(
        await ws.locator("thead th").allTextContents(),
        ["Direction", "Time", "Length", "Data"],
      );
      assert.deepEqual(
        await ws.locator(".har-ws-time").allTextContents(),
        ["+141.394 ms", "+1,304.409 ms", "+1,804.409 ms"],
      );
      // The clock time on hover.
      assert.equal(
        await ws.locator(".har-ws-time").first().getAttribute("title"),
        "2023-08-29T13:03:20.336Z",
      );
      // Bytes: UTF-8 of the text, the binary frame's base64 decoded.
      assert.deepEqual(
        await ws.locator(".har-ws-length").allTextContents(),
        ["27", "4", "6"],
      );
    }),
});

Deno.test({
  name:
    "browser har parity: a data: URL entry without recorded text shows the URL's body",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      await pick(page, "data-url.har");
      await waitCount(page, 2);
      await page.click("[data-testid=har-row][data-index='0']");
      const body = page.locator(
        "[data-testid=har-detail][data-index='0'] #har-sec-response-body",
      );
      assert.equal(
        await body.locator("pre").textContent(),
        "body{text-align:center;}",
      );
      assert.equal(await body.getByText("No body.").count(), 0);
      // Saved, it is the URL's body too (it had said "No body").
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        body.locator("[data-testid=har-save-body]").click(),
      ]);
      assert.equal(
        await Deno.readTextFile((await download.path())!),
        "body{text-align:center;}",
      );
      // Base64 JSON, decoded and printed as JSON.
      await page.click("[data-testid=har-row][data-index='1']");
      const json = page.locator(
        "[data-testid=har-detail][data-index='1'] #har-sec-response-body pre",
      );
      assert.match((await json.textContent()) ?? "", /"a": \[\s*1,\s*2\s*\]/);
    }),
});

Deno.test({
  name:
    "browser har parity: a 50 MB data: URL entry opens without freezing the page",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server, browser }) => {
      const doc = harDoc([{
        url: "data:text/plain," + "x%20".repeat(12_500_000),
        mime: "",
        contentSize: -1,
      }]);
      const file = await Deno.makeTempFile({ suffix: ".har" });
      // Removed at the end: the page reads the file as it loads it.
      try {
        await Deno.writeTextFile(file, JSON.stringify(doc));
        await openViewer(page, server.origin);
        await page.setInputFiles("[data-testid=har-file]", file);
        await waitCount(page, 1);
        await loaded(page);
        const pre = page.locator("[data-testid=har-detail] pre.har-body-text");
        // The page's thread does no work in the URL's length: the worker
        // decodes the preview; the click's key hashes the URL's ends (its
        // whole 50 MB held the click 1.6 s). CPU time, which a loaded
        // machine does not stretch as it stretches wall time.
        const tasks = await mainTasks(browser, page, async () => {
          await page.click("[data-testid=har-row]");
          await pre.waitFor({ timeout: 30_000 });
        });
        assert.ok(tasks.cpuMax < 250, `a ${tasks.cpuMax} ms task`);
        assert.ok(((await pre.textContent()) ?? "").startsWith("x x x"));
        // Its first part is a preview: "all" of it is the preview's.
        assert.match(
          (await page.textContent("[data-testid=har-body-more]")) ?? "",
          /^Show all of the preview \(/,
        );
        // The page answers at once (no long task holds it).
        const ms = await page.evaluate(() => {
          const t = performance.now();
          return new Promise<number>((r) =>
            requestAnimationFrame(() => r(performance.now() - t))
          );
        });
        assert.ok(ms < 1000, `${ms} ms to a frame`);
      } finally {
        await Deno.remove(file);
      }
    }),
});

Deno.test({
  name:
    "browser har parity: in page scope the axis is labelled from the page's start, data-start-ms stays the file's",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      // As harviewer-multiple-pages.har: the second page 7.7 s in.
      const t0 = Date.parse("2024-05-01T10:00:00.000Z");
      const pages = [
        ["page_1", 0, 43, 56],
        ["page_2", 7695, 45, 59],
      ].map(([id, at, dcl, load]) => ({
        id,
        title: String(id),
        startedDateTime: new Date(t0 + Number(at)).toISOString(),
        pageTimings: { onContentLoad: dcl, onLoad: load },
      }));
      const doc = harDoc([
        { url: "https://a.example/1", at: 0, time: 3, pageref: "page_1" },
        { url: "https://a.example/2", at: 7695, time: 2, pageref: "page_2" },
      ], pages);
      await openViewer(page, server.origin);
      await paste(page, JSON.stringify(doc));
      await waitCount(page, 2);
      await page.selectOption("[data-testid=har-page]", "page_2");
      await waitCount(page, 1);
      const row = page.locator("[data-testid=har-row]");
      assert.equal(await row.getAttribute("data-start-ms"), "7695");
      // The status line counts the page's rows as DevTools' summary bar
      // does: requests, transferred, resources and finish.
      assert.match(
        (await page.textContent("[data-testid=har-status]")) ?? "",
        /^Showing 1 of 2 requests, .* transferred, .* resources, finish 2\.0 ms\.$/,
      );
      const labels = await page.locator(".wf-axis .wf-tick").allTextContents();
      assert.equal(labels[0], "0");
      assert.ok(labels.length >= 2, labels.join(", "));
      for (const l of labels.slice(1)) assert.match(l, /^\d+ ms$/, l);
      assert.ok(Number.parseInt(labels.at(-1)!) <= 60, labels.join(", "));
      // The page's Load, timed from its start as DevTools times it.
      assert.equal(
        await page.locator(".wf-axis .wf-load").getAttribute("title"),
        "Load (page_2): +59 ms",
      );
      // The bar's tooltip times its start as the axis reads (it had said
      // +7,695 ms beside an axis from 0).
      assert.match(
        (await row.locator("[data-testid=har-bar]").getAttribute("title"))!,
        /^Start: \+0 ms\n/,
      );
      // The summary's metrics stay the whole file's.
      assert.equal(
        await page.getAttribute(
          "[data-testid=har-summary] [data-metric=span-ms]",
          "data-value",
        ),
        "7697",
      );
    }),
});

Deno.test({
  name:
    "browser har parity: an Initiator column, as DevTools' (file and line, or the type), sorts from its head; hidden where the list is narrow",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const doc = harDoc([
        { url: "https://a.test/", at: 0 },
        { url: "https://a.test/app.js", at: 10 },
        { url: "https://a.test/data", at: 20 },
      ]) as { log: { entries: Record<string, unknown>[] } };
      const [page0, script, xhr] = doc.log.entries;
      page0._initiator = { type: "other" };
      script._initiator = {
        type: "parser",
        url: "https://a.test/",
        lineNumber: 3,
      };
      xhr._initiator = {
        type: "script",
        stack: {
          callFrames: [{ url: "https://a.test/app.js", lineNumber: 41 }],
        },
      };
      await openViewer(page, server.origin);
      await paste(page, JSON.stringify(doc));
      await waitCount(page, 3);
      const cells = () =>
        page.locator("[data-testid=har-row] .c-init").allTextContents();
      assert.deepEqual(await cells(), ["other", "a.test:4", "app.js:42"]);
      await page.click(".har-head .c-init button");
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=har-row]")?.getAttribute(
          "data-index",
        ) === "1"
      );
      assert.deepEqual(await cells(), ["a.test:4", "app.js:42", "other"]);
      // A narrower window leaves it out (the name keeps the room).
      await page.setViewportSize({ width: 1024, height: 720 });
      assert.equal(
        await page.locator("[data-testid=har-row] .c-init").first().isVisible(),
        false,
      );
    }),
});

Deno.test({
  name:
    "browser har parity: the Type column says fetch and ping as DevTools does; data-type and the chips keep the category",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      await paste(
        page,
        JSON.stringify(harDoc([
          { url: "https://a.test/api", resourceType: "fetch", at: 0 },
          {
            url: "https://a.test/beacon",
            resourceType: "ping",
            at: 1,
            mime: "",
          },
        ])),
      );
      await waitCount(page, 2);
      assert.deepEqual(
        await page.locator("[data-testid=har-row] .c-type").allTextContents(),
        ["fetch", "ping"],
      );
      assert.deepEqual(
        await page.locator("[data-testid=har-row]").evaluateAll((rows) =>
          rows.map((r) => r.getAttribute("data-type"))
        ),
        ["xhr", "other"],
      );
    }),
});
