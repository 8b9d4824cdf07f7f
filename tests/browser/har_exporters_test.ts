/**
 * The HAR viewer on files in the shapes exporters other than Chrome write
 * (tests/fixtures/har/exporter-*.har): Firefox DevTools, Playwright's
 * recordHar, Safari's Web Inspector, mitmproxy's save.har, Fiddler and
 * Insomnia. Rows and summary follow the contract's counting rules; the
 * detail says what each exporter's quirks mean.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { BROWSER_TEST, withPage } from "../helpers/browser.ts";
import {
  listCount,
  openViewer,
  pick,
  type RowData,
  rows,
  summary,
} from "../helpers/har_browser.ts";

/** The detail of the entry at `index` (its `log.entries` index), as text. */
async function detailOf(page: Page, index: number): Promise<string> {
  await page.click(`[data-testid=har-row][data-index='${index}']`);
  const detail = page.locator(
    `[data-testid=har-detail][data-index='${index}']`,
  );
  await detail.waitFor();
  return await detail.innerText();
}

/** The text of one section of the open detail. */
function section(page: Page, id: string): Promise<string> {
  return page.locator(`[data-testid=har-detail] #har-sec-${id}`).innerText();
}

/** A row as the contract's attributes have it. */
const row = (
  index: number,
  status: number,
  start: number,
  duration: number,
  size: number,
  method = "GET",
): RowData => ({ index, method, status, start, duration, size });

interface Case {
  file: string;
  rows: RowData[];
  summary: Record<string, number>;
  /** Checks of the detail, once the rows and summary are right. */
  detail(page: Page): Promise<void>;
}

const CASES: Case[] = [{
  file: "exporter-firefox.har",
  rows: [
    row(0, 200, 0, 95, 304),
    // Firefox writes timings {} and time 0 for what it kept nothing of.
    row(1, 200, 150, 0, 0),
    row(2, 201, 200, 33, 192, "POST"),
    row(3, 0, 220, 0, 0),
  ],
  summary: {
    requests: 4,
    "transfer-bytes": 496,
    "content-bytes": 76,
    "span-ms": 233,
    "status-2xx": 3,
    "status-other": 1,
  },
  async detail(page) {
    const doc = await detailOf(page, 0);
    assert.match(doc, /This exporter reports TLS apart from Connect/);
    // Firefox's `connection` is the port the request went to: part of
    // the remote address, as DevTools shows it, not a connection id.
    assert.match(doc, /Remote address\s+\[2001:db8::10\]:443/);
    assert.doesNotMatch(doc, /Connection\s+443/);
    assert.match(doc, /Priority\s+Highest/);
    assert.match(doc, /HTTP version\s+HTTP\/2 \(h2\)/);
    assert.match(await section(page, "security"), /State\s+secure/);
    // Every phase recorded: no legend for phases that were not.
    assert.doesNotMatch(await section(page, "timing"), /n\/a/);
    // "Response bodies are not included.": no size, no text.
    await detailOf(page, 1);
    // Its timings are {}: nothing was recorded, nothing was -1.
    assert.match(
      await section(page, "timing"),
      /n\/a: the phase did not apply or was not recorded\./,
    );
    assert.equal(
      (await section(page, "response-body")).replace(/\s+/g, " ").trim(),
      "Response body The body was not saved in this HAR file.",
    );
    await detailOf(page, 2);
    assert.match(await section(page, "response-body"), /"items": 1/);
    await detailOf(page, 3);
    assert.match(await section(page, "response-body"), /No body\./);
  },
}, {
  file: "exporter-playwright.har",
  rows: [
    row(0, 301, 0, 12, 80),
    row(1, 200, 20, 90, 520),
    row(2, -1, 120, 0, 0),
    row(3, 200, 200, 0, 0),
    row(4, 200, 250, 0, 0),
  ],
  summary: {
    requests: 5,
    "transfer-bytes": 600,
    "content-bytes": 911,
    "span-ms": 250,
    "status-2xx": 3,
    "status-3xx": 1,
    "status-other": 1,
  },
  async detail(page) {
    // x-unknown is no media type: the page's redirect is its document.
    const redirect = await detailOf(page, 0);
    assert.doesNotMatch(redirect, /x-unknown/);
    assert.match(redirect, /Type\s+document/);
    assert.match(redirect, /Remote address\s+\[::1\]:8080/);
    const tls = await detailOf(page, 1);
    assert.match(
      tls,
      /saved as a file of its own, 3f786850e387550fdab836ed7e6dc881de23001b\.html/,
    );
    assert.match(tls, /HTTP version\s+HTTP\/2\.0 \(h2\)/);
    assert.match(
      await section(page, "security"),
      /Protocol\s+TLS 1\.3\s+Subject\s+shop\.example\s+Issuer\s+Test CA\s+Valid from\s+Tue, 14 Nov 2023/,
    );
    // connect 30 holds ssl 20, and time 90 adds it again.
    assert.match(await section(page, "timing"), /counts 20 ms of TLS twice/);
    const failed = await detailOf(page, 2);
    assert.match(failed, /Error\s+net::ERR_NAME_NOT_RESOLVED/);
    assert.doesNotMatch(failed, /x-unknown/);
    // Minimal mode with content "omit": no size, no text.
    await detailOf(page, 3);
    assert.match(
      await section(page, "response-body"),
      /The body was not saved in this HAR file\./,
    );
  },
}, {
  file: "exporter-safari.har",
  rows: [
    row(0, 200, 0, 110.5, 950),
    // No startedDateTime: drawn at 0, after the file's first by index.
    row(2, 0, 0, 0, 0),
    row(1, 200, 150, 0.06, 0),
  ],
  summary: {
    requests: 3,
    "transfer-bytes": 950,
    "content-bytes": 2500,
    "span-ms": 150.06,
    "status-2xx": 2,
    "status-other": 1,
  },
  async detail(page) {
    const doc = await detailOf(page, 0);
    assert.match(doc, /Remote address\s+\[2001:db8::20\]/);
    assert.match(doc, /TLS is part of Connect in this file/);
    assert.match(await detailOf(page, 1), /Served from\s+memory cache/);
    const cancelled = await detailOf(page, 2);
    assert.match(cancelled, /Error\s+cancelled/);
    assert.doesNotMatch(cancelled, /x-unknown/);
  },
}, {
  file: "exporter-mitmproxy.har",
  rows: [
    row(0, 200, 0, 85.5, 54),
    row(1, 0, 750, 0, 0),
    row(2, 101, 2250, 1, 50),
  ],
  summary: {
    requests: 3,
    "transfer-bytes": 104,
    "content-bytes": 4,
    "span-ms": 2251,
    "status-2xx": 1,
    "status-other": 2,
  },
  async detail(page) {
    assert.match(
      await detailOf(page, 0),
      /Binary content \(application\/octet-stream, 4 B\)/,
    );
    assert.match(await detailOf(page, 1), /Error\s+Connection killed\./);
    await detailOf(page, 2);
    const times = await page.locator(".har-ws .har-ws-time").allInnerTexts();
    assert.deepEqual(times, ["+100 ms", "+250 ms"]);
  },
}, {
  file: "exporter-fiddler.har",
  rows: [
    row(0, 200, 0, 15, 80, "CONNECT"),
    row(1, 200, 30, 40.5, 100),
  ],
  summary: {
    requests: 2,
    "transfer-bytes": 180,
    "content-bytes": 5,
    "span-ms": 70.5,
    "status-2xx": 2,
  },
  async detail(page) {
    // A tunnel is no request a command could repeat.
    await detailOf(page, 0);
    assert.equal(
      await page.locator("[data-testid=har-copy-curl]").isDisabled(),
      true,
    );
    assert.match(
      await page.locator("[data-testid=har-copy-note]").innerText(),
      /CONNECT request asks a proxy for a tunnel/,
    );
    await detailOf(page, 1);
    assert.equal(
      await page.locator("[data-testid=har-copy-curl]").isDisabled(),
      false,
    );
  },
}, {
  file: "exporter-insomnia.har",
  rows: [
    // Every entry at the export's instant: file order.
    row(0, 201, 0, 70.4, 0, "POST"),
    row(1, 0, 0, 12, 0),
  ],
  summary: {
    requests: 2,
    "transfer-bytes": 0,
    "content-bytes": 8,
    "span-ms": 70.4,
    "status-2xx": 1,
    "status-other": 1,
  },
  async detail(page) {
    await detailOf(page, 0);
    const body = await section(page, "request-body");
    assert.match(body, /photo\s+\(file \/home\/me\/cat\.png\)/);
    // The fields are what was recorded: no "No body." under them.
    assert.doesNotMatch(body, /No body/);
    // The command goes without it, and its button says so.
    assert.match(
      await page.locator("[data-testid=har-copy-curl]").getAttribute(
        "title",
      ) ?? "",
      /multipart form was recorded as its fields/,
    );
  },
}];

for (const c of CASES) {
  Deno.test({
    name: `browser har: ${c.file} (rows, summary, detail)`,
    ...BROWSER_TEST,
    fn: () =>
      withPage(async ({ page, server }) => {
        await openViewer(page, server.origin);
        await pick(page, c.file);
        assert.equal(await listCount(page), c.rows.length);
        assert.deepEqual(await rows(page), c.rows);
        const got = await summary(page);
        for (const [metric, value] of Object.entries(c.summary)) {
          assert.equal(got[metric], value, metric);
        }
        await c.detail(page);
      }),
  });
}

Deno.test({
  name:
    "browser har: a HAR saved as a ZIP archive (Playwright's recordHar to a .zip path) opens, each body put back from its file",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      await pick(page, "exporter-playwright.zip");
      assert.equal(await listCount(page), 3);
      assert.match(
        await page.locator(".har-warnings").innerText(),
        /Read har\.har from a ZIP archive \(Playwright's recordHar\): 3 bodies put back from its files; 1 named a file it does not hold\./,
      );
      assert.match(await detailOf(page, 0), /<title>Héllo<\/title>/);
      assert.match(await detailOf(page, 1), /"name": "widget"/);
    }),
});
