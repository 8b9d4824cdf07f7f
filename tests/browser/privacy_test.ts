/**
 * The viewers' promise (no spec or HAR byte leaves the browser), proved the way a sceptical user
 * would: load a spec, two spec versions to compare and a HAR that carry a
 * unique marker by every route (paste, pick, drop), then filter, sort,
 * inspect and export, while
 * recording every request the browser makes, workers included. Any request
 * that carries the marker, is not a GET, or leaves the origin fails the test.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { BrowserContext as PwContext, Page } from "playwright-core";
import { BROWSER_TEST, gotoHydrated, withPage } from "../helpers/browser.ts";

const MARKER = `wbpriv${crypto.randomUUID().replaceAll("-", "")}`;

interface Seen {
  method: string;
  url: string;
  body: string;
  headers: string;
}

/** Records every request of the context (pages and workers). */
function record(context: PwContext): Seen[] {
  const seen: Seen[] = [];
  context.on("request", (r) => {
    seen.push({
      method: r.method(),
      url: r.url(),
      body: r.postData() ?? "",
      headers: JSON.stringify(r.headers()),
    });
  });
  return seen;
}

function assertPrivate(seen: Seen[], origin: string): void {
  assert.ok(seen.length > 0, "the recorder saw the page load");
  for (const r of seen) {
    const where = `${r.method} ${r.url}`;
    for (const part of [r.url, r.body, r.headers]) {
      assert.ok(!part.includes(MARKER), `marker sent by ${where}`);
      assert.ok(
        !decodeURIComponent(part).includes(MARKER),
        `encoded marker sent by ${where}`,
      );
    }
    if (r.url.startsWith("blob:") || r.url.startsWith("data:")) continue;
    assert.equal(r.method, "GET", where);
    assert.equal(new URL(r.url).origin, origin, `left the origin: ${where}`);
    assert.equal(r.body, "", `request body in ${where}`);
  }
}

/** A reload restores state from the hash and storage: it must not leak either. */
async function reloadAndCheck(page: Page, seen: Seen[], origin: string) {
  await page.reload();
  await page.waitForSelector("[data-island][data-hydrated=true]");
  assertPrivate(seen, origin);
}

async function drop(page: Page, name: string, text: string): Promise<void> {
  await page.evaluate(([name, text]) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], name, { type: "application/json" }));
    const target = document.querySelector("footer")!;
    for (const type of ["dragenter", "dragover", "drop"]) {
      target.dispatchEvent(
        new DragEvent(type, {
          dataTransfer: dt,
          bubbles: true,
          cancelable: true,
        }),
      );
    }
  }, [name, text]);
}

/** A spec whose every text field carries the marker; `n` paths. */
function spec(n: number): string {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    paths[`/${MARKER}/items/${i}`] = {
      get: {
        operationId: `get${MARKER}${i}`,
        summary: `Read ${MARKER} ${i}`,
        description: `Secret description ${MARKER}`,
        tags: [`tag-${MARKER}`],
        parameters: [{ name: "q", in: "query", description: MARKER }],
        responses: { "200": { description: `ok ${MARKER}` } },
      },
    };
  }
  return JSON.stringify({
    openapi: "3.1.0",
    info: { title: `Private API ${MARKER}`, version: "1.0" },
    paths,
  });
}

/** A HAR whose URLs, headers, cookies and bodies carry the marker. */
function har(): string {
  const entry = (i: number, status: number, mime: string) => ({
    startedDateTime: `2026-11-23T10:00:0${i}.000Z`,
    time: 10 + i,
    request: {
      method: i % 2 ? "POST" : "GET",
      url: `https://private.example/${MARKER}/${i}?token=${MARKER}`,
      httpVersion: "HTTP/1.1",
      headers: [
        { name: "Authorization", value: `Bearer ${MARKER}` },
        { name: "X-Trace", value: MARKER },
      ],
      cookies: [{ name: "sid", value: MARKER }],
      queryString: [{ name: "token", value: MARKER }],
      postData: {
        mimeType: "application/json",
        text: `{"secret":"${MARKER}"}`,
      },
      headersSize: 100,
      bodySize: 20,
    },
    response: {
      status,
      statusText: "",
      httpVersion: "HTTP/1.1",
      headers: [{ name: "Set-Cookie", value: `sid=${MARKER}` }],
      cookies: [],
      content: { size: 30, mimeType: mime, text: `<b>${MARKER}</b>` },
      redirectURL: "",
      headersSize: 50,
      bodySize: 30,
    },
    cache: {},
    timings: { send: 1, wait: 5 + i, receive: 4 },
  });
  return JSON.stringify({
    log: {
      version: "1.2",
      creator: { name: MARKER, version: "1" },
      entries: [
        entry(0, 200, "text/html"),
        entry(1, 404, "application/json"),
        entry(2, 302, "image/png"),
      ],
    },
  });
}

Deno.test({
  name:
    "privacy: a spec pasted, picked, dropped, filtered and copied never leaves the page",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const seen = record(page.context());
      await gotoHydrated(page, server.origin, "/spec");
      await page.fill("[data-testid=spec-input]", spec(3));
      await page.waitForSelector("[data-testid=endpoint-row]");
      assert.equal(await page.textContent("[data-testid=spec-count]"), "3");

      // A large file goes through the Web Worker: its requests count too.
      await page.setInputFiles("[data-testid=spec-file]", {
        name: "big.json",
        mimeType: "application/json",
        buffer: Buffer.from(spec(1500)),
      });
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=spec-count]")?.textContent ===
          "1500"
      );
      await drop(page, "dropped.json", spec(7));
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=spec-count]")?.textContent === "7"
      );
      await page.fill(
        "[data-testid=spec-filter]",
        `get ${MARKER.slice(0, 12)} items/5`,
      );
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=endpoint-list]")?.getAttribute(
          "data-count",
        ) === "1"
      );
      await page.click("[data-testid=endpoint-row]");
      await page.waitForSelector("[data-testid=operation-detail]");
      await page.click("[data-testid=spec-copy]");
      await reloadAndCheck(page, seen, server.origin);
    }, { clipboard: true }),
});

Deno.test({
  name:
    "privacy: a HAR pasted, picked, dropped, sorted, inspected and sanitized never leaves the page",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const seen = record(page.context());
      await gotoHydrated(page, server.origin, "/har");
      const text = har();
      await page.fill("[data-testid=har-input]", text);
      await page.waitForSelector("[data-testid=har-row]");
      await page.setInputFiles("[data-testid=har-file]", {
        name: "picked.har",
        mimeType: "application/json",
        buffer: Buffer.from(text),
      });
      await drop(page, "dropped.har", text);
      await page.waitForSelector("[data-testid=har-row]");
      assert.equal(
        await page.getAttribute("[data-testid=har-list]", "data-count"),
        "3",
      );
      await page.fill("[data-testid=har-search]", MARKER);
      await page.selectOption("[data-testid=har-sort]", "duration-desc");
      await page.click("[data-testid=har-status-chip][data-class='4xx']");
      await page.click("[data-testid=har-status-chip][data-class='4xx']");
      await page.click("[data-testid=har-row]");
      await page.waitForSelector("[data-testid=har-detail]");
      // HTML bodies are shown as text, never rendered as live markup.
      assert.equal(await page.locator(`b:text("${MARKER}")`).count(), 0);
      const curl = page.locator("[data-testid=har-copy-curl]");
      if (await curl.count()) await curl.first().click();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.click("[data-testid=har-sanitize]"),
      ]);
      assert.match(download.url(), /^blob:/);
      await reloadAndCheck(page, seen, server.origin);
    }, { clipboard: true }),
});

Deno.test({
  name:
    "privacy: two spec versions pasted, picked, dropped, compared, opened and exported never leave the page",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const seen = record(page.context());
      await gotoHydrated(page, server.origin, "/spec/compare");
      await page.fill("[data-testid=compare-base-input]", spec(3));
      await page.setInputFiles("[data-testid=compare-revision-file]", {
        name: "revision.json",
        mimeType: "application/json",
        buffer: Buffer.from(spec(1500)),
      });
      await page.waitForSelector("[data-testid=change-row]");
      // Dropped on the page: with both sides given, it replaces the revision.
      await drop(page, "dropped.json", spec(7));
      await page.waitForFunction(() =>
        /dropped\.json/.test(
          document.querySelector("[data-testid=compare-revision-read]")
            ?.textContent ?? "",
        )
      );
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=compare-summary]")?.getAttribute(
          "data-info",
        ) === "4"
      );
      await page.fill(
        "[data-testid=compare-filter]",
        `get ${MARKER.slice(0, 12)} items/5`,
      );
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=change-list]")?.getAttribute(
          "data-count",
        ) === "1"
      );
      await page.click("[data-testid=change-row] .cmp-row-main");
      await page.waitForSelector(
        "[data-testid=change-detail] [data-testid=change-value]",
      );
      await page.click("[data-testid=compare-copy-md]");
      await page.waitForFunction(() =>
        /^Copied/.test(
          document.querySelector("[data-testid=compare-note]")?.textContent ??
            "",
        )
      );
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.click("[data-testid=compare-download-json]"),
      ]);
      assert.match(download.url(), /^blob:/);
      // The fragment holds the filter, which the reader typed: never a document.
      assert.ok(!new URL(page.url()).hash.includes("paths"));
      await reloadAndCheck(page, seen, server.origin);
    }, { clipboard: true }),
});

Deno.test({
  name:
    "privacy: the viewer pages forbid other origins, inline script and framing",
  ...BROWSER_TEST,
  fn: async () => {
    // A real listener on another origin (another port), which would answer
    // a request that got through: it must hear nothing.
    const heard: string[] = [];
    const listener = Deno.serve({
      hostname: "127.0.0.1",
      port: 0,
      onListen: () => {},
    }, (req) => {
      heard.push(`${req.method} ${new URL(req.url).pathname}`);
      return new Response("ok", {
        headers: { "access-control-allow-origin": "*" },
      });
    });
    const other = `http://127.0.0.1:${listener.addr.port}`;
    try {
      await withPage(async ({ page, server }) => {
        assert.notEqual(new URL(server.origin).origin, other);
        for (const path of ["/spec", "/spec/compare", "/har"]) {
          const res = await page.goto(server.origin + path);
          const csp = res!.headers()["content-security-policy"];
          assert.match(csp, /connect-src 'self'/);
          assert.match(csp, /frame-ancestors 'none'/);
          assert.doesNotMatch(csp, /script-src[^;]*'unsafe-inline'/);
          // An attempt to reach another origin from the page, by fetch and
          // by beacon, is blocked by the policy, which reports each.
          const tried = await page.evaluate(async (target) => {
            const violations: string[] = [];
            document.addEventListener("securitypolicyviolation", (e) => {
              violations.push(`${e.effectiveDirective} ${e.blockedURI}`);
            });
            let fetchFailed = false;
            try {
              await fetch(`${target}/leak-fetch`, {
                method: "POST",
                body: "x",
              });
            } catch {
              fetchFailed = true;
            }
            navigator.sendBeacon(`${target}/leak-beacon`, "x");
            // Violation events are dispatched as a task: wait for both
            // (or give up after 5 s; the test then says which is missing).
            for (let i = 0; i < 100 && violations.length < 2; i++) {
              await new Promise((r) => setTimeout(r, 50));
            }
            return { fetchFailed, violations };
          }, other);
          assert.ok(
            tried.fetchFailed,
            `${path}: cross-origin fetch was not blocked`,
          );
          assert.deepEqual(
            tried.violations.sort(),
            [
              `connect-src ${other}/leak-beacon`,
              `connect-src ${other}/leak-fetch`,
            ],
            `${path}: the policy reports both attempts`,
          );
        }
      }, {
        allowErrors: [/Content Security Policy|Failed to fetch|connect-src/],
      });
      // Whatever was in flight has had time to arrive.
      await new Promise((r) => setTimeout(r, 300));
      assert.deepEqual(heard, [], "the other origin received nothing");
    } finally {
      await listener.shutdown();
    }
  },
});

Deno.test({
  name: "privacy: the recorder catches a leak from the page and from a worker",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const seen = record(page.context());
      await gotoHydrated(page, server.origin, "/spec");
      assertPrivate(seen, server.origin);
      assert.ok(
        seen.some((r) => r.url.includes("/_build/spec_worker.js")) ||
          seen.some((r) => r.url.includes("/_build/client.js")),
      );
      // A same-origin GET carrying the marker, from a module worker.
      await page.evaluate(async (m) => {
        const target = `${location.origin}/api/debug/status/204?x=${m}`;
        const src = `fetch(${JSON.stringify(target)})
          .finally(() => postMessage(1));`;
        const url = URL.createObjectURL(
          new Blob([src], { type: "text/javascript" }),
        );
        const w = new Worker(url, { type: "module" });
        await new Promise((r) => {
          w.onmessage = r;
          w.onerror = r;
          setTimeout(r, 5000);
        });
        w.terminate();
      }, MARKER);
      assert.throws(() => assertPrivate(seen, server.origin), /marker sent/);
    }),
});
