/**
 * The /debug runner in Chromium, against the real app: what a person does
 * (fill the fields, press Run or Enter, read the result), and the cURL
 * command copied from the page, run with the real curl against the same
 * server.
 *
 * The tests take turns on one loaded /debug page (withRunners), which is
 * loaded again only for a test that names a runner an earlier test on it
 * used: they are ordered so that each load serves several (six loads where
 * there was one a test), a test that uses the status runner first. Tests
 * that must start the page themselves (an init script, history patched, a
 * reload) use withPage and a load of their own, last.
 */
import assert from "node:assert/strict";
import type { Locator } from "playwright-core";
import { BROWSER_TEST, gotoHydrated, withPage } from "../helpers/browser.ts";
import { hasCurl } from "../helpers/curl.ts";
import {
  HTTP_ERRORS,
  resultStatus,
  runner,
  withRunners,
} from "../helpers/runner_browser.ts";

/** Runs a shell command line with sh; stdout as text. */
async function sh(cmd: string): Promise<string> {
  const out = await new Deno.Command("sh", {
    args: ["-c", cmd],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
  return new TextDecoder().decode(out.stdout);
}

const CURL = await hasCurl();

Deno.test({
  name: "browser runner: one runner per catalog endpoint, every one hydrated",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["echo", "redirect", "sse"], async ({ page }) => {
      const ids = await page.$$eval(
        "[data-testid=runner]",
        (els) => els.map((e) => (e as HTMLElement).dataset.endpoint),
      );
      for (
        const id of [
          "status",
          "redirect",
          "echo",
          "gzip",
          "deflate",
          "brotli",
          "sse",
        ]
      ) {
        assert.ok(ids.includes(id), `runner ${id}`);
      }
      assert.equal(new Set(ids).size, ids.length, "one runner per endpoint");
      const echo = runner(page, "echo");
      assert.equal(
        await echo.locator("[data-param=method]").evaluate((e) => e.tagName),
        "SELECT",
      );
      assert.equal(
        await echo.locator("[data-param=body]").evaluate((e) => e.tagName),
        "TEXTAREA",
      );
      assert.equal(
        await echo.locator("[data-param=headers]").evaluate((e) => e.tagName),
        "TEXTAREA",
      );
      const abs = runner(page, "redirect").locator("[data-param=absolute]");
      assert.equal(await abs.getAttribute("type"), "checkbox");
      const count = runner(page, "sse").locator("[data-param=count]");
      assert.equal(await count.getAttribute("type"), "number");
      assert.equal(await count.getAttribute("min"), "1");
      assert.equal(await count.getAttribute("max"), "1000");
      assert.equal(
        await runner(page, "redirect").locator("[data-param=status]").evaluate((
          e,
        ) => e.tagName),
        "SELECT",
      );
      // Every control has an accessible label.
      const unlabelled = await page.$$eval(
        "[data-testid=runner] input, [data-testid=runner] select, [data-testid=runner] textarea",
        (els) =>
          els.filter((e) =>
            !(e as HTMLInputElement).labels?.length &&
            !e.getAttribute("aria-label")
          )
            .map((e) => e.outerHTML),
      );
      assert.deepEqual(unlabelled, []);
    }, HTTP_ERRORS),
});

Deno.test({
  name:
    "browser runner: status 503 with sleep shows 503 and a duration >= the sleep",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["status"], async ({ page, server }) => {
      const r = runner(page, "status");
      await r.locator("[data-param=code]").fill("503");
      await r.locator("[data-param=sleep]").fill("300ms");
      assert.equal(
        await r.locator("[data-testid=url]").textContent(),
        `${server.origin}/api/debug/status/503?sleep=300ms`,
      );
      await r.locator("[data-testid=run]").click();
      assert.equal(await resultStatus(r), "503");
      const ms = Number(
        await r.locator("[data-testid=result-duration]").getAttribute(
          "data-ms",
        ),
      );
      assert.ok(ms >= 300, `duration ${ms}`);
      const status = r.locator(".status-5xx");
      assert.equal(await status.count(), 1, "coloured as a 5xx");
      assert.match(
        (await r.locator("[data-testid=result-headers]").textContent())!,
        /retry-after/,
      );
      const body = JSON.parse(
        (await r.locator("[data-testid=result-body]").textContent())!,
      );
      assert.deepEqual(body, {
        status: 503,
        statusText: "Service Unavailable",
      });
      assert.match(
        (await r.locator("[aria-live]").textContent())!,
        /Status 503/,
        "announced to screen readers",
      );
    }, HTTP_ERRORS),
});

Deno.test({
  name:
    "browser runner: a field the server refuses says so in the server's words, which its answer repeats",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["status"], async ({ page }) => {
      const r = runner(page, "status");
      const code = r.locator("[data-param=code]");
      await code.fill("150");
      const errId =
        (await code.getAttribute("aria-describedby"))!.split(" ")[1];
      const shown = await page.locator(`#${errId}`).textContent();
      assert.equal(await code.getAttribute("aria-invalid"), "true");
      await code.press("Enter");
      assert.equal(await resultStatus(r), "400");
      assert.equal(
        JSON.parse(
          (await r.locator("[data-testid=result-body]").textContent())!,
        ).detail,
        shown,
      );
    }, HTTP_ERRORS),
});

Deno.test({
  name:
    "browser runner: echo reflects POST, a custom header and a JSON body; Enter runs",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["echo"], async ({ page }) => {
      const r = runner(page, "echo");
      await r.locator("[data-param=method]").selectOption("POST");
      await r.locator("[data-param=headers]").fill(
        "X-Trace: it's 42\nContent-Type: application/json",
      );
      await r.locator("[data-param=body]").fill('{"hello": ["w", 1]}');
      await r.locator("[data-param=sleep]").press("Enter");
      await resultStatus(r);
      const echo = JSON.parse(
        (await r.locator("[data-testid=result-body]").textContent())!,
      );
      assert.equal(echo.method, "POST");
      assert.equal(echo.headers["x-trace"], "it's 42");
      assert.equal(echo.headers["content-type"], "application/json");
      assert.deepEqual(echo.json, { hello: ["w", 1] });
      // Pretty-printed, and coloured with spans (never parsed as HTML).
      assert.match(
        (await r.locator("[data-testid=result-body]").textContent())!,
        /\n {2}"method": "POST"/,
      );
      assert.ok(
        await r.locator("[data-testid=result-body] .j-key").count() > 5,
      );
    }, HTTP_ERRORS),
});

Deno.test({
  name: 'browser runner: redirect/3 is followed to {"done":true}',
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["redirect"], async ({ page }) => {
      const r = runner(page, "redirect");
      await r.locator("[data-param=count]").fill("3");
      assert.match(
        (await r.locator("[data-testid=curl]").textContent())!,
        / -L$/,
      );
      await r.locator("[data-testid=run]").click();
      assert.equal(await resultStatus(r), "200");
      assert.deepEqual(
        JSON.parse(
          (await r.locator("[data-testid=result-body]").textContent())!,
        ),
        { done: true },
      );
      assert.match(
        (await r.locator("[data-testid=result-redirect]").textContent())!,
        /\/api\/debug\/redirect\/0/,
      );
    }, HTTP_ERRORS),
});

Deno.test({
  name:
    "browser runner: HEAD and 204 show an empty body; gzip shows Content-Encoding",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["status", "gzip"], async ({ page }) => {
      const s = runner(page, "status");
      await s.locator("[data-param=code]").fill("204");
      await s.locator("[data-testid=run]").click();
      assert.equal(await resultStatus(s), "204");
      assert.equal(
        await s.locator("[data-testid=result-body]").textContent(),
        "",
      );
      assert.match((await s.locator(".body-note").textContent())!, /204/);
      await s.locator("[data-param=code]").fill("200");
      await s.locator("[data-param=method]").selectOption("HEAD");
      await s.locator("[data-testid=run]").click();
      assert.equal(await resultStatus(s), "200");
      assert.equal(
        await s.locator("[data-testid=result-body]").textContent(),
        "",
      );
      const g = runner(page, "gzip");
      await g.locator("[data-testid=run]").click();
      assert.equal(await resultStatus(g), "200");
      assert.equal(
        await g.locator("[data-testid=result-encoding]").textContent(),
        "Content-Encoding: gzip",
      );
      assert.equal(
        JSON.parse(
          (await g.locator("[data-testid=result-body]").textContent())!,
        ).gzipped,
        true,
      );
    }, HTTP_ERRORS),
});

Deno.test({
  name:
    "browser runner: Ctrl+Enter sends from a text box, and again from the result being read, as in Postman and Hoppscotch",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["echo"], async ({ page }) => {
      const sent: string[] = [];
      page.on("request", (q) => {
        if (q.url().includes("/api/debug/echo")) sent.push(q.method());
      });
      const r = runner(page, "echo");
      await r.locator("[data-param=method]").selectOption("PUT");
      await r.locator("[data-param=body]").fill("one");
      await r.locator("[data-param=body]").press("Control+Enter");
      assert.equal(await resultStatus(r), "200");
      assert.deepEqual(sent, ["PUT"]);
      // Reading the body (focused to scroll it), or the cURL command:
      // Ctrl+Enter sends again, without a trip back to the form.
      for (const where of ["result-body", "curl"]) {
        const before = sent.length;
        await r.locator(`[data-testid=${where}]`).focus();
        await page.keyboard.press("Control+Enter");
        for (let i = 0; i < 100 && sent.length === before; i++) {
          await page.waitForTimeout(50);
        }
        await resultStatus(r);
      }
      assert.deepEqual(sent, ["PUT", "PUT", "PUT"]);
      // A plain Enter on the result does nothing (it is no form field).
      await r.locator("[data-testid=result-body]").focus();
      await page.keyboard.press("Enter");
      await resultStatus(r);
      assert.equal(sent.length, 3);
    }, HTTP_ERRORS),
});

Deno.test({
  name:
    "browser runner: copied cURL, run by curl, gives the same status and body",
  ignore: !CURL,
  ...BROWSER_TEST,
  fn: () =>
    withRunners([
      "status",
      "redirect",
      "brotli",
      "echo",
      "redirect-to",
      "anything",
    ], async ({ page }) => {
      const cases: [
        string,
        (r: Locator) => Promise<void>,
        (b: string) => unknown,
      ][] = [
        ["status", async (r) => {
          await r.locator("[data-param=code]").fill("418");
          await r.locator("[data-param=method]").selectOption("DELETE");
        }, (b) => JSON.parse(b)],
        ["redirect", async (r) => {
          await r.locator("[data-param=count]").fill("2");
          await r.locator("[data-param=status]").selectOption("307");
          await r.locator("[data-param=absolute]").check();
        }, (b) => JSON.parse(b)],
        ["brotli", async () => {}, (b) => JSON.parse(b).brotli],
        ["echo", async (r) => {
          await r.locator("[data-param=method]").selectOption("PATCH");
          await r.locator("[data-param=headers]").fill(
            "X-Q: 'quoted' \"double\" $HOME `x`\nX-Empty:",
          );
          await r.locator("[data-param=body]").fill(
            "it's a $body\nwith `lines` and \\ backslash",
          );
          await r.locator("[data-option=query]").fill("a=1&a=2");
        }, (b) => {
          const e = JSON.parse(b);
          return [
            e.method,
            e.query,
            e.headers["x-q"],
            e.headers["x-empty"],
            e.headers["content-type"],
            e.body,
          ];
        }],
        // fetch turns a POST into a GET after a 303 and sends the empty
        // body of a POST or PUT as Content-Length: 0: so must the command.
        ["redirect-to", async (r) => {
          await r.locator("[data-param=method]").selectOption("POST");
          await r.locator("[data-param=url]").fill("/api/debug/anything");
          await r.locator("[data-param=status_code]").fill("303");
        }, (b) => {
          const e = JSON.parse(b);
          return [e.method, e.headers["Content-Length"]];
        }],
        ["anything", async (r) => {
          await r.locator("[data-param=method]").selectOption("PUT");
        }, (b) => {
          const e = JSON.parse(b);
          return [
            e.method,
            e.headers["Content-Length"],
            e.headers["Content-Type"],
          ];
        }],
      ];
      for (const [id, setup, pick] of cases) {
        const r = runner(page, id);
        await setup(r);
        await r.locator("[data-testid=run]").click();
        const status = await resultStatus(r);
        const body =
          (await r.locator("[data-testid=result-body]").textContent())!;
        await r.locator("[data-testid=copy-curl]").click();
        await r.locator("[data-testid=copy-curl][data-copied=true]").waitFor();
        const copied = await page.evaluate(() =>
          navigator.clipboard.readText()
        );
        assert.equal(
          copied,
          await r.locator("[data-testid=curl]").textContent(),
        );
        const out = await sh(
          `${copied} -s -o /dev/stdout -w '\\n%{http_code}'`,
        );
        const cut = out.lastIndexOf("\n");
        assert.equal(out.slice(cut + 1), status, `${id} status`);
        assert.deepEqual(pick(out.slice(0, cut)), pick(body), `${id} body`);
        await r.locator("[data-testid=copy-url]").click();
        assert.equal(
          await page.evaluate(() => navigator.clipboard.readText()),
          await r.locator("[data-testid=url]").textContent(),
        );
      }
    }, { clipboard: true, ...HTTP_ERRORS }),
});

Deno.test({
  name:
    "browser runner: a value the server refuses is sent and its 400 shown; one the browser would change is not sent and clears the old result",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["status"], async ({ page }) => {
      const requests: string[] = [];
      page.on("request", (r) => requests.push(r.url()));
      const r = runner(page, "status");
      const status = r.locator("[data-testid=result-status]");
      await r.locator("[data-param=code]").fill("418");
      await r.locator("[data-testid=run]").click();
      await status.waitFor();
      assert.equal(await status.textContent(), "418");
      // The server's own refusal, as httpbin's users read it; the field
      // says why beside it.
      await r.locator("[data-param=code]").fill("100");
      await r.locator("[data-testid=run]").click();
      await page.waitForFunction(
        () =>
          document.querySelector(
            "[data-endpoint=status] [data-testid=result-status]",
          )?.textContent === "400",
      );
      assert.match(
        await r.locator("[data-testid=result-body]").textContent() ?? "",
        /"param":\s*"code"/,
      );
      assert.match(
        await r.locator(".field-error").first().textContent() ?? "",
        /informational/,
      );
      assert.equal(await r.locator("[data-testid=not-sent]").count(), 0);
      // A dot segment would send the request to another path: never sent,
      // and no older result stays beside it.
      const before = requests.length;
      await r.locator("[data-param=code]").fill("..");
      await r.locator("[data-testid=run]").click();
      await r.locator("[data-testid=not-sent]").waitFor();
      assert.equal(await status.count(), 0);
      assert.equal(
        requests.slice(before).filter((u) => u.includes("/status")).length,
        0,
      );
    }),
});

Deno.test({
  name:
    "browser runner: the state lives in the URL hash and a shared link restores it",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["echo"], async ({ page, server }) => {
      const r = runner(page, "echo");
      await r.locator("[data-param=method]").selectOption("PUT");
      await r.locator("[data-param=body]").fill("a&b=#c");
      // The fragment is written after the render: wait for the last edit.
      await page.waitForFunction(() => location.hash.includes("body="));
      const hash = await page.evaluate(() => location.hash);
      assert.match(hash, /^#echo\?/);
      const page2 = await page.context().newPage();
      await gotoHydrated(page2, server.origin, "/debug" + hash);
      const r2 = runner(page2, "echo");
      await page2.waitForFunction(() =>
        (document.querySelector(
          "[data-endpoint=echo] [data-param=body]",
        ) as HTMLTextAreaElement)
          .value === "a&b=#c"
      );
      assert.equal(await r2.locator("[data-param=method]").inputValue(), "PUT");
      // The run button gets focus: Enter sends the shared request.
      await page2.waitForFunction(() =>
        document.activeElement?.matches(
          "[data-endpoint=echo] [data-testid=run]",
        )
      );
      await page2.keyboard.press("Enter");
      const echo = JSON.parse(
        (await r2.locator("[data-testid=result-body]").textContent({
          timeout: 15_000,
        }))!,
      );
      assert.equal(echo.method, "PUT");
      assert.equal(echo.body, "a&b=#c");
      await page2.close();
    }, HTTP_ERRORS),
});

Deno.test({
  name:
    "browser runner: a 303 the cURL command cannot follow as fetch does is noted",
  ...BROWSER_TEST,
  fn: () =>
    withRunners(["status", "cache"], async ({ page }) => {
      const r = runner(page, "status");
      await r.locator("[data-param=code]").fill("303");
      await r.locator("[data-param=method]").selectOption("PUT");
      await r.locator("[data-testid=curl-note]").waitFor();
      assert.match(
        (await r.locator("[data-testid=curl-note]").textContent())!,
        /303.*GET.*-X PUT -L/,
      );
      await r.locator("[data-param=method]").selectOption("POST");
      await r.locator("[data-testid=curl-note]").waitFor({ state: "detached" });
      // A 304 is no redirect: /cache has no Follow option and no -L.
      const cache = runner(page, "cache");
      assert.equal(await cache.locator("[data-option=follow]").count(), 0);
      assert.doesNotMatch(
        (await cache.locator("[data-testid=curl]").textContent())!,
        /-L/,
      );
    }),
});

Deno.test({
  name:
    "browser runner: endpoints that read any query have the extra query field",
  ...BROWSER_TEST,
  fn: () =>
    withRunners([
      "get",
      "anything",
      "post",
      "cookies-delete",
      "response-headers",
    ], async ({ page }) => {
      for (const id of ["get", "anything", "post", "cookies-delete"]) {
        assert.equal(
          await runner(page, id).locator("[data-option=query]").count(),
          1,
          id,
        );
      }
      const r = runner(page, "response-headers");
      await r.locator("[data-option=query]").fill("X-Wirebench=hi there");
      assert.match(
        (await r.locator("[data-testid=url]").textContent())!,
        /\/response-headers\?X-Wirebench=hi%20there$/,
      );
      await r.locator("[data-testid=run]").click();
      assert.equal(await resultStatus(r), "200");
      assert.match(
        (await r.locator("[data-testid=result-headers]").textContent())!,
        /x-wirebench\s*hi there/,
      );
    }),
});

Deno.test({
  name:
    "browser runner: typing writes the URL hash once the keys stop, not once per key, and leaves a long body out",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/debug");
      // history.replaceState costs Chromium milliseconds, seconds for a
      // URL of a megabyte: count the writes.
      await page.evaluate(() => {
        const w = window as unknown as { writes: string[] };
        w.writes = [];
        const replace = history.replaceState.bind(history);
        history.replaceState = (s, t, url) => {
          w.writes.push(String(url));
          replace(s, t, url);
        };
      });
      const body = runner(page, "post").locator("[data-param=body]");
      // Five keys, each its own task (a state change and a render each),
      // all within the wait: timed keys would pass the wait on a loaded
      // machine and rightly write more than once.
      await page.evaluate(async () => {
        const box = document.querySelector<HTMLTextAreaElement>(
          "[data-endpoint=post] [data-param=body]",
        )!;
        for (const text of ["h", "he", "hel", "hell", "hello"]) {
          box.value = text;
          box.dispatchEvent(new Event("input", { bubbles: true }));
          // The render and its effects run before the next key.
          await new Promise((r) => setTimeout(r, 0));
        }
      });
      await page.waitForFunction(() => location.hash.includes("body=hello"));
      const writes = () =>
        page.evaluate(() =>
          (window as unknown as { writes: string[] }).writes.length
        );
      // One write for five keys (two if the machine stalled a key past the
      // wait); a write per key is five.
      assert.ok(await writes() <= 2, `${await writes()} writes`);
      // A body longer than a link holds: the link keeps the rest, and the
      // body's hint says so.
      await body.fill("x".repeat(40_000));
      await runner(page, "post").locator("[data-param=headers]").fill(
        "X-A: 1",
      );
      await page.waitForFunction(() => location.hash.includes("X-A"));
      assert.doesNotMatch(await page.evaluate(() => location.hash), /body=/);
      assert.match(
        (await runner(page, "post").locator("[id$=-body-hint]").textContent())!,
        /too long for the page's link/,
      );
    }),
});

Deno.test({
  name:
    "browser runner: an edit the page had not yet written into the URL hash survives a reload and a Back at once",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/debug#status?code=503");
      const value = () =>
        page.evaluate(() =>
          document.querySelector<HTMLTextAreaElement>(
            "[data-endpoint=post] [data-param=body]",
          )?.value
        );
      // The key and the leaving in one task of the page: the browser takes
      // the address to reload (or to come Back to) before any wait is over.
      const editThen = (text: string, leave: "reload" | "away") =>
        page.evaluate(([text, leave]) => {
          const box = document.querySelector<HTMLTextAreaElement>(
            "[data-endpoint=post] [data-param=body]",
          )!;
          box.value = text;
          box.dispatchEvent(new Event("input", { bubbles: true }));
          if (leave === "reload") location.reload();
          else location.href = "/";
        }, [text, leave] as const);
      await editThen("quick", "reload");
      await page.waitForSelector("[data-island][data-hydrated=true]");
      await page.waitForFunction(() => location.hash.includes("body=quick"));
      assert.equal(await value(), "quick");
      assert.match(await page.evaluate(() => location.hash), /^#post\?/);
      await editThen("quicker", "away");
      await page.waitForURL(server.origin + "/");
      await page.goBack();
      await page.waitForSelector("[data-island][data-hydrated=true]");
      await page.waitForFunction(() => location.hash.includes("body=quicker"));
      assert.equal(await value(), "quicker");
      // Kept for the reload only: a link followed afterwards is itself.
      await page.goto(server.origin + "/debug#status?code=418");
      await page.reload();
      await page.waitForSelector("[data-island][data-hydrated=true]");
      assert.equal(
        await page.evaluate(() => location.hash),
        "#status?code=418",
      );
    }),
});
