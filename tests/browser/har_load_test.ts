import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { corpusDir } from "../helpers/corpus.ts";
import { harDoc } from "../helpers/har_doc.ts";
import { BROWSER_TEST, withPage } from "../helpers/browser.ts";
import {
  fixture,
  listCount,
  openViewer,
  paste,
  pick,
  rows,
  summary,
  waitCount,
} from "../helpers/har_browser.ts";
import { realPaste } from "../helpers/real_paste.ts";
import { BOX_LIMIT } from "../../islands/shared/large_paste.ts";
import { formatBytes } from "../../lib/shared/format.ts";
import { MAX_GZIP_MEMBERS } from "../../lib/shared/read_text.ts";

const MIXED_ROWS = [
  { index: 1, method: "GET", status: 200, start: 0, duration: 300, size: 5000 },
  {
    index: 2,
    method: "POST",
    status: 401,
    start: 123.4567,
    duration: 45.75,
    size: 50,
  },
  { index: 6, method: "GET", status: 0, start: 250, duration: 0, size: 0 },
  {
    index: 7,
    method: "GET",
    status: 503,
    start: 300,
    duration: 35.5,
    size: 180,
  },
  {
    index: 0,
    method: "GET",
    status: 200,
    start: 500,
    duration: 120,
    size: 1200,
  },
  {
    index: 4,
    method: "GET",
    status: 200,
    start: 500,
    duration: 60,
    size: 1000,
  },
  { index: 3, method: "GET", status: 304, start: 1000, duration: 0, size: 150 },
  {
    index: 5,
    method: "GET",
    status: 101,
    start: 2000,
    duration: 5000,
    size: 120,
  },
];

const MIXED_SUMMARY = {
  requests: 8,
  "transfer-bytes": 7700,
  "content-bytes": 16030,
  "span-ms": 7000,
  "status-2xx": 3,
  "status-3xx": 1,
  "status-4xx": 1,
  "status-5xx": 1,
  "status-other": 2,
  // log.pages holds page_1 and page_2; page_9 is only a pageref.
  pages: 2,
};

Deno.test({
  name:
    "browser har: the file picker loads a HAR, rows and summary follow the contract",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      assert.equal(await page.locator("[data-testid=har-error]").count(), 0);
      await pick(page, "mixed.har");
      assert.equal(await listCount(page), 8);
      assert.deepEqual(await rows(page), MIXED_ROWS);
      const s = await summary(page);
      for (const [k, v] of Object.entries(MIXED_SUMMARY)) {
        assert.equal(s[k], v, k);
      }
      assert.equal(await page.locator("[data-testid=har-error]").count(), 0);
      // The secrets banner counts what the file leaks.
      const banner = page.locator("[data-testid=har-secrets][data-cookies]");
      await banner.waitFor();
      assert.equal(await banner.getAttribute("data-cookies"), "2");
      assert.equal(await banner.getAttribute("data-authorization"), "1");
      assert.match(
        await banner.innerText(),
        /2 cookies, 1 authorization header/,
      );
      assert.match(
        await page.locator("[data-testid=har-status]").innerText(),
        /Showing 8 of 8 requests, \S+ \S+ of \S+ \S+ transferred/,
      );
      // Filtered, the rows shown transferred less than the file.
      await page.fill("[data-testid=har-search]", "-get");
      await page.waitForFunction(() =>
        !/Showing 8 of/.test(
          document.querySelector("[data-testid=har-status]")!.textContent!,
        )
      );
      const m = (await page.locator("[data-testid=har-status]").innerText())
        .match(/requests, (.+) of (.+) transferred/);
      assert.ok(m && m[1] !== m[2], `shown and total bytes: ${m?.[0]}`);
      await page.fill("[data-testid=har-search]", "");
    }),
});

Deno.test({
  name:
    "browser har: pasting loads, broken JSON is rejected with line and column, then recovers",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      const text = await Deno.readTextFile(fixture("mixed.har"));
      await paste(page, text);
      await waitCount(page, 8);
      await page.fill(
        "[data-testid=har-input]",
        '{\n  "log": {"entries": [}\n}',
      );
      const error = page.locator("[data-testid=har-error]");
      await error.waitFor();
      assert.match(await error.innerText(), /line 2, column 23/);
      assert.equal(await page.locator("[data-testid=har-list]").count(), 0);
      await page.fill("[data-testid=har-input]", '{"log": {"version": "1.2"}}');
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=har-error]")?.textContent
          ?.includes("log.entries")
      );
      assert.match(await error.innerText(), /"log.entries" is missing/);
      await paste(page, text);
      await waitCount(page, 8);
      assert.equal(await error.count(), 0);
      // Clearing the paste box clears what was pasted.
      await page.fill("[data-testid=har-input]", "");
      await page.waitForSelector("[data-testid=har-list]", {
        state: "detached",
      });
      assert.equal(await error.count(), 0);
    }),
});

Deno.test({
  name: "browser har: a file dropped anywhere on the page is opened",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      const text = await Deno.readTextFile(fixture("bom.har"));
      const dt = await page.evaluateHandle((text) => {
        const dt = new DataTransfer();
        dt.items.add(
          new File([text], "dropped.har", { type: "application/json" }),
        );
        return dt;
      }, text);
      await page.dispatchEvent("h1", "dragenter", { dataTransfer: dt });
      await page.waitForSelector(".har-drop-overlay");
      await page.dispatchEvent("h1", "drop", { dataTransfer: dt });
      await waitCount(page, 1);
      assert.equal(await page.locator(".har-drop-overlay").count(), 0);
      assert.match(
        await page.locator(".har-file-info").innerText(),
        /dropped\.har/,
      );
      assert.match(
        await page.locator(".har-file-info").innerText(),
        /HAR 1\.1/,
      );
    }),
});

const corpus = corpusDir("har");
Deno.test({
  name:
    "browser har: corpus exports (WebPageTest, Firefox, broken) load or are rejected",
  ignore: !corpus,
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      await page.setInputFiles(
        "[data-testid=har-file]",
        `${corpus}pagexray-expressen.har`,
      );
      await waitCount(page, 607);
      const r = await rows(page);
      assert.ok(
        r.length >= 20 && r.length < 607,
        `virtualised: ${r.length} rows`,
      );
      for (let k = 1; k < r.length; k++) {
        assert.ok(
          r[k - 1].start < r[k].start ||
            (r[k - 1].start === r[k].start && r[k - 1].index < r[k].index),
        );
      }
      const s = await summary(page);
      assert.equal(s.requests, 607);
      assert.equal(s["transfer-bytes"], 7548020);
      assert.equal(s["span-ms"], 12687);
      // Three pages: the selector narrows the list to one of them.
      const options = await page.$$eval("[data-testid=har-page] option", (o) =>
        o.map((x) => (x as HTMLOptionElement).value));
      assert.equal(options.length, 4);
      await page.selectOption("[data-testid=har-page]", options[1]);
      await page.waitForFunction(() =>
        Number(
          document.querySelector("[data-testid=har-list]")?.getAttribute(
            "data-count",
          ),
        ) < 607
      );
      assert.ok(await listCount(page) > 0);
      // A 7-digit, +01:00 Fiddler file.
      await page.setInputFiles(
        "[data-testid=har-file]",
        `${corpus}harviewer-issue61-ie11-fiddler.har`,
      );
      await waitCount(page, 11);
      assert.ok(Math.abs((await summary(page))["span-ms"] - 8649.4938) < 1e-6);
      for (
        const bad of [
          "broken-harviewer-not-json.har",
          "broken-mitmproxy-broken_headers.json",
        ]
      ) {
        await page.setInputFiles("[data-testid=har-file]", `${corpus}${bad}`);
        await page.locator("[data-testid=har-error]").waitFor();
      }
      // The second file's error replaces the first one's: wait for it
      // rather than reading whichever is on the page at the moment.
      await page.locator("[data-testid=har-error]", {
        hasText: 'no "log" property',
      }).waitFor();
    }),
});

Deno.test({
  name: "browser har: the waterfall axis's labels end inside its column",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      // 400 ms in all: a tick at the very end of the axis.
      const entry = (time: number) => ({
        startedDateTime: "2026-01-01T00:00:00Z",
        time,
        request: { method: "GET", url: "https://a.test/", headers: [] },
        response: { status: 200, headers: [], content: { size: 0 } },
        timings: { send: 0, wait: time, receive: 0 },
      });
      await page.fill(
        "[data-testid=har-input]",
        JSON.stringify({ log: { entries: [entry(100), entry(400)] } }),
      );
      await page.waitForSelector("[data-testid=har-row]");
      const out = await page.$$eval(".wf-tick", (ticks) => {
        const axis = ticks[0].closest(".wf-axis")!.getBoundingClientRect();
        return ticks.filter((t) =>
          t.getBoundingClientRect().right > axis.right + 1
        ).map((t) => t.textContent);
      });
      assert.deepEqual(out, [], "labels past the column's end");
    }),
});

Deno.test({
  name:
    "browser HAR: a file picked over another clears the old one's rows and summary at once",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      await pick(page, "mixed.har");
      const before = await listCount(page);
      await page.$eval("[data-testid=har-file]", (input) => {
        const w = globalThis as unknown as { __seen?: string };
        input.addEventListener("change", () =>
          setTimeout(() => {
            w.__seen = document.querySelector("[data-testid=har-list]")
              ?.getAttribute("data-count") ?? "none";
          }, 0), { once: true });
      });
      await pick(page, "bom.har");
      const after = await listCount(page);
      assert.notEqual(before, after, "the two files differ in size");
      // Just after the pick: no list, or (on a busy machine, the new file
      // read already) the new one; never the old file's.
      assert.ok(
        ["none", String(after)].includes(
          await page.evaluate(() =>
            (globalThis as unknown as { __seen?: string }).__seen ?? ""
          ),
        ),
      );
    }),
});

Deno.test({
  name:
    "browser HAR: the Size column says what came from a cache, as DevTools does, its data-size still the bytes",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      const doc = harDoc([
        { url: "https://x.test/a", transfer: 1500 },
        { url: "https://x.test/b", transfer: 0 },
      ]) as { log: { entries: Record<string, unknown>[] } };
      doc.log.entries[1]._fromCache = "disk";
      await paste(page, JSON.stringify(doc));
      await waitCount(page, 2);
      const cells = await page.$$eval(
        "[data-testid=har-row]",
        (els) =>
          els.map((e) => [
            e.getAttribute("data-size"),
            e.querySelector(".c-size")?.textContent,
          ]),
      );
      assert.deepEqual(cells, [["1500", "1.5 kB"], ["0", "(disk cache)"]]);
    }),
});

Deno.test({
  name:
    "browser har: the waterfall's tick labels never overlap, however wide the column",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      // 0 to 350 ms: four ticks a hundred apart, in a column some 200 px
      // wide at 1280 (the last label, right-aligned, met the one before).
      await paste(
        page,
        JSON.stringify(harDoc([
          { at: 0, time: 10 },
          { at: 120, time: 30 },
          { at: 340, time: 10 },
        ])),
      );
      await page.locator("[data-testid=har-row]").first().waitFor();
      for (const width of [1280, 1000, 1600]) {
        await page.setViewportSize({ width, height: 800 });
        await page.waitForTimeout(200);
        const boxes = await page.$$eval(".wf-axis .wf-tick", (els) =>
          els.map((e) => {
            const r = e.getBoundingClientRect();
            return [r.left, r.right];
          }));
        assert.ok(boxes.length >= 1, `${width}: ticks`);
        const sorted = boxes.sort((a, b) =>
          a[0] - b[0]
        );
        for (let i = 1; i < sorted.length; i++) {
          assert.ok(
            sorted[i][0] >= sorted[i - 1][1],
            `${width} px: tick ${i} overlaps the one before (${
              JSON.stringify(sorted)
            })`,
          );
        }
      }
    }),
});

Deno.test({
  name:
    "browser har: a gzip-compressed HAR (.har.gz) opens as the HAR it holds, and says it was unpacked: in one gzip member or several (cat a.gz b.gz, up to 10,000 within the watchdog), UTF-8, UTF-16 or Latin-1 (said as a plain file's is), zero padded or not",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      const text = Deno.readTextFileSync(fixture("mixed.har"));
      const gzip = async (bytes: BlobPart) =>
        new Uint8Array(
          await new Response(
            new Blob([bytes]).stream().pipeThrough(
              new CompressionStream("gzip"),
            ),
          ).arrayBuffer(),
        );
      // UTF-16LE with its byte order mark, as Windows tools write it.
      const utf16 = new Uint8Array(2 + text.length * 2);
      const dv = new DataView(utf16.buffer);
      dv.setUint16(0, 0xfeff, true);
      for (let i = 0; i < text.length; i++) {
        dv.setUint16(2 + i * 2, text.charCodeAt(i), true);
      }
      const half = text.length >> 1;
      /** The parts of `text` in `n` gzip members (the last ones empty). */
      const members = async (n: number) => {
        const step = Math.ceil(text.length / n);
        const parts: Uint8Array[] = [];
        for (let i = 0; i < n; i++) {
          parts.push(await gzip(text.slice(i * step, (i + 1) * step)));
        }
        return new Uint8Array(
          await new Blob(parts as BlobPart[]).arrayBuffer(),
        );
      };
      // A Latin-1 byte (é) in place of the f of "Wirebench fixture".
      const at = text.indexOf("fixture");
      const latin1 = new Uint8Array(
        await new Blob([
          text.slice(0, at),
          new Uint8Array([0xe9]),
          text.slice(at + 1),
        ])
          .arrayBuffer(),
      );
      const files: [string, Uint8Array, RegExp?][] = [
        ["one member", await gzip(text)],
        [
          "two members",
          new Uint8Array(
            await new Blob([
              await gzip(text.slice(0, half)),
              await gzip(text.slice(half)),
            ] as BlobPart[]).arrayBuffer(),
          ),
        ],
        // Each member was read twice from the file (about 7 ms in
        // Chromium): 10,000 passed the page's 30 s watchdog.
        [`${MAX_GZIP_MEMBERS} members`, await members(MAX_GZIP_MEMBERS)],
        ["UTF-16", await gzip(utf16)],
        [
          "Latin-1",
          await gzip(latin1),
          /not valid UTF-8 \(first bad byte at line 5, column 26\)/,
        ],
        // Padded with zeros to tar's 10,240-byte record, as gzip(1) reads.
        [
          "zero padding",
          new Uint8Array(
            await new Blob([await gzip(text), new Uint8Array(10_240)])
              .arrayBuffer(),
          ),
        ],
      ];
      for (const [name, gz, warning] of files) {
        await page.setInputFiles("[data-testid=har-file]", {
          name: "mixed.har.gz",
          mimeType: "application/gzip",
          buffer: Buffer.from(gz),
        });
        await page.waitForSelector(
          "[data-testid=har-row], [data-testid=har-error]",
        );
        const error = page.locator("[data-testid=har-error]");
        if (await error.count()) {
          assert.fail(`${name}: ${await error.textContent()}`);
        }
        assert.equal(await listCount(page), 8, name);
        assert.match(
          await page.locator(".har-warnings").textContent() ?? "",
          /gzip-compressed: it was unpacked and read/,
          name,
        );
        if (warning) {
          assert.match(
            await page.locator(".har-warnings").textContent() ?? "",
            warning,
            name,
          );
        }
        await openViewer(page, server.origin);
      }
    }),
});

Deno.test({
  name:
    "browser har: a real paste past the box's limit never enters the box, loads at once, and the box says what it shows",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      // Beyond ASCII (2 and 3 bytes a character), so bytes and characters
      // differ: the size is said in bytes, as a file's is.
      const entries = Array.from({ length: 400 }, (_, i) => ({
        url: `https://example.test/items/${i}?q=${"é東".repeat(100)}`,
        at: i,
      }));
      const text = JSON.stringify(harDoc(entries), null, 1);
      assert.ok(text.length > BOX_LIMIT);
      const longest = await realPaste(page, "[data-testid=har-input]", text);
      await waitCount(page, 400);
      assert.equal(await page.inputValue("[data-testid=har-input]"), "");
      const bytes = new TextEncoder().encode(text).length;
      assert.notEqual(formatBytes(bytes), formatBytes(text.length));
      assert.equal(
        await page.getAttribute("[data-testid=har-input]", "placeholder"),
        `Showing pasted JSON (${
          formatBytes(bytes)
        }). Paste here to replace it.`,
      );
      const held = await longest();
      assert.ok(held <= BOX_LIMIT, `the box held ${held} characters`);
    }, { clipboard: true }),
});
