/**
 * The /debug runner in Chromium with results that are more than a status
 * and a JSON body: live SSE events and the stop button, a failed and a
 * cancelled request, a body cut after its headers, a large body, an
 * example's Try link, a WebSocket exchange, a drawn image and a dripped
 * body.
 *
 * The tests take turns on one loaded /debug page (withRunners), which is
 * loaded again only for a test that names a runner an earlier test on it
 * used: they are ordered so that each load serves several (six loads where
 * there was one a test), a test that uses the status runner first. Tests
 * that must start the page themselves (an init script, history patched, a
 * reload) use withPage and a load of their own, last.
 */
import assert from "node:assert/strict";
import { BROWSER_TEST, gotoHydrated, withPage } from "../helpers/browser.ts";
import { hasCurl } from "../helpers/curl.ts";
import { prettyJson, tokensText } from "../../lib/shared/json_pretty.ts";
import {
  HTTP_ERRORS,
  resultStatus,
  runner,
  withRunners,
} from "../helpers/runner_browser.ts";

Deno.test({
  name: "browser runner: network failure and cancel are shown as such",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["status"], async ({ page }) => {
      const r = runner(page, "status");
      await page.route("**/api/debug/status/**", (route) => route.abort());
      await r.locator("[data-testid=run]").click();
      assert.match(
        (await r.locator("[data-testid=result-error]").textContent())!,
        /failed before a response arrived/,
      );
      await page.unroute("**/api/debug/status/**");
      await r.locator("[data-param=sleep]").fill("20s");
      await r.locator("[data-testid=run]").click();
      await r.getByRole("button", { name: "Cancel" }).press("Enter");
      assert.equal(
        await r.locator("[data-testid=result-error]").textContent(),
        "Cancelled.",
      );
      // The button went: focus is on the run button, not the page's start.
      assert.equal(
        await r.locator("[data-testid=run]").evaluate((b) =>
          b === document.activeElement
        ),
        true,
      );
    }, HTTP_ERRORS),
});

Deno.test({
  name: "browser runner: sse count=3 lists three events in order, live",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["sse"], async ({ page }) => {
      const r = runner(page, "sse");
      await r.locator("[data-param=count]").fill("3");
      // Slow enough that "live" is observable on a loaded machine.
      await r.locator("[data-param=interval]").fill("600");
      await r.locator("[data-param=event]").fill("tick");
      await r.locator("[data-testid=run]").click();
      const events = r.locator("[data-testid=sse-event]");
      // Live: the first event shows before the stream is complete.
      await events.first().waitFor();
      assert.notEqual(
        await r.locator(".result-sse").getAttribute("data-phase"),
        "complete",
      );
      await page.waitForFunction(() =>
        document.querySelectorAll("[data-endpoint=sse] [data-testid=sse-event]")
          .length === 3
      );
      await r.locator(".result-sse[data-phase=complete]").waitFor();
      const rows = await events.evaluateAll((els) =>
        els.map((
          e,
        ) => [(e as HTMLElement).dataset.id, (e as HTMLElement).dataset.event])
      );
      assert.deepEqual(rows, [["1", "tick"], ["2", "tick"], ["3", "tick"]]);
      assert.match((await events.nth(2).textContent())!, /"count":3/);
      assert.match(
        (await r.locator("[data-testid=curl]").textContent())!,
        / -N$/,
      );
      assert.equal(await resultStatus(r), "200");
      // The stream's own headers, which an EventSource would hide.
      assert.match(
        (await r.locator("[data-testid=result-headers]").textContent())!,
        /content-type\s*text\/event-stream/,
      );
    }, HTTP_ERRORS),
});

Deno.test({
  name: "browser runner: /drip runs with fetch and shows its bytes",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["drip"], async ({ page }) => {
      const r = runner(page, "drip");
      await r.locator("[data-param=duration]").fill("0.3");
      await r.locator("[data-param=numbytes]").fill("6");
      await r.locator("[data-testid=run]").click();
      assert.equal(await resultStatus(r), "200");
      // application/octet-stream, as httpbin sends it: shown as bytes.
      assert.match(
        (await r.locator("[data-testid=result-body]").textContent())!,
        /^00000000: 2a2a 2a2a 2a2a +\*{6}$/,
      );
    }),
});

Deno.test({
  name:
    "browser runner: bytes that are not text are shown as a hex dump, text stays text",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(
      ["bytes", "stream-bytes", "base64"],
      async ({ page }) => {
        const body = async (id: string) => {
          const r = runner(page, id);
          await r.locator("[data-testid=run]").click();
          assert.equal(await resultStatus(r), "200");
          return (await r.locator("[data-testid=result-body]").textContent())!;
        };
        for (const [id, n] of [["bytes", "40"], ["stream-bytes", "5000"]]) {
          await runner(page, id).locator("[data-param=n]").fill(n);
          const dump = await body(id);
          assert.match(
            dump,
            /^00000000: [0-9a-f]{4}( [0-9a-f]{4}){7} {2}.{16}\n/,
          );
          assert.doesNotMatch(dump, /\uFFFD/);
          if (id === "stream-bytes") {
            // Bounded: 256 lines of 16 bytes, then the count of the rest.
            assert.match(dump, /\n…904 more bytes$/);
          }
        }
        // base64 of FF FE 00 41: not UTF-8, sent as application/octet-stream.
        await runner(page, "base64").locator("[data-param=value]").fill(
          "__4AQQ",
        );
        assert.match(await body("base64"), /^00000000: fffe 0041 +\.\.\.A$/);
        // UTF-8 stays text.
        await runner(page, "base64").locator("[data-param=value]").fill(
          "aGVsbG8",
        );
        assert.equal(await body("base64"), "hello");
      },
    ),
});

Deno.test({
  name:
    "browser runner: abort shows the 200 and headers that came, and that the body broke off",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["abort"], async ({ page }) => {
      const r = runner(page, "abort");
      await r.locator("[data-param=after]").fill("100");
      await r.locator("[data-testid=run]").click();
      assert.equal(await resultStatus(r), "200");
      assert.equal(await r.locator("[data-testid=result-error]").count(), 0);
      assert.match(
        (await r.locator("[data-testid=result-headers]").textContent())!,
        /content-type/,
      );
      // Chromium errors the body's stream with what it had not handed
      // over still queued, and a stream's error drops its queue: the 100
      // bytes and the cut arrive together, so none may be shown.
      assert.match(
        (await r.locator("[data-testid=result-cut]").textContent())!,
        /broke off before its end: .+\. The status and headers below had arrived; the body shows the \d+ B read/,
      );
    }, { allowErrors: [/Failed to load resource/, /ERR_INCOMPLETE/] }),
});

Deno.test({
  name:
    "browser runner: Escape in the runner cancels its request in flight, and says so; an Escape a popup took, or another runner's, does not",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["status", "echo", "sse", "drip"], async ({ page }) => {
      const r = runner(page, "status");
      const sleep = r.locator("[data-param=sleep]");
      const waiting = r.locator(".result-pending");
      await sleep.fill("20s");
      await r.locator("[data-testid=run]").click();
      await waiting.waitFor();
      // Another runner's Escape is its own.
      await runner(page, "echo").locator("[data-param=body]").press("Escape");
      // A popup inside the runner that closes on Escape takes the key
      // (preventDefault), as a menu or listbox does: the request goes on.
      await sleep.evaluate((el) =>
        el.addEventListener("keydown", (e) => {
          if ((e as KeyboardEvent).key === "Escape") e.preventDefault();
        }, { once: true })
      );
      await sleep.press("Escape");
      await page.evaluate(() => new Promise(requestAnimationFrame));
      assert.equal(await waiting.count(), 1, "still waiting");
      // Escape from a field: cancelled, said, and focus stays in the field.
      await sleep.press("Escape");
      assert.equal(
        await r.locator("[data-testid=result-error]").textContent(),
        "Cancelled.",
      );
      assert.match(
        (await r.locator("[aria-live]").textContent())!,
        /^Cancelled\. After \d+ milliseconds\.$/,
      );
      assert.ok(await sleep.evaluate((el) => el === document.activeElement));
      // Escape on the Cancel button, which goes with the request: focus
      // lands on the run button.
      await r.locator("[data-testid=run]").click();
      await r.getByRole("button", { name: "Cancel" }).press("Escape");
      await r.locator("[data-testid=result-error]").waitFor();
      assert.ok(
        await r.locator("[data-testid=run]").evaluate((b) =>
          b === document.activeElement
        ),
      );
      // An event stream: stopped, as Stop does.
      const e = runner(page, "sse");
      await e.locator("[data-param=count]").fill("50");
      await e.locator("[data-param=interval]").fill("100");
      await e.locator("[data-testid=run]").click();
      await e.locator("[data-testid=sse-event]").first().waitFor();
      await e.locator("[data-param=count]").press("Escape");
      await e.locator(".result-sse[data-phase=stopped]").waitFor();
      assert.match(
        (await e.locator("[aria-live]").textContent())!,
        /^Stream stopped: \d+ events? in \d+ milliseconds\.$/,
      );
      // A body still coming: the bytes that came, cut off as cancelled.
      const d = runner(page, "drip");
      await d.locator("[data-param=duration]").fill("20");
      await d.locator("[data-param=numbytes]").fill("4");
      await d.locator("[data-testid=run]").click();
      await d.locator("[data-testid=result-progress]").waitFor();
      await d.locator("[data-param=numbytes]").press("Escape");
      assert.match(
        (await d.locator("[data-testid=result-cut]").textContent())!,
        /broke off before its end: Cancelled\./,
      );
    }, HTTP_ERRORS),
});

Deno.test({
  name:
    "browser runner: openapi.json (a large body) is pretty-printed and coloured",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["openapi"], async ({ page }) => {
      const r = runner(page, "openapi");
      await r.locator("[data-testid=run]").click();
      assert.equal(await resultStatus(r), "200");
      const body = r.locator("[data-testid=result-body]");
      const doc = JSON.parse((await body.textContent())!);
      assert.equal(doc.openapi, "3.1.0");
      assert.ok(await body.locator(".j-key").count() > 100);
    }),
});

Deno.test({
  name:
    "browser runner: Save body writes the whole body as it came, past the dump's 4 KiB (Swagger UI's Download file, Postman's Save response)",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["bytes", "json"], async ({ page, server }) => {
      const r = runner(page, "bytes");
      await r.locator("[data-param=n]").fill("70000");
      await r.locator("[data-param=seed]").fill("7");
      await r.locator("[data-testid=run]").click();
      assert.equal(await resultStatus(r), "200");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        r.locator("[data-testid=save-body]").click(),
      ]);
      assert.match(
        (await r.locator("[data-testid=result-binary]").textContent())!,
        /70000 bytes\): .*, the first 4,096 bytes; Save body has them all\.$/,
      );
      assert.equal(download.suggestedFilename(), "70000.bin");
      const saved = await Deno.readFile((await download.path())!);
      const sent = new Uint8Array(
        await (await fetch(`${server.origin}/api/debug/bytes/70000?seed=7`))
          .arrayBuffer(),
      );
      assert.equal(saved.byteLength, 70000);
      assert.deepEqual(saved, sent);
      // A JSON body is saved as the bytes that came, not as pretty-printed.
      const json = runner(page, "json");
      await json.locator("[data-testid=run]").click();
      assert.equal(await resultStatus(json), "200");
      const [doc] = await Promise.all([
        page.waitForEvent("download"),
        json.locator("[data-testid=save-body]").click(),
      ]);
      assert.equal(doc.suggestedFilename(), "json.json");
      assert.equal(
        await Deno.readTextFile((await doc.path())!),
        await (await fetch(`${server.origin}/api/debug/json`)).text(),
      );
    }),
});

Deno.test({
  name:
    "browser runner: a body of 100,000 characters is one text, all of it read by innerText (pieces are only for bodies past 400,000)",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["status"], async ({ page }) => {
      const text = Array.from({ length: 5000 }, (_, i) => `line ${i}`).join(
        "\n",
      ).padEnd(100_000, "x");
      await page.route("**/api/debug/status/**", (route) =>
        route.fulfill({ contentType: "text/plain", body: text }));
      const r = runner(page, "status");
      await r.locator("[data-testid=run]").click();
      assert.equal(await resultStatus(r), "200");
      const body = r.locator("[data-testid=result-body]");
      assert.equal(await body.locator(".body-chunk").count(), 0);
      // A piece not laid out is no text to innerText: none here.
      assert.equal(await body.innerText(), text);
    }),
});

Deno.test({
  name:
    "browser runner: an sse request the server refuses shows its 400, from the one request sent",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["sse"], async ({ page }) => {
      const sent: string[] = [];
      page.on("request", (q) => {
        if (q.url().includes("/api/debug/sse")) sent.push(q.url());
      });
      const r = runner(page, "sse");
      await r.locator("[data-param=retry]").fill("99999");
      await r.locator("[data-testid=run]").click();
      await r.locator(".result-sse[data-phase=failed]").waitFor();
      assert.equal(await resultStatus(r), "400");
      assert.match(
        (await r.locator("[data-testid=result-body]").textContent())!,
        /"param":\s*"retry"/,
      );
      assert.equal(sent.length, 1, sent.join(" "));
    }, HTTP_ERRORS),
});

Deno.test({
  name:
    "browser runner: a body still dripping shows the status, headers and bytes that came, as DevTools does",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["drip"], async ({ page }) => {
      const r = runner(page, "drip");
      await r.locator("[data-param=duration]").fill("2.4");
      await r.locator("[data-param=numbytes]").fill("4");
      await r.locator("[data-param=code]").fill("201");
      await r.locator("[data-testid=run]").click();
      // The headers come at once, the four bytes over 2.4 s: the status
      // shows while the body is still coming (the result's own status
      // and duration only once it has all come).
      const progress = r.locator("[data-testid=result-progress]");
      await progress.waitFor();
      assert.match((await progress.textContent())!, /201 Created/);
      assert.equal(
        await r.locator(
          "[data-testid=result-status], [data-testid=result-headers]",
        ).count(),
        0,
      );
      assert.match(
        (await r.locator("[data-testid=progress-headers]").textContent())!,
        /content-type\s*application\/octet-stream/,
      );
      await page.waitForFunction(() =>
        /[1-3] B of 4 B/.test(
          document.querySelector(
            "[data-endpoint=drip] [data-testid=result-received]",
          )?.textContent ?? "",
        )
      );
      assert.equal(await resultStatus(r), "201");
      assert.equal(await progress.count(), 0);
    }),
});

Deno.test({
  name:
    "browser runner: the WebSocket runner connects, echoes what is sent, and shows the close",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["websocket-echo"], async ({ page }) => {
      const r = runner(page, "websocket-echo");
      assert.equal(
        await r.locator("[data-testid=run]").textContent(),
        "Connect",
      );
      const command = (await r.locator("[data-testid=curl]").textContent())!;
      assert.match(command, /Upgrade: websocket/);
      // The URL the socket opens, and a command that ends by itself: curl
      // shows the 101 and holds the connection (it speaks no frames).
      assert.match(
        (await r.locator("[data-testid=url]").textContent())!,
        /^ws:\/\/127\.0\.0\.1:\d+\/api\/debug\/websocket\/echo/,
      );
      assert.match(command, /--max-time 5\b/);
      if (await hasCurl()) {
        const t0 = performance.now();
        const out = await new Deno.Command("bash", {
          args: [
            "-c",
            command.replace(
              /^curl /,
              "curl -s -o /dev/null -w '%{http_code}' ",
            ),
          ],
          stdout: "piped",
          stderr: "null",
        }).output();
        assert.equal(new TextDecoder().decode(out.stdout), "101");
        // Wall time is the point: --max-time 5 ends the command.
        assert.ok(performance.now() - t0 < 15_000, "the command ends");
      }
      await r.locator("[data-param=max_message_size]").fill("8");
      await r.locator("[data-testid=run]").click();
      await r.locator("[data-testid=ws][data-phase=open]").waitFor();
      await r.locator("[data-testid=ws-input]").fill("héllo");
      await r.locator("[data-testid=ws-send]").click();
      const received = r.locator("[data-testid=ws-message][data-dir=received]");
      await received.waitFor();
      assert.equal(await received.locator("code").textContent(), "héllo");
      // Nine bytes (é is two in UTF-8) is over the limit of 8: close 1009.
      await r.locator("[data-testid=ws-input]").fill("héllo!!!");
      await r.locator("[data-testid=ws-send]").click();
      await r.locator("[data-testid=ws][data-phase=closed]").waitFor();
      assert.match(
        (await r.locator("[data-testid=ws-close-code]").textContent())!,
        /^1009 \(message too big\)/,
      );
      assert.equal(await received.count(), 1);
      // Disconnect goes once pressed: focus on the run button.
      await r.locator("[data-testid=run]").click();
      await r.locator("[data-testid=ws][data-phase=open]").waitFor();
      await r.locator("[data-testid=ws-disconnect]").press("Enter");
      await r.locator("[data-testid=ws][data-phase=closed]").waitFor();
      assert.equal(
        await r.locator("[data-testid=run]").evaluate((b) =>
          b === document.activeElement
        ),
        true,
      );
    }),
});

Deno.test({
  name: "browser runner: an example's Try link loads it into the runner",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["status"], async ({ page, server }) => {
      await page.locator('#status a.try[href*="503"]').click();
      const r = runner(page, "status");
      await page.waitForFunction(() =>
        (document.querySelector(
          "[data-endpoint=status] [data-param=sleep]",
        ) as HTMLInputElement).value === "1s"
      );
      assert.equal(await r.locator("[data-param=code]").inputValue(), "503");
      assert.equal(
        await r.locator("[data-testid=url]").textContent(),
        `${server.origin}/api/debug/status/503?sleep=1s`,
      );
    }),
});

Deno.test({
  name: "browser runner: sse stop button stops the stream",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["sse"], async ({ page }) => {
      const r = runner(page, "sse");
      await r.locator("[data-param=count]").fill("50");
      await r.locator("[data-param=interval]").fill("100");
      await r.locator("[data-testid=run]").click();
      await r.locator("[data-testid=sse-event]").nth(1).waitFor();
      await r.locator("[data-testid=stop]").press("Enter");
      const n = await r.locator("[data-testid=sse-event]").count();
      // The button went: focus is on the run button, not the page's start.
      assert.equal(
        await r.locator("[data-testid=run]").evaluate((b) =>
          b === document.activeElement
        ),
        true,
      );
      await page.waitForTimeout(400);
      assert.equal(await r.locator("[data-testid=sse-event]").count(), n);
      assert.equal(
        await r.locator(".result-sse").getAttribute("data-phase"),
        "stopped",
      );
    }, HTTP_ERRORS),
});

Deno.test({
  name: "browser runner: an image result is drawn, not shown as text",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["image"], async ({ page }) => {
      for (const format of ["png", "jpeg", "webp", "svg"]) {
        const r = runner(page, "image");
        await r.locator("[data-param=format]").selectOption(format);
        await r.locator("[data-testid=run]").click();
        const img = r.locator("[data-testid=result-image]");
        await page.waitForFunction(
          (f) => {
            const el = document.querySelector(
              "[data-endpoint=image] [data-testid=result-image]",
            ) as HTMLImageElement | null;
            return el?.complete && el.naturalWidth > 0 &&
              el.src.includes(f === "svg" ? "svg+xml" : f);
          },
          format,
        );
        assert.deepEqual(
          await img.evaluate((e: HTMLImageElement) => [
            e.naturalWidth,
            e.naturalHeight,
          ]),
          [120, 80],
          format,
        );
        // Drawn at its own size, as Postman and Swagger UI draw it: the
        // result column is a flex column, which had stretched the 120 px
        // image to its whole width, five times over and blurred.
        assert.deepEqual(
          await img.evaluate((e: HTMLImageElement) => [
            e.clientWidth,
            e.clientHeight,
          ]),
          [120, 80],
          format,
        );
        assert.equal(await r.locator("[data-testid=result-body]").count(), 0);
      }
    }),
});

Deno.test({
  name:
    "browser runner: a 407, which Chromium refuses from a server, is explained",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["status"], async ({ page }) => {
      const r = runner(page, "status");
      await r.locator("[data-param=code]").fill("407");
      await r.locator("[data-testid=run]").click();
      const err = r.locator("[data-testid=result-error]");
      await err.waitFor();
      const text = (await err.textContent())!;
      assert.match(text, /407 Proxy Authentication Required/);
      assert.match(text, /cURL command/);
      assert.doesNotMatch(text, /server may be down/);
    }, { allowErrors: [/ERR_UNEXPECTED_PROXY_AUTH|Failed to load/] }),
});

Deno.test({
  name:
    "browser runner: cookies set on a redirect are explained, not an empty mystery",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["cookies-set", "cookies"], async ({ page }) => {
      const r = runner(page, "cookies-set");
      // The query form: the path form's name and value cleared first.
      await r.locator("[data-param=name]").fill("");
      await r.locator("[data-param=value]").fill("");
      await r.locator("[data-option=query]").fill("a=1");
      await r.locator("[data-testid=run]").click();
      assert.equal(await resultStatus(r), "200");
      assert.match(
        (await r.locator("[data-testid=result-cookies]").textContent())!,
        /without cookies.*-b ''/s,
      );
      assert.match(
        (await r.locator("[data-testid=result-set-cookie-hidden]")
          .textContent())!,
        /Set-Cookie.*forbidden/s,
      );
      // /cookies itself sets none: no note there.
      const c = runner(page, "cookies");
      await c.locator("[data-testid=run]").click();
      assert.equal(await resultStatus(c), "200");
      assert.equal(
        await c.locator("[data-testid=result-set-cookie-hidden]").count(),
        0,
      );
    }),
});

Deno.test({
  name:
    "browser runner: basic-auth's credentials are added from its path, and the request authenticates",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["basic-auth"], async ({ page }) => {
      const r = runner(page, "basic-auth");
      await r.locator("[data-param=user]").fill("ann");
      await r.locator("[data-param=passwd]").fill("s3cret");
      await r.locator("[data-testid=add-credentials]").click();
      assert.equal(
        await r.locator("[data-param=headers]").inputValue(),
        `Authorization: Basic ${btoa("ann:s3cret")}`,
      );
      await r.locator("[data-testid=run]").click();
      assert.equal(
        await r.locator("[data-testid=result-status]").textContent(),
        "200",
      );
      assert.match(
        (await r.locator("[data-testid=curl]").textContent())!,
        /-H 'Authorization: Basic YW5uOnMzY3JldA=='/,
      );
    }, HTTP_ERRORS),
});

Deno.test({
  name:
    "browser runner: a result says so once the fields change, until sent again",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["status"], async ({ page }) => {
      const r = runner(page, "status");
      const code = r.locator("[data-param=code]");
      await code.fill("503");
      await r.locator("[data-testid=run]").click();
      assert.equal(
        await r.locator("[data-testid=result-status]").textContent(),
        "503",
      );
      const stale = r.locator("[data-testid=result-stale]");
      assert.equal(await stale.count(), 0);
      await code.fill("200");
      assert.match(
        (await stale.textContent())!,
        /changed since this was sent: it answers GET http:\/\/[^ ]+\/status\/503/,
      );
      // Back as it was sent: not stale.
      await code.fill("503");
      assert.equal(await stale.count(), 0);
      await code.fill("200");
      await r.locator("[data-testid=run]").click();
      await r.locator("[data-testid=result-status]", { hasText: "200" })
        .waitFor();
      assert.equal(await stale.count(), 0);
    }, HTTP_ERRORS),
});

Deno.test({
  name:
    "browser runner: /anything takes a method of one's own, sent as typed and checked as the browser sends it",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["anything"], async ({ page }) => {
      const r = runner(page, "anything");
      await r.locator("select[data-param=method]").selectOption({
        label: "Other…",
      });
      const name = r.locator("[data-param=method-name]");
      assert.equal(await name.inputValue(), "PROPFIND");
      // Typed key by key, a name that starts as a listed method keeps its
      // box (GETALL passes through GET).
      await name.fill("");
      await name.pressSequentially("GETALL");
      assert.equal(await name.inputValue(), "GETALL");
      await name.fill("MKCOL");
      await r.locator("[data-testid=run]").click();
      assert.equal(
        await r.locator("[data-testid=result-status]").textContent(),
        "200",
      );
      assert.match(
        (await r.locator("[data-testid=result-body]").textContent())!,
        /"method":\s*"MKCOL"/,
      );
      assert.match(
        (await r.locator("[data-testid=curl]").textContent())!,
        /-X MKCOL/,
      );
      // One a browser will not send is refused before sending, focused.
      await name.fill("TRACK");
      await r.locator("[data-testid=run]").click();
      assert.match(
        (await r.locator("[data-testid=not-sent]").textContent())!,
        /Browsers refuse to send TRACK/,
      );
      assert.equal(
        await name.evaluate((e) => e === document.activeElement),
        true,
      );
    }, HTTP_ERRORS),
});

Deno.test({
  name:
    "browser runner: digest-auth is answered from the page (its 401's nonce, then the answer), as the command's --digest does",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["digest-auth"], async ({ page }) => {
      const r = runner(page, "digest-auth");
      await r.locator("[data-param=user]").fill("ünï");
      await r.locator("[data-param=passwd]").fill("s3cret");
      await r.locator("[data-testid=run]").click();
      assert.equal(await resultStatus(r), "200");
      assert.match(
        (await r.locator("[data-testid=result-body]").textContent())!,
        /"authenticated":\s*true/,
      );
      assert.match(
        (await r.locator("[data-testid=result-digest]").textContent())!,
        /answered the server's Digest challenge/,
      );
      assert.match(
        (await r.locator("[data-testid=curl]").textContent())!,
        /--digest -u 'ünï:s3cret'/,
      );
    }, HTTP_ERRORS),
});

Deno.test({
  name:
    "browser runner: a long body is the same text, in pieces laid out only as they come into view",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      // Each piece says when its layout is skipped and when it is not
      // (content-visibility: auto); laidOut() lists the pieces shown, not
      // the page's other deferred boxes (references, runner columns).
      await page.addInitScript(() => {
        const on = new Map<Element, boolean>();
        document.addEventListener("contentvisibilityautostatechange", (e) => {
          on.set(
            e.target as Element,
            !(e as Event & { skipped: boolean }).skipped,
          );
        }, true);
        Object.assign(globalThis, {
          laidOut: () =>
            [...on].filter(([el, shown]) =>
              shown && el.classList.contains("body-chunk")
            ).map(([el]) => [...el.parentElement!.children].indexOf(el)),
        });
      });
      type Pieces = { laidOut: () => number[] };
      const laidOut = () =>
        page.evaluate(() => (globalThis as unknown as Pieces).laidOut());
      const rows = Array.from({ length: 12_000 }, (_, i) => ({
        id: i,
        name: `row ${i}`,
        ok: i % 2 === 0,
      }));
      const json = JSON.stringify(rows);
      assert.ok(json.length > 400_000, "past the coloured size");
      await page.route("**/api/debug/status/**", (route) =>
        route.fulfill({ contentType: "application/json", body: json }));
      await gotoHydrated(page, server.origin, "/debug");
      const r = runner(page, "status");
      await r.locator("[data-testid=run]").click();
      assert.equal(await resultStatus(r), "200");
      const body = r.locator("[data-testid=result-body]");
      const text = tokensText(prettyJson(json)!);
      assert.equal(await body.textContent(), text);
      const pieces = body.locator(".body-chunk");
      const n = await pieces.count();
      assert.ok(n > 20, `${n} pieces`);
      // In view, its first piece is laid out, and only those near it.
      await body.scrollIntoViewIfNeeded();
      await page.waitForFunction(() =>
        (globalThis as unknown as Pieces).laidOut().length > 0
      );
      const first = await laidOut();
      assert.ok(first.length <= 3 && first.includes(0), `${first} of ${n}`);
      // Scrolled to its end, the last piece is laid out.
      await body.evaluate((el) =>
        el.scrollTop = el.scrollHeight
      );
      await page.waitForFunction(
        (last) => (globalThis as unknown as Pieces).laidOut().includes(last),
        n - 1,
      );
      assert.ok(await pieces.nth(n - 1).isVisible());
      // Its text as read (innerText) once every piece is laid out: no
      // empty line where two pieces meet.
      await page.addStyleTag({
        content: ".body-chunk { content-visibility: visible !important }",
      });
      assert.equal(await body.innerText(), text.replace(/\n$/, ""));
    }),
});
