/**
 * The server picker of `/spec`, as a person uses it: choose another of the
 * document's servers, set its variables, and the open operation's Server
 * line and cURL command follow; an operation with servers of its own keeps
 * them. The command then runs, with curl, against our own echo endpoint.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { BROWSER_TEST, gotoHydrated, withPage } from "../helpers/browser.ts";
import { findRow, loadSpec, openTimed } from "../helpers/spec_open.ts";
import { auditPage } from "../helpers/a11y.ts";

/** A 3.1 document on `servers`, with `GET /anything` and `GET /own`. */
function spec(servers: unknown[]) {
  return JSON.stringify({
    openapi: "3.1.0",
    info: { title: "Servers", version: "1" },
    servers,
    paths: {
      "/anything": {
        get: {
          parameters: [{
            name: "limit",
            in: "query",
            required: true,
            schema: { type: "integer", example: 7 },
          }],
          responses: { "200": { description: "ok" } },
        },
      },
      "/own": {
        servers: [{ url: "https://own.example.com" }],
        get: { responses: { "200": { description: "ok" } } },
      },
    },
  });
}

const command = (page: Page) =>
  page.getAttribute("[data-testid=op-curl]", "data-command");

/** Waits until the open operation's command starts with `prefix`. */
async function commandStarts(page: Page, prefix: string) {
  await page.waitForFunction(
    (p) =>
      document.querySelector("[data-testid=op-curl]")?.getAttribute(
        "data-command",
      )?.startsWith(p),
    prefix,
    { timeout: 5_000 },
  ).catch(async () =>
    assert.fail(`command ${await command(page)} does not start with ${prefix}`)
  );
}

Deno.test({
  name:
    "spec servers: the chosen server and its variables make the command, and an operation's own servers stand",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/spec");
      await loadSpec(
        page,
        "servers.json",
        spec([
          {
            url: "https://{region}.api.example.com/{version}",
            description: "Production",
            variables: {
              region: { default: "eu", enum: ["eu", "us"] },
              version: { default: "v1" },
            },
          },
          { url: "{origin}/api/debug", variables: { origin: { default: "" } } },
        ]),
      );
      await openTimed(page, await findRow(page, "get", "/anything"));
      // The default: the first server, its variables at their defaults.
      await commandStarts(
        page,
        "curl -X GET 'https://eu.api.example.com/v1/anything?limit=7'",
      );
      assert.equal(
        await page.textContent("[data-testid=op-server]"),
        "https://eu.api.example.com/v1",
      );
      const region = "[data-testid=server-variable][data-name=region]";
      // Labelled, in contrast, reached by Tab, in both themes.
      await auditPage(page, "/spec server picker", {
        tabRequired: [
          "[data-testid=server-select]",
          region,
          "[data-testid=server-variable][data-name=version]",
        ],
      });
      await page.selectOption(region, "us");
      await commandStarts(page, "curl -X GET 'https://us.api.example.com/v1/");
      await page.fill("[data-testid=server-variable][data-name=version]", "v2");
      await commandStarts(page, "curl -X GET 'https://us.api.example.com/v2/");
      assert.equal(
        await page.textContent("[data-testid=op-server]"),
        "https://us.api.example.com/v2",
      );
      assert.match(
        await page.textContent("[data-testid=server-url]") ?? "",
        /https:\/\/us\.api\.example\.com\/v2$/,
      );
      // Another server: its own variables, at their defaults.
      await page.selectOption("[data-testid=server-select]", "1");
      assert.equal(await page.$(region), null);
      await page.fill(
        "[data-testid=server-variable][data-name=origin]",
        server.origin,
      );
      const sent = `curl -X GET '${server.origin}/api/debug/anything?limit=7'`;
      await commandStarts(page, sent);
      const out = await new Deno.Command("sh", {
        args: ["-c", (await command(page)) + " --silent --show-error"],
        stdout: "piped",
      }).output();
      assert.ok(out.success, "curl failed");
      const echo = JSON.parse(new TextDecoder().decode(out.stdout));
      assert.equal(echo.method, "GET");
      assert.deepEqual(echo.args, { limit: "7" });
      // An operation whose path names its own server keeps it.
      await openTimed(page, await findRow(page, "get", "/own"));
      await commandStarts(page, "curl -X GET 'https://own.example.com/own'");
      // Back to the first server: the detail's own command again.
      await page.selectOption("[data-testid=server-select]", "0");
      await openTimed(page, await findRow(page, "get", "/anything"));
      await commandStarts(
        page,
        "curl -X GET 'https://eu.api.example.com/v1/anything?limit=7'",
      );
    }),
});

Deno.test({
  name:
    "spec servers: one server without variables is a line, not a picker; Swagger 2.0 offers its schemes in order, the first called (as Swagger UI and Redoc do)",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/spec");
      await loadSpec(
        page,
        "one.json",
        spec([{ url: "https://api.example.com" }]),
      );
      assert.equal(await page.$("[data-testid=server-pick]"), null);
      assert.match(
        await page.textContent(".sv-servers") ?? "",
        /https:\/\/api\.example\.com/,
      );
      await loadSpec(
        page,
        "two.json",
        JSON.stringify({
          swagger: "2.0",
          info: { title: "Schemes", version: "1" },
          host: "api.example.com",
          basePath: "/v2",
          schemes: ["http", "https"],
          paths: {
            "/pets": { get: { responses: { "200": { description: "ok" } } } },
          },
        }),
      );
      assert.deepEqual(
        await page.$$eval(
          "[data-testid=server-select] option",
          (os) => os.map((o) => o.textContent),
        ),
        ["http://api.example.com/v2", "https://api.example.com/v2"],
      );
      await openTimed(page, await findRow(page, "get", "/pets"));
      await commandStarts(page, "curl -X GET 'http://api.example.com/v2/pets'");
      await page.selectOption("[data-testid=server-select]", "1");
      await commandStarts(
        page,
        "curl -X GET 'https://api.example.com/v2/pets'",
      );
    }),
});
