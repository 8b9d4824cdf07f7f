/**
 * What a person does to get two versions into /spec/compare: pick files,
 * paste, drop on a side, swap, and read errors that name their side. Each
 * listing is checked against the engine itself (compareSpecs), so the page
 * shows what `deno task diff` reports. Real Chromium, real server.
 */
import assert from "node:assert/strict";
import { compareSpecs } from "../../lib/openapi/compare/mod.ts";
import { BROWSER_TEST, gotoHydrated, withPage } from "../helpers/browser.ts";
import { corpusDir, SKIPPED } from "../helpers/corpus.ts";
import {
  dropFile,
  expectedRows,
  fixture,
  fixturePath,
  hooksOnly,
  openCompare,
  pasteBoth,
  pick,
  rows,
  summary,
  waitCompared,
} from "./compare_page.ts";
import { realPaste } from "../helpers/real_paste.ts";
import { BOX_LIMIT } from "../../islands/shared/large_paste.ts";
import { formatBytes } from "../../lib/shared/format.ts";

const V1 = fixture("pets-v1.yaml");
const V2 = fixture("pets-v2.yaml");

Deno.test({
  name: "compare input: two picked files list the engine's changes, grouped",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      // Reached from the spec viewer, server-rendered beside its heading.
      await gotoHydrated(page, server.origin, "/spec");
      await page.click("[data-testid=spec-compare-link]");
      await page.waitForURL(/\/spec\/compare$/);
      await openCompare(page, server.origin);
      assert.equal(
        await page.locator("[data-testid=compare-summary]").count(),
        0,
      );
      await pick(page, "base", fixturePath("pets-v1.yaml"));
      await page.waitForSelector("[data-testid=compare-base][data-status=ok]");
      assert.match(
        await page.textContent("[data-testid=compare-base-read]") ?? "",
        /Pet Store 1\.0 · OpenAPI 3\.0\.3 · 4 operations · pets-v1\.yaml/,
      );
      // A picked file small enough lands in its paste box, to edit.
      assert.equal(
        await page.inputValue("[data-testid=compare-base-input]"),
        V1,
      );
      await pick(page, "revision", fixturePath("pets-v2.yaml"));
      await waitCompared(page);

      const want = compareSpecs(V1, V2);
      assert.deepEqual(await summary(page), {
        breaking: String(want.counts.breaking),
        warning: String(want.counts.warning),
        info: String(want.counts.info),
      });
      const s = page.locator("[data-testid=compare-summary]");
      assert.equal(await s.getAttribute("data-doc"), String(want.counts.doc));
      assert.equal(
        await s.locator("[data-testid=compare-base-title]").textContent(),
        "Pet Store",
      );
      assert.equal(
        await s.locator("[data-testid=compare-base-version]").textContent(),
        "1.0",
      );
      assert.equal(
        await s.locator("[data-testid=compare-revision-version]").textContent(),
        "2.0",
      );
      assert.equal(
        (await s.locator("h2").textContent())?.replace(/\s+/g, " "),
        "Pet Store 1.0 (OpenAPI 3.0.3) → compared with Pet Store 2.0 (OpenAPI 3.1.0)",
      );

      const got = await rows(page);
      assert.deepEqual(hooksOnly(got), expectedRows(want));
      // Each row reads as a sentence: the level, the operation, the change.
      const sentence = (c: (typeof want.changes)[number]) =>
        `${c.level} ${c.operations[0]}: ${c.text.replaceAll("`", "")}` +
        (c.operations.length > 1
          ? `, affects ${c.operations.length} operations`
          : "");
      assert.deepEqual(
        got.map((r) => r.text),
        want.changes.filter((c) => c.level !== "doc").map(sentence),
      );
      assert.ok(got.some((r) => /, affects 3 operations$/.test(r.text)));
      // A header per set of operations affected, in list order.
      const heads = await page.$$eval(
        "[data-testid=change-group]",
        (els) =>
          els.map((e) =>
            `${e.getAttribute("data-key")} ${e.getAttribute("data-operations")}`
          ),
      );
      const groups: string[] = [];
      let last = "";
      for (const c of want.changes.filter((c) => c.level !== "doc")) {
        const g = c.operations.join("\n");
        if (g === last) continue;
        last = g;
        groups.push(`${c.method} ${c.path} ${c.operations.length}`);
      }
      assert.deepEqual(heads, groups);
      assert.ok(heads.includes("delete /pets/{id} 1"), heads.join(", "));
    }),
});

Deno.test({
  name:
    "compare input: pasted sides compare; a rejected side is named, located and fixed",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openCompare(page, server.origin);
      await pasteBoth(page, V1, V2);
      assert.deepEqual(
        hooksOnly(await rows(page)),
        expectedRows(compareSpecs(V1, V2)),
      );
      assert.equal(
        await page.locator("[data-testid=compare-error]").count(),
        0,
      );

      // A syntax error in the base: the error names the side, with line,
      // column and an excerpt, and the comparison goes away.
      await page.fill(
        "[data-testid=compare-base-input]",
        fixture("broken-yaml.txt"),
      );
      const err = page.locator("[data-testid=compare-error]");
      await err.waitFor();
      assert.equal(await err.getAttribute("data-side"), "base");
      const text = await err.textContent() ?? "";
      assert.match(text, /base document was rejected/);
      assert.match(text, /line 4, column 2/);
      assert.ok(text.includes('4 |  version: "1"'), text);
      assert.equal(
        await page.locator("[data-testid=compare-summary]").count(),
        0,
      );
      // "Show in the input" selects the place in the base's paste box.
      await err.locator("button", { hasText: "Show in the input" }).click();
      const sel = await page.$eval(
        "[data-testid=compare-base-input]",
        (el) => {
          const ta = el as HTMLTextAreaElement;
          return [document.activeElement === ta, ta.selectionStart];
        },
      );
      // Line 4, column 2: the `v` after the one-space indent.
      const at = fixture("broken-yaml.txt").indexOf(" version") + 1;
      assert.deepEqual(sel, [true, at]);

      // Fixed: the error goes and the comparison comes back.
      await page.fill("[data-testid=compare-base-input]", V1);
      await waitCompared(page);
      assert.equal(await err.count(), 0);

      // A document that is not OpenAPI, on the revision side.
      await page.fill(
        "[data-testid=compare-revision-input]",
        '{"asyncapi": "2.6.0", "channels": {}}',
      );
      await page.waitForSelector(
        "[data-testid=compare-error][data-side=revision]",
      );
      assert.equal(await err.count(), 1, "only the revision is rejected");
      assert.match(await err.textContent() ?? "", /AsyncAPI/);
      assert.equal(await err.getAttribute("data-kind"), "format");
      // The status line says which was not read, not "give both".
      assert.match(
        (await page.textContent("[data-testid=compare-status]"))!,
        /^The revision was not read: see the error above, then give it again\.$/,
      );

      // Both rejected at once: two errors, one per side.
      await page.fill("[data-testid=compare-base-input]", "openapi: [");
      await page.waitForSelector("[data-testid=compare-error][data-side=base]");
      assert.equal(await err.count(), 2);
      assert.match(
        (await page.textContent("[data-testid=compare-status]"))!,
        /^The base and the revision were not read: see the error above, then give them again\.$/,
      );

      // Emptying a box empties its side, without an error.
      await page.fill("[data-testid=compare-base-input]", "");
      await page.waitForSelector(
        "[data-testid=compare-base][data-status=empty]",
      );
      assert.equal(await err.count(), 1);
    }),
});

Deno.test({
  name: "compare input: a file dropped on a side's area fills that side",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openCompare(page, server.origin);
      // Dropped on the revision's area (its paste box included) first.
      await dropFile(
        page,
        "[data-testid=compare-revision-input]",
        "v2.yaml",
        V2,
      );
      await page.waitForSelector(
        "[data-testid=compare-revision][data-status=ok]",
      );
      assert.equal(
        await page.getAttribute("[data-testid=compare-base]", "data-status"),
        "empty",
      );
      assert.match(
        await page.textContent("[data-testid=compare-revision-read]") ?? "",
        /Pet Store 2\.0.*v2\.yaml/,
      );
      await dropFile(page, "[data-testid=compare-base] h2", "v1.yaml", V1);
      await waitCompared(page);
      assert.deepEqual(
        hooksOnly(await rows(page)),
        expectedRows(compareSpecs(V1, V2)),
      );
      // Dropped anywhere else: the revision is replaced once both are given.
      await dropFile(page, "footer", "same.yaml", V1);
      await page.waitForFunction(() =>
        /same\.yaml/.test(
          document.querySelector("[data-testid=compare-revision-read]")
            ?.textContent ?? "",
        )
      );
      await waitCompared(page);
      assert.equal(await page.locator("[data-testid=change-row]").count(), 0);
      assert.match(
        await page.textContent("[data-testid=compare-empty]") ?? "",
        /No changes/,
      );
      assert.match(
        await page.textContent("[data-testid=compare-base-read]") ?? "",
        /v1\.yaml/,
        "the base kept its file",
      );
    }),
});

Deno.test({
  name: "compare input: Swap exchanges the sides, their boxes and the changes",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openCompare(page, server.origin);
      await pick(page, "base", fixturePath("pets-v1.yaml"));
      await page.fill("[data-testid=compare-revision-input]", V2);
      await waitCompared(page);
      await page.click("[data-testid=compare-swap]");
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=compare-base-version]")
          ?.textContent === "2.0"
      );
      await waitCompared(page);
      assert.equal(
        await page.inputValue("[data-testid=compare-base-input]"),
        V2,
      );
      assert.equal(
        await page.inputValue("[data-testid=compare-revision-input]"),
        V1,
      );
      const want = compareSpecs(V2, V1);
      assert.deepEqual(hooksOnly(await rows(page)), expectedRows(want));
      // What was removed is now added, and the other way round.
      const ids = (await rows(page)).map((r) =>
        `${r.id} ${r.method} ${r.path}`
      );
      assert.ok(
        ids.includes("endpoint-added delete /pets/{id}"),
        ids.join("\n"),
      );
      assert.ok(
        ids.some((i) =>
          /^api-.*removed.* get \/pets\/\{petId\}\/owner$/.test(i)
        ),
        ids.join("\n"),
      );
      // Editing the (new) base box after the swap re-reads the base only.
      await page.fill("[data-testid=compare-base-input]", V1);
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=compare-summary]")
          ?.getAttribute("data-breaking") === "0"
      );
      assert.equal(await page.locator("[data-testid=change-row]").count(), 0);
    }),
});

const SPECS = corpusDir("specs");

Deno.test({
  name: "compare input: the corpus' Swagger 2.0 and OpenAPI 3.0 petstores" +
    (SPECS ? "" : SKIPPED),
  ignore: !SPECS,
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const a = SPECS + "oai-v2.0-petstore.yaml";
      const b = SPECS + "oai-v3.0-petstore.yaml";
      await openCompare(page, server.origin);
      await pick(page, "base", a);
      await pick(page, "revision", b);
      await waitCompared(page);
      const want = compareSpecs(
        Deno.readTextFileSync(a),
        Deno.readTextFileSync(b),
      );
      assert.deepEqual(hooksOnly(await rows(page)), expectedRows(want));
      assert.match(
        await page.textContent("[data-testid=compare-summary]") ?? "",
        /Swagger 2\.0.*OpenAPI 3\.0\.0/,
      );
    }),
});

Deno.test({
  name:
    "compare input: a comparison stopped by a limit in one input says which (compare-failed, data-side)",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openCompare(page, server.origin);
      const doc = (schema: unknown) =>
        JSON.stringify({
          openapi: "3.1.0",
          info: { title: "T", version: "1" },
          paths: {
            "/a": {
              post: {
                requestBody: {
                  content: { "application/json": { schema } },
                },
                responses: { "200": { description: "ok" } },
              },
            },
          },
        });
      const props = (n: number) => ({
        type: "object",
        properties: Object.fromEntries(
          Array.from({ length: n }, (_, i) => [`p${i}`, { type: "string" }]),
        ),
      });
      await page.fill("[data-testid=compare-base-input]", doc(props(1)));
      await page.fill(
        "[data-testid=compare-revision-input]",
        doc(props(10_001)),
      );
      const failed = page.locator("[data-testid=compare-failed]");
      await failed.waitFor();
      assert.equal(await failed.getAttribute("data-side"), "revision");
      assert.match((await failed.textContent())!, /revision's schema at/);
    }),
});

Deno.test({
  name:
    "compare input: what reading a side read past (a key written twice) is listed under that side, located",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openCompare(page, server.origin);
      const twice = V2.replace(
        /^paths:\n/m,
        "paths:\n  /x: {get: {responses: {'200': {description: ok}}}}\n  /x: {put: {responses: {'200': {description: ok}}}}\n",
      );
      await page.fill("[data-testid=compare-base-input]", V1);
      await page.fill("[data-testid=compare-revision-input]", twice);
      await waitCompared(page);
      const box = page.locator(
        "[data-testid=compare-warnings][data-side=revision]",
      );
      assert.equal(await box.getAttribute("data-count"), "1");
      await box.locator("summary").click();
      assert.match(
        await box.locator("li").first().textContent() ?? "",
        /Duplicate mapping key "\/x": the last value is used line \d+, column 3/,
      );
      assert.equal(
        await page.locator("[data-testid=compare-warnings][data-side=base]")
          .count(),
        0,
      );
    }),
});

Deno.test({
  name:
    "compare input: the open change is in the address; a link naming one opens it once its files are given, and waits through a comparison that lacks it",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openCompare(page, server.origin);
      await pasteBoth(page, V1, V2);
      // The last change listed, by its place in the comparison and its id.
      const [last, id] = await page.$$eval(
        "[data-testid=change-row]",
        (els) => {
          const e = els[els.length - 1] as HTMLElement;
          return [e.dataset.index!, e.dataset.id!];
        },
      );
      await page.locator(
        `[data-testid=change-row][data-index='${last}'] .cmp-row-main`,
      ).click();
      await page.waitForFunction(
        (want) => location.hash.includes(want),
        `change=${last}.${id}`,
      );
      await page.locator(
        `[data-testid=change-row][data-index='${last}'] .cmp-row-main`,
      ).click();
      await page.waitForFunction(() => !location.hash.includes("change="));

      // A colleague's link: the note names it until the files come.
      await page.goto("about:blank");
      await gotoHydrated(
        page,
        server.origin,
        `/spec/compare#change=${last}.${id}`,
      );
      assert.match(
        await page.locator("[data-testid=linked-view-note]").textContent() ??
          "",
        new RegExp(`change ${id}`),
      );
      await pasteBoth(page, V1, V2);
      await page.waitForSelector(
        `[data-testid=change-row][data-index='${last}'] [aria-expanded=true]`,
      );
      await page.waitForSelector("[data-testid=change-detail]");

      // Given another revision first: nothing opens, and the link waits in
      // the address; the revision it was made from opens it.
      await page.goto("about:blank");
      await gotoHydrated(
        page,
        server.origin,
        `/spec/compare#change=${last}.${id}`,
      );
      await page.fill("[data-testid=compare-base-input]", V1);
      await page.fill(
        "[data-testid=compare-revision-input]",
        V1.replace(/title: .*/, "title: Other"),
      );
      await waitCompared(page);
      assert.equal(await page.locator("[aria-expanded=true]").count(), 0);
      assert.match(await page.evaluate(() => location.hash), /change=/);
      await page.fill("[data-testid=compare-revision-input]", V2);
      await page.waitForSelector(
        `[data-testid=change-row][data-index='${last}'] [aria-expanded=true]`,
      );
    }),
});

Deno.test({
  name:
    "compare input: Clear pressed by keyboard leaves the focus in that side's paste box, not on the page (WCAG 2.4.3)",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openCompare(page, server.origin);
      await pasteBoth(page, V1, V2);
      for (const side of ["base", "revision"]) {
        await page.focus(`[data-testid=compare-${side}-clear]`);
        await page.keyboard.press("Enter");
        const t0 = Date.now();
        for (const at of [300, 550, 800]) {
          await page.waitForTimeout(Math.max(0, at - (Date.now() - t0)));
          assert.equal(
            await page.evaluate(() =>
              document.activeElement === document.body
                ? "body"
                : document.activeElement?.getAttribute("data-testid")
            ),
            `compare-${side}-input`,
            `${side}, ${at} ms after Clear`,
          );
        }
        assert.equal(
          await page.inputValue(`[data-testid=compare-${side}-input]`),
          "",
        );
      }
    }),
});

Deno.test({
  name:
    "browser compare: a real paste past the box's limit never enters the box; the text around the selection is kept and the pair compared",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openCompare(page, server.origin);
      // V2 with a description long enough to pass the limit, beyond ASCII
      // (2 bytes a character): the box says its size in bytes.
      const long = V2.replace(
        /^info:\n/m,
        `info:\n  description: ${"é".repeat(BOX_LIMIT)}\n`,
      );
      assert.ok(long.length > BOX_LIMIT && long !== V2);
      await page.fill("[data-testid=compare-base-input]", V1);
      const box = "[data-testid=compare-revision-input]";
      const longest = await realPaste(page, box, long.slice(20, -5), {
        before: long.slice(0, 20),
        selected: "XYZ",
        after: long.slice(-5),
      });
      await waitCompared(page);
      assert.deepEqual(
        hooksOnly(await rows(page)),
        expectedRows(compareSpecs(V1, long)),
      );
      assert.equal(await page.inputValue(box), "");
      const pasted = long.slice(0, 20) + long.slice(20, -5) + long.slice(-5);
      assert.equal(
        await page.getAttribute(box, "placeholder"),
        `Showing pasted text (${
          formatBytes(new TextEncoder().encode(pasted).length)
        }). Paste here to replace it.`,
      );
      const held = await longest();
      assert.ok(held <= BOX_LIMIT, `the box held ${held} characters`);
    }, { clipboard: true }),
});
