import assert from "node:assert/strict";
import { BROWSER_TEST, withPage } from "../helpers/browser.ts";
import { loaded, openViewer, pick } from "../helpers/har_browser.ts";
import { harDoc } from "../helpers/har_doc.ts";

Deno.test({
  name:
    "browser har: the detail panel shows the contract's facts and copies cURL",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      await pick(page, "mixed.har");
      await page.click("[data-testid=har-row][data-index='7']");
      const detail = page.locator("[data-testid=har-detail][data-index='7']");
      await detail.waitFor();
      const text = await detail.innerText();
      for (
        const want of [
          "https://example.com/api/data?access_token=xyz&page=2", // URL
          "GET",
          "503",
          "application/problem+json", // MIME type
          "180 B", // transfer size
          "access_token", // query parameter
          "Set-Cookie", // response header
          "session", // cookie
          "Wait (TTFB)", // timing phases
          "30 ms",
        ]
      ) assert.ok(text.includes(want), `detail lacks ${want}`);
      // JSON bodies are pretty-printed.
      assert.match(text, /"nested": \{\n\s+"client_secret": "cs"/);
      const phases = await detail.locator(".har-timing tr[data-phase]")
        .evaluateAll((trs) =>
          trs.map((
            t,
          ) => [
            (t as HTMLElement).dataset.phase,
            (t as HTMLElement).dataset.ms,
          ])
        );
      assert.deepEqual(phases, [
        ["blocked", "0.5"],
        // Chrome's _blocked_queueing, split as DevTools shows Blocked.
        ["queueing", "0.25"],
        ["stalled", "0.25"],
        ["dns", "-1"],
        ["connect", "-1"],
        ["ssl", "-1"],
        ["send", "1"],
        ["wait", "30"],
        ["receive", "4"],
      ]);
      await page.click("[data-testid=har-copy-curl]");
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=har-note]")?.textContent
          ?.includes("Copied")
      );
      const clip = await page.evaluate(() => navigator.clipboard.readText());
      assert.equal(
        clip,
        "curl 'https://example.com/api/data?access_token=xyz&page=2'",
      );
      // The same request as a fetch call for Node.js and Deno.
      await page.evaluate(() => navigator.clipboard.writeText(""));
      await page.click("[data-testid=har-copy-fetch]");
      await page.waitForFunction(async () =>
        (await navigator.clipboard.readText()).startsWith("await fetch(")
      );
      assert.equal(
        await page.evaluate(() => navigator.clipboard.readText()),
        'await fetch("https://example.com/api/data?access_token=xyz&page=2", {\n' +
          '  method: "GET",\n' +
          "  // fetch adds Accept-Encoding (Deno: gzip,br; Node.js 20: gzip, deflate; a browser its own, Chromium: gzip, deflate, br, zstd) and decodes the answer; Copy as cURL sends none.\n" +
          "  // fetch adds Accept-Language (Deno and Node.js: *; a browser its languages); Copy as cURL sends none.\n" +
          "  // The 3xx itself, as Copy as cURL (no -L) shows it; a browser's is opaque.\n" +
          '  redirect: "manual",\n});\n',
      );
      // "Save body" writes the recorded body whole, locally, named after
      // the URL.
      const requests: string[] = [];
      page.on("request", (r) => requests.push(r.url()));
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        detail.locator("#har-sec-response-body [data-testid=har-save-body]")
          .click(),
      ]);
      assert.equal(download.suggestedFilename(), "data.json");
      assert.match(download.url(), /^blob:/);
      const saved = await Deno.readTextFile((await download.path())!);
      assert.match(saved, /"client_secret":\s*"cs"/);
      // WebSocket frames list their time from the request's start (the
      // fixture's frame is dated 1970, its request 2024).
      await page.click("[data-testid=har-row][data-index='5']");
      const ws = page.locator(
        "[data-testid=har-detail][data-index='5'] .har-ws",
      );
      await ws.waitFor();
      assert.equal(
        await ws.locator(".har-ws-time").first().innerText(),
        "-1,714,550,401,000 ms",
      );
      assert.equal(
        await ws.locator(".har-ws-time").first().getAttribute("title"),
        "1970-01-01T00:00:01.000Z",
      );
      // Nothing left the page but its own files (the favicon).
      assert.deepEqual(
        requests.filter((u) =>
          !u.startsWith("blob:") && !u.startsWith(`${server.origin}/favicon`)
        ),
        [],
      );
    }, { clipboard: true }),
});

Deno.test({
  name:
    "browser har: HTML bodies are text, images come from data: URLs, nothing leaves the page",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const requests: string[] = [];
      page.on("request", (r) => requests.push(r.url()));
      let dialogs = 0;
      page.on("dialog", (d) => {
        dialogs++;
        d.dismiss();
      });
      await openViewer(page, server.origin);
      await pick(page, "mixed.har");
      await page.click("[data-testid=har-row][data-index='1']");
      const detail = page.locator("[data-testid=har-detail][data-index='1']");
      await detail.waitFor();
      assert.match(
        await detail.locator(".har-body").innerText(),
        /<script>alert\(1\)<\/script>/,
      );
      assert.equal(
        await detail.locator("script, iframe, object, embed").count(),
        0,
      );
      await page.click("[data-testid=har-row][data-index='3']");
      const img = page.locator(
        "[data-testid=har-detail][data-index='3'] img.har-img",
      );
      await img.waitFor();
      assert.match(
        await img.getAttribute("src") ?? "",
        /^data:image\/png;base64,iVBOR/,
      );
      await page.waitForFunction(() =>
        (document.querySelector("img.har-img") as HTMLImageElement)
          ?.naturalWidth === 1
      );
      assert.equal(dialogs, 0);
      // Only this origin's page, styles, scripts and worker were fetched.
      const foreign = requests.filter((u) =>
        !u.startsWith(server.origin) && !u.startsWith("data:")
      );
      assert.deepEqual(foreign, []);
      assert.ok(
        requests.every((u) => !u.includes("example.com")),
        "no HAR content in requests",
      );
    }),
});

Deno.test({
  name: "browser har: waterfall bars start at the offset and span the duration",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await page.setViewportSize({ width: 1400, height: 900 });
      await openViewer(page, server.origin);
      await pick(page, "mixed.har");
      const list = page.locator("[data-testid=har-list]");
      const start = Number(await list.getAttribute("data-wf-start"));
      const end = Number(await list.getAttribute("data-wf-end"));
      assert.equal(start, 0);
      assert.equal(end, 7000);
      const geo = await page.$$eval("[data-testid=har-row]", (rows) =>
        rows.map((r) => {
          const cell = r.querySelector(".c-wf")!.getBoundingClientRect();
          const bar = r.querySelector("[data-testid=har-bar]")!
            .getBoundingClientRect();
          const d = (r as HTMLElement).dataset;
          return {
            start: Number(d.startMs),
            duration: Number(d.durationMs),
            left: (bar.left - cell.left) / cell.width,
            width: bar.width / cell.width,
            cell: cell.width,
          };
        }));
      for (const g of geo) {
        const px = 1.5 / g.cell; // a pixel and a half of rounding
        assert.ok(
          Math.abs(g.left - (g.start - start) / (end - start)) < px,
          JSON.stringify(g),
        );
        // Zero-length requests still get a 2 px tick.
        const want = Math.max(g.duration / (end - start), 2 / g.cell);
        assert.ok(Math.abs(g.width - want) < px, JSON.stringify(g));
      }
      // Phases fill the bar in order (its background's colour stops, see
      // bar_paint.ts); TLS is drawn apart from connect.
      const phases = await page.$eval(
        "[data-testid=har-row][data-index='1'] [data-testid=har-bar]",
        (bar) =>
          [
            ...(bar as HTMLElement).style.backgroundImage.matchAll(
              /var\(--wf-(\w+)\)/g,
            ),
          ].map((m) =>
            m[1]
          ),
      );
      assert.deepEqual(
        phases,
        ["blocked", "dns", "connect", "ssl", "send", "wait", "receive"],
      );
      const title = await page.getAttribute(
        "[data-testid=har-row][data-index='2'] [data-testid=har-bar]",
        "title",
      );
      assert.match(title ?? "", /Start: \+123\.457 ms/);
      assert.match(title ?? "", /Wait \(TTFB\): 40\.5 ms/);
      // Page markers: onContentLoad 250 and onLoad 400 of page_1.
      const markers = await page.$$eval(
        ".wf-layer .wf-marker",
        (m) =>
          m.map((
            e,
          ) => [e.className, parseFloat((e as HTMLElement).style.left)]),
      );
      assert.deepEqual(
        markers.map((m) => m[0]),
        ["wf-marker wf-dcl", "wf-marker wf-load"],
      );
      assert.ok(Math.abs(Number(markers[0][1]) - (250 / 7000) * 100) < 1e-4);
      assert.ok(Math.abs(Number(markers[1][1]) - (400 / 7000) * 100) < 1e-4);
      // A page scope zooms the axis to that page's requests.
      await page.selectOption("[data-testid=har-page]", "page_2");
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=har-list]")?.getAttribute(
          "data-wf-start",
        ) === "123.4567"
      );
      assert.equal(await list.getAttribute("data-wf-end"), "335.5");
    }),
});

Deno.test({
  name:
    "browser har: the sanitized copy is generated locally and has no secrets",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const requests: string[] = [];
      page.on("request", (r) => requests.push(r.url()));
      await openViewer(page, server.origin);
      await pick(page, "mixed.har");
      const before = requests.length;
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.click("[data-testid=har-sanitize]"),
      ]);
      assert.equal(download.suggestedFilename(), "mixed.sanitized.har");
      assert.match(download.url(), /^blob:/);
      const path = await download.path();
      const text = await Deno.readTextFile(path!);
      for (
        const secret of [
          "hunter2",
          "s3cr3t",
          "abc.def.ghi",
          "access_token=xyz",
          "ws-secret",
        ]
      ) {
        assert.ok(!text.includes(secret), `leaked ${secret}`);
      }
      const har = JSON.parse(text);
      assert.equal(har.log.entries.length, 8);
      assert.equal(
        har.log.entries[2].request.headers[0].value,
        "Bearer [REDACTED]",
      );
      // Generated in the page: no request went out for it (the blob: URL is local).
      assert.deepEqual(
        requests.slice(before).filter((u) => !u.startsWith("blob:")),
        [],
      );
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=har-secrets]")?.textContent
          ?.includes("values redacted")
      );
      // Custom words apply to the next copy.
      await page.click(".har-redact-options summary");
      await page.fill("[data-testid=har-redact-words]", "=user");
      const [second] = await Promise.all([
        page.waitForEvent("download"),
        page.click("[data-testid=har-sanitize]"),
      ]);
      const again = JSON.parse(await Deno.readTextFile((await second.path())!));
      assert.equal(
        JSON.parse(again.log.entries[2].request.postData.text).user,
        "[REDACTED]",
      );
    }),
});

Deno.test({
  name:
    "browser har: an image the browser cannot draw, base64 that is not, and an SVG's source are each said, not a broken icon",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const e = (mimeType: string, text: string, encoding?: string) => ({
        startedDateTime: "2026-01-01T00:00:00Z",
        time: 1,
        request: { method: "GET", url: "https://a.test/i", headers: [] },
        response: {
          status: 200,
          headers: [],
          content: { size: 4, mimeType, text, encoding },
        },
        timings: { send: 0, wait: 1, receive: 0 },
      });
      await openViewer(page, server.origin);
      await page.fill(
        "[data-testid=har-input]",
        JSON.stringify({
          log: {
            version: "1.2",
            entries: [
              e("image/png", "AAAAAAAA", "base64"),
              e("image/png", "!!not base64!!", "base64"),
              e(
                "image/svg+xml",
                // Text beyond Latin-1: encoded as UTF-8 (btoa would throw).
                '<svg xmlns="http://www.w3.org/2000/svg"><title>é€</title></svg>',
              ),
            ],
          },
        }),
      );
      await loaded(page);
      const open = async (i: number) => {
        await page.click(`[data-testid=har-row][data-index='${i}']`);
        await page.locator(`[data-testid=har-detail][data-index='${i}']`)
          .waitFor();
      };
      await open(0);
      await page.locator("[data-testid=har-image-broken]").waitFor();
      await open(1);
      assert.match(
        await page.locator("[data-testid=har-body-binary]").innerText(),
        /not shown: the recorded base64 is not valid/,
      );
      await open(2);
      const source = page.locator(".har-svg-source");
      await source.locator("summary").click();
      assert.match(await source.innerText(), /<svg xmlns=/);
      // Drawn from a data: URL, which has no origin: a blob: URL opened in
      // a tab of its own would run the SVG's scripts on this page's origin.
      const src = await page.locator("img.har-img").getAttribute("src");
      assert.ok(src?.startsWith("data:image/svg+xml;base64,"), src ?? "");
      assert.equal(
        new TextDecoder().decode(
          Uint8Array.from(atob(src!.split(",")[1]), (c) => c.charCodeAt(0)),
        ),
        '<svg xmlns="http://www.w3.org/2000/svg"><title>é€</title></svg>',
      );
      await page.waitForFunction(() =>
        (document.querySelector("img.har-img") as HTMLImageElement)
          .naturalWidth > 0
      );
    }),
});

Deno.test({
  name:
    "browser har: a redirect's detail opens the request it led to, as DevTools links them",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      await page.fill(
        "[data-testid=har-input]",
        JSON.stringify(harDoc([
          { at: 0, url: "http://x.test/old", status: 301, redirectURL: "/new" },
          { at: 5, url: "https://cdn.test/a.js" },
          { at: 10, url: "http://x.test/new" },
        ])),
      );
      await loaded(page);
      await page.click("[data-testid=har-row][data-index='0']");
      const next = page.locator("[data-testid=har-redirect-next]");
      assert.match((await next.textContent())!, /entry 2/);
      await next.click();
      await page.locator("[data-testid=har-detail][data-index='2']").waitFor();
      // The last of the chain leads nowhere: no button.
      assert.equal(await next.count(), 0);
    }),
});

Deno.test({
  name:
    "browser har: a JSON body shows as text or, as DevTools' Preview, a tree that folds",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      const body = {
        pet: { id: 7, name: "Rex", owner: { name: "Ann" } },
        ids: Array.from({ length: 150 }, (_, i) => i),
      };
      await page.fill(
        "[data-testid=har-input]",
        JSON.stringify(harDoc([{
          url: "https://x.test/pets/7",
          mime: "application/json",
          // A price spelled 1.50: the tree shows it as recorded.
          text: JSON.stringify(body).replace("{", '{"price":1.50,'),
        }])),
      );
      await loaded(page);
      await page.click("[data-testid=har-row][data-index='0']");
      const detail = page.locator("[data-testid=har-detail][data-index='0']");
      await detail.waitFor();
      // Text first: what find-in-page searches.
      assert.deepEqual(
        JSON.parse(await detail.locator("pre.har-body-json").innerText()),
        { price: 1.5, ...body },
      );
      await detail.locator("[data-testid=har-body-tree-toggle]").click();
      const tree = detail.locator("[data-testid=har-body-tree]");
      await tree.waitFor();
      assert.equal(await detail.locator("pre.har-body-json").count(), 0);
      // The first level open, each member a one-line preview.
      const summary = (key: string) =>
        tree.locator("summary", { hasText: new RegExp(`^\\s*${key}:`) });
      assert.match(
        (await summary("pet").textContent())!,
        /pet: \{id: 7, name: "Rex", owner: \{…\}\}/,
      );
      assert.equal(
        await summary("pet").evaluate((s) =>
          s.parentElement!.hasAttribute("open")
        ),
        false,
      );
      assert.equal(
        await tree.locator(".jt-string", { hasText: '"Ann"' }).count(),
        0,
        "not rendered",
      );
      assert.equal(
        await tree.locator("li.jt-leaf", { hasText: "price:" }).textContent(),
        "price: 1.50",
      );
      await summary("pet").click();
      await summary("owner").click();
      await tree.locator(".jt-string", { hasText: '"Ann"' }).waitFor();
      // A long array lists a hundred members, then a button for more.
      await summary("ids").click();
      const ids = summary("ids").locator("xpath=..");
      const leaves = ids.locator("ul.jt-members > li.jt-leaf");
      await leaves.nth(99).waitFor();
      assert.equal(await leaves.count(), 100);
      await ids.getByRole("button", { name: "Show 50 more of 50" }).click();
      await leaves.nth(149).waitFor();
      assert.equal(await leaves.count(), 150);
      // The last step removed the button: focus is on the list it grew.
      assert.equal(
        await page.evaluate(() => document.activeElement?.className),
        "jt-members",
      );
    }),
});

Deno.test({
  name:
    "browser har: Playwright's TLS, inside Connect and added to time again, is drawn once and its second count said",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openViewer(page, server.origin);
      const doc = harDoc([{ time: 140 }]) as {
        log: { creator: object; entries: Record<string, unknown>[] };
      };
      doc.log.creator = { name: "Playwright", version: "1.49.0" };
      doc.log.entries[0].timings = {
        dns: 10,
        connect: 50,
        ssl: 30,
        send: 0,
        wait: 40,
        receive: 10,
      };
      await page.fill("[data-testid=har-input]", JSON.stringify(doc));
      const row = page.locator("[data-testid=har-row][data-index='0']");
      // The duration stays `time` as written (HAR 1.2 §4.2).
      assert.equal(await row.getAttribute("data-duration-ms"), "140");
      await row.click();
      const detail = page.locator("[data-testid=har-detail][data-index='0']");
      await detail.waitFor();
      const twice = detail.locator(".har-timing tr[data-phase=twice]");
      assert.equal(await twice.getAttribute("data-ms"), "30");
      // Connect's bar is its TCP part (20 of 140 ms), not TLS again.
      const width = (phase: string) =>
        detail.locator(`.har-timing tr[data-phase=${phase}] .wf-seg`)
          .evaluate((el) => parseFloat((el as HTMLElement).style.width));
      assert.ok(Math.abs(await width("connect") - (20 / 140) * 100) < 0.01);
      assert.match(await detail.innerText(), /counts 30 ms of TLS twice/);
      assert.match(
        (await row.locator("[data-testid=har-bar]").getAttribute("title"))!,
        /TLS counted twice \(in Connect, again in time\): 30 ms/,
      );
    }),
});
