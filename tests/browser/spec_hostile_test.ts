/**
 * Hostile files picked in /spec, in real Chromium: YAML alias
 * bombs, 100,000-level documents and circular `$ref`s each get a list or a
 * clear error within a bound, details open, and the page stays usable: the
 * filter answers, and a normal spec loads afterwards with its count.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { BROWSER_TEST, gotoHydrated, withPage } from "../helpers/browser.ts";
import { laughs } from "../hostile/spec_cases_alias.ts";

const FIX = new URL("../fixtures/openapi/", import.meta.url);
/** A hang detector on a shared machine, not a speed target. */
const BOUND_MS = 15_000;
const N = 100_000;
const YAML31 = "openapi: 3.1.0\ninfo: {title: Hostile, version: '1'}\n";

const nest = (open: string, mid: string, close: string) =>
  open.repeat(N) + mid + close.repeat(N);

interface Outcome {
  ms: number;
  count: string | null;
  error: string | null;
}

/**
 * Picks a file with `bytes` named `name` and waits until the page answers
 * about that file (status line names it, nothing busy): a list or an error.
 */
async function pick(
  page: Page,
  name: string,
  bytes: string | Uint8Array,
): Promise<Outcome> {
  const t0 = performance.now();
  await page.setInputFiles("[data-testid=spec-file]", {
    name,
    mimeType: "application/octet-stream",
    buffer: Buffer.from(bytes),
  });
  await page.waitForFunction(
    (n) => {
      const status = document.querySelector("[data-testid=spec-status]");
      return !document.querySelector(".sv[data-busy]") &&
        new RegExp(`^(Read|Rejected) ${n} `).test(status?.textContent ?? "") &&
        !!document.querySelector(
          "[data-testid=spec-count], [data-testid=spec-error]",
        );
    },
    name.replace(/[.]/g, "\\."),
    { timeout: BOUND_MS },
  );
  const ms = performance.now() - t0;
  // One read of both in the page: two locator calls with short timeouts
  // came back empty on a loaded machine.
  const seen = await page.evaluate(() => ({
    count: document.querySelector("[data-testid=spec-count]")?.textContent ??
      null,
    error: document.querySelector("[data-testid=spec-error]")?.textContent ??
      null,
  }));
  return { ms, ...seen };
}

/** The page still answers: the filter narrows the list at once. */
async function usable(page: Page, term: string, want: number) {
  const t0 = performance.now();
  await page.fill("[data-testid=spec-filter]", term);
  await page.waitForFunction(
    (n) =>
      document.querySelector("[data-testid=endpoint-list]")?.getAttribute(
        "data-count",
      ) === String(n),
    want,
    { timeout: BOUND_MS },
  );
  await page.fill("[data-testid=spec-filter]", "");
  // Wall time is the point: a hang detector (BOUND_MS), not a speed target.
  assert.ok(performance.now() - t0 < BOUND_MS);
}

/** Opens the first row's detail and waits for it. */
async function openFirst(page: Page) {
  await page.locator("[data-testid=endpoint-row]").first().click();
  await page.locator("[data-testid=operation-detail]").first().waitFor({
    timeout: BOUND_MS,
  });
}

Deno.test({
  name:
    "browser spec hostile: bombs, deep and circular files are answered; the page stays usable",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/spec");
      const times: Record<string, number> = {};

      // A billion laughs in every field of an operation: listed, detail opens.
      const b = "*l9";
      const bomb = await pick(
        page,
        "bomb.yaml",
        YAML31 + laughs("seq") +
          `paths:\n  /bomb:\n    get:\n      tags: [${b}, ok]\n      summary: ${b}\n      security: [{k: ${b}}]\n      responses: {'200': {description: ${b}, content: {a/b: {schema: {enum: ${b}, type: ${b}}}}}}\n`,
      );
      times.bomb = bomb.ms;
      assert.equal(bomb.count, "1", bomb.error ?? "");
      await openFirst(page);
      await usable(page, "bomb", 1);

      // One 1 MB summary shared by 200 operations (200 MB of list): refused.
      const expand = await pick(
        page,
        "expand.yaml",
        YAML31 + `x-s: &s ${"ab ".repeat(350_000)}\npaths:\n` +
          Array.from(
            { length: 200 },
            (_, i) => `  /p${i}: {get: {summary: *s}}`,
          )
            .join("\n") +
          "\n",
      );
      times.expand = expand.ms;
      assert.match(expand.error ?? "", /expands far beyond its own size/);

      // Callbacks shared 80 million times: the first 5,000 are listed.
      const cbs = await pick(
        page,
        "callbacks.yaml",
        YAML31 + "x-i: &i {get: {}, put: {}, post: {}, delete: {}}\n" +
          `x-cb: &cb {${
            Array.from({ length: 100 }, (_, i) => `'{$u${i}}': *i`).join(", ")
          }}\n` +
          `x-op: &op {callbacks: {${
            Array.from({ length: 100 }, (_, i) => `c${i}: *cb`).join(", ")
          }}}\npaths:\n` +
          Array.from({ length: 1000 }, (_, i) => `  /p${i}: {get: *op}`)
            .join("\n") +
          "\n",
      );
      times.callbacks = cbs.ms;
      assert.equal(cbs.count, "1000", cbs.error ?? "");
      await usable(page, "p999", 1);

      // 100,000 levels of JSON in a schema (worker-sized): listed, detail opens.
      const deep = await pick(
        page,
        "deep.json",
        `{"openapi":"3.1.0","info":{"title":"Deep","version":"1"},"paths":{"/deep":{"get":{"responses":{"200":{"description":"d","content":{"a/b":{"schema":${
          nest('{"type":"array","items":', "{}", "}")
        }}}}}}}}}`,
      );
      times.deep = deep.ms;
      assert.equal(deep.count, "1", deep.error ?? "");
      await openFirst(page);
      const detail = page.locator("[data-testid=operation-detail]").first();
      // A type summary of bounded depth, not 100,000 levels drawn: five
      // levels once the nodes have arrived, then an ellipsis.
      const summary = "array<array<array<array<array<…>>>>>";
      await page.waitForFunction(
        (s) =>
          document.querySelector("[data-testid=operation-detail]")
            ?.textContent?.includes(s),
        summary,
      );
      const text = await detail.textContent() ?? "";
      assert.ok(text.length < 2000, `${text.length} characters drawn`);

      // 100,000 levels of YAML: refused with a place and the reason.
      const deepYaml = await pick(
        page,
        "deep.yaml",
        YAML31 + "paths: " + nest("[", "", "]"),
      );
      times.deepYaml = deepYaml.ms;
      assert.match(deepYaml.error ?? "", /nest deeper than 500 levels/);
      assert.match(deepYaml.error ?? "", /line 3/);

      // Just under the limit, in the worker (padded past its threshold): read.
      const limit = await pick(
        page,
        "limit.yaml",
        YAML31 +
          `x-pad: ${"a".repeat(250_000)}\nx-deep: ${
            "{a: ".repeat(490) + "1" + "}".repeat(490)
          }\npaths: {/limit: {get: {}}}\n`,
      );
      times.limit = limit.ms;
      assert.equal(limit.count, "1", limit.error ?? "");

      // Circular $refs: the good path is listed, cycles are warned about.
      const s = (n: string) => `{"$ref":"#/components/schemas/${n}"}`;
      const circular = await pick(
        page,
        "circular.json",
        `{"openapi":"3.1.0","info":{"title":"Cycles","version":"1"},"paths":{"/loop":{"$ref":"#/paths/~1loop"},"/pair":{"$ref":"#/components/pathItems/A"},"/ok":{"get":{"parameters":[{"$ref":"#/components/parameters/P"}],"responses":{"200":{"description":"d","content":{"a/b":{"schema":${
          s("S")
        }}}}}}}},"components":{"pathItems":{"A":{"$ref":"#/components/pathItems/B"},"B":{"$ref":"#/components/pathItems/A"}},"parameters":{"P":{"$ref":"#/components/parameters/P"}},"schemas":{"S":{"allOf":[${
          Array(50).fill(s("S")).join(",")
        }],"properties":{"me":${s("S")}}}}}}`,
      );
      times.circular = circular.ms;
      assert.equal(circular.count, "1", circular.error ?? "");
      await page.locator("[data-testid=spec-warnings]").waitFor();
      assert.match(
        await page.locator("[data-testid=spec-warnings]").textContent() ?? "",
        /reference cycle/,
      );
      await openFirst(page);
      assert.match(
        await page.locator("[data-testid=operation-detail]").first()
          .textContent() ?? "",
        /me/,
      );

      // Not UTF-8: decoded with replacement characters, and said so.
      const bad = await pick(
        page,
        "latin1.yaml",
        new Uint8Array([
          ...new TextEncoder().encode(YAML31 + "paths: {/caf"),
          0xe9,
          ...new TextEncoder().encode(": {get: {}}}\n"),
        ]),
      );
      times.latin1 = bad.ms;
      assert.equal(bad.count, "1", bad.error ?? "");

      // And a normal spec afterwards: its count, its rows.
      const normal = await pick(
        page,
        "openapi-3.1.json",
        Deno.readTextFileSync(new URL("openapi-3.1.json", FIX)),
      );
      assert.equal(normal.count, "2");
      assert.equal(await page.locator("[data-testid=spec-error]").count(), 0);
      await usable(page, "post", 1);
      for (const [k, ms] of Object.entries(times)) {
        assert.ok(ms < BOUND_MS, `${k}: ${ms} ms`);
      }
      console.log(
        "spec hostile browser answers (ms):",
        Object.entries(times).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(
          ", ",
        ),
      );
    }),
});
