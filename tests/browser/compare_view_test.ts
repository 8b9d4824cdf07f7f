/**
 * Reading a comparison on /spec/compare: the filter and the level toggles
 * (kept in the URL fragment across a reload), a row opened to both
 * versions' values at its JSON pointers, "Copy as Markdown" and "Download
 * JSON" (the CLI's outputs, checked against the engine), and the whole
 * flow by keyboard alone.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { operationTerms } from "../../lib/openapi/compare/filter.ts";
import { compareSpecs, readSide } from "../../lib/openapi/compare/mod.ts";
import {
  formatJson,
  formatMarkdown,
} from "../../lib/openapi/compare/format.ts";
import { parseSpec } from "../../lib/openapi/mod.ts";
import { LEVELS } from "../../lib/openapi/compare/types.ts";
import { resolvePointer } from "../../islands/compare/pretty.ts";
import {
  exportResult,
  focusLabels,
  newHays,
  viewIndices,
} from "../../lib/openapi/compare/narrow.ts";
import {
  BROWSER_TEST,
  scrollFarAndBack,
  withPage,
} from "../helpers/browser.ts";
import {
  expectedRows,
  fixture,
  fixturePath,
  hooksOnly,
  openCompare,
  pasteBoth,
  pick,
  rows,
  waitCompared,
  waitCount,
} from "./compare_page.ts";

const V1 = fixture("pets-v1.yaml");
const V2 = fixture("pets-v2.yaml");
const ALL = compareSpecs(V1, V2, { all: true });
/** Each operation's summary, tags and operationId, as the worker reads them. */
const TERMS = operationTerms(readSide(V1, "base"), readSide(V2, "revision"));

async function loadPair(page: Page): Promise<void> {
  await pick(page, "base", fixturePath("pets-v1.yaml"));
  await pick(page, "revision", fixturePath("pets-v2.yaml"));
  await waitCompared(page);
}

/** The rows `filter` and `levels` show, as the engine's filter decides. */
function filtered(filter: string, levels: string[]) {
  const q = { filter, levels: levels as ("breaking" | "doc")[] };
  const shown = viewIndices(ALL.changes, q, newHays(TERMS));
  return expectedRows({
    ...ALL,
    changes: [...shown].map((i) => ALL.changes[i]),
  }, true);
}

const pressed = (page: Page, level: string) =>
  page.getAttribute(`[data-testid=compare-level-${level}]`, "aria-pressed");

Deno.test({
  name:
    "compare view: a shared change is listed under the operation the filter names, its detail naming it first",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openCompare(page, server.origin);
      await loadPair(page);
      const head = async () =>
        (await page.locator("[data-testid=change-group]").first()
          .textContent())!.replace(/\s+/g, " ").trim();
      // Unfiltered, `Pet`'s enum change sits under the operation nearest
      // it: POST /pets answers a Pet, GET /pets a list of them.
      await page.fill("[data-testid=compare-filter]", "adopted");
      await waitCount(page, 1);
      assert.match(await head(), /^POST \/pets and 2 more operations/);
      // Named by path and method, it is listed under that one.
      await page.fill("[data-testid=compare-filter]", "get /pets/{petId}");
      await page.waitForFunction(() =>
        /^\s*GET\s+\/pets\/\{petId\}\s+and 2 more/.test(
          document.querySelector("[data-testid=change-group]")?.textContent ??
            "",
        )
      );
      const row = page.locator("[data-testid=change-row]", {
        hasText: "adopted",
      });
      // The row's hooks stay the change's own (§9: its listed operation).
      assert.equal(await row.getAttribute("data-path"), "/pets");
      await row.locator("button.cmp-row-main").click();
      const detail = page.locator("[data-testid=change-detail]");
      await detail.waitFor();
      // Its sentence names the place in the operation nearest it, by name:
      // under another, that one's status may differ.
      assert.match(
        await detail.locator(".cmp-detail-sentence").innerText(),
        /^GET \/pets\/\{petId\}: response property .* \(POST \/pets 201 response body\)$/,
      );
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=change-operations] li")
          ?.textContent === "GET /pets/{petId}"
      );
    }),
});

Deno.test({
  name:
    "compare view: filter terms, level names and toggles; the fragment keeps them",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openCompare(page, server.origin);
      await loadPair(page);
      const dflt = ["breaking", "warning", "info"];
      assert.equal(await pressed(page, "doc"), "false");
      // The summary answers "can it ship?" in words.
      assert.match(
        (await page.textContent("[data-testid=compare-verdict]"))!,
        /^Not backward compatible: \d+ breaking changes? can fail a client/,
      );
      // `/` outside a field jumps to the filter, as on the spec viewer.
      await page.click("h1");
      await page.keyboard.press("/");
      assert.equal(
        await page.evaluate(() =>
          document.activeElement?.getAttribute("data-testid")
        ),
        "compare-filter",
      );

      // A method term matches changes that affect an operation of that
      // method (listed under it, or a shared change reaching one).
      await page.fill("[data-testid=compare-filter]", "post");
      await waitCount(page, filtered("post", dflt).length);
      assert.deepEqual(hooksOnly(await rows(page)), filtered("post", dflt));
      assert.ok(filtered("post", dflt).length > 0);
      // A level name is a term too; text terms must all match.
      await page.fill("[data-testid=compare-filter]", "breaking pets");
      await waitCount(page, filtered("breaking pets", dflt).length);
      assert.ok((await rows(page)).every((r) => r.level === "breaking"));
      await page.fill(
        "[data-testid=compare-filter]",
        "REQUEST-property-became-required",
      );
      await waitCount(page, 1);
      assert.equal(
        (await rows(page))[0].id,
        "request-property-became-required",
      );
      await page.fill("[data-testid=compare-filter]", "no-such-thing");
      await waitCount(page, 0);
      assert.match(
        await page.textContent("[data-testid=compare-empty]") ?? "",
        /No change matches/,
      );
      // The level name doc while its toggle hides those changes: says so.
      await page.fill("[data-testid=compare-filter]", "doc");
      await waitCount(page, 0);
      assert.match(
        await page.textContent("[data-testid=compare-empty]") ?? "",
        /Documentation changes are hidden: turn on “Show documentation changes”/,
      );

      // Toggles: documentation changes on, breaking off.
      await page.fill("[data-testid=compare-filter]", "pets");
      await page.click("[data-testid=compare-level-doc]");
      await page.click("[data-testid=compare-level-breaking]");
      const levels = ["warning", "info", "doc"];
      await waitCount(page, filtered("pets", levels).length);
      assert.deepEqual(hooksOnly(await rows(page)), filtered("pets", levels));
      assert.ok((await rows(page)).some((r) => r.level === "doc"));
      assert.equal(await pressed(page, "breaking"), "false");
      // The summary's counts stay those of the whole comparison.
      assert.equal(
        await page.getAttribute(
          "[data-testid=compare-summary]",
          "data-breaking",
        ),
        String(ALL.counts.breaking),
      );
      assert.equal(
        new URL(page.url()).hash,
        "#filter=pets&levels=warning,info,doc",
      );

      // A reload keeps the filter and toggles (never the documents).
      await page.reload();
      await page.waitForSelector("[data-island][data-hydrated=true]");
      await page.waitForFunction(() =>
        (document.querySelector(
          "[data-testid=compare-filter]",
        ) as HTMLInputElement)
          ?.value === "pets"
      );
      assert.equal(await pressed(page, "doc"), "true");
      assert.equal(await pressed(page, "breaking"), "false");
      assert.equal(
        await page.inputValue("[data-testid=compare-base-input]"),
        "",
      );
      assert.equal(
        await page.locator("[data-testid=compare-summary]").count(),
        0,
      );
      await loadPair(page);
      assert.deepEqual(hooksOnly(await rows(page)), filtered("pets", levels));

      // A fragment edited by hand applies too.
      await page.evaluate(() => (location.hash = "#filter=delete"));
      await waitCount(page, filtered("delete", dflt).length);
      assert.equal(await pressed(page, "breaking"), "true");
      assert.equal(
        await page.inputValue("[data-testid=compare-filter]"),
        "delete",
      );
    }),
});

Deno.test({
  name:
    "compare view: an operationId or a summary word lists the changes of that operation, from either version",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openCompare(page, server.origin);
      await loadPair(page);
      const dflt = ["breaking", "warning", "info"];
      // [filter, ids of the rows it keeps, in list order]: the changes do
      // not hold these words, only the operations they affect do.
      const cases: [string, string[]][] = [
        // The base's operationId of the operation the revision removed.
        ["deletePet", ["api-removed-without-deprecation"]],
        // The revision's operationId of the operation it added.
        ["getOwner", ["endpoint-added"]],
        // A summary word: "Read a pet" (GET /pets/{petId}, and the shared
        // Pet change that reaches it) and "Read a pet's owner".
        ["read", [
          "response-property-enum-value-added",
          "request-path-parameter-renamed",
          "endpoint-added",
        ]],
        ["createPet", [
          "request-property-max-length-decreased",
          "request-property-became-required",
          "response-property-enum-value-added",
        ]],
        // A method matches any operation a change affects: the shared Pet
        // change, listed under GET, reaches POST too; none reaches DELETE
        // with createPet's words.
        ["createPet post", [
          "request-property-max-length-decreased",
          "request-property-became-required",
          "response-property-enum-value-added",
        ]],
        ["createPet delete", []],
        ["info read", ["request-path-parameter-renamed", "endpoint-added"]],
        ["read zebra", []],
      ];
      for (const [filter, ids] of cases) {
        await page.fill("[data-testid=compare-filter]", filter);
        // Two filters in a row can keep as many rows: wait for these rows.
        await waitCount(page, ids.length);
        await page.waitForFunction(
          (want) =>
            [...document.querySelectorAll("[data-testid=change-row]")].map(
              (e) => e.getAttribute("data-id"),
            ).join() === want,
          ids.join(),
        ).catch(async (err) => {
          throw new Error(
            `${filter}: ${JSON.stringify((await rows(page)).map((r) => r.id))}`,
            { cause: err },
          );
        });
        const shown = await rows(page);
        assert.deepEqual(shown.map((r) => r.id), ids, filter);
        assert.deepEqual(hooksOnly(shown), filtered(filter, dflt), filter);
      }
    }),
});

Deno.test({
  name:
    "compare view: the lines that differ are marked in both versions, the values' text unchanged",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openCompare(page, server.origin);
      await loadPair(page);
      await page.click(
        "[data-testid=change-row][data-id=request-property-max-length-decreased] .cmp-row-main",
      );
      const detail = page.locator("[data-testid=change-detail]");
      const value = (side: string) =>
        detail.locator(`[data-testid=change-value][data-side=${side}]`);
      await value("revision").waitFor();
      assert.deepEqual(
        await value("base").locator("del.cmp-mark").allTextContents(),
        ['  "maxLength": 64'],
      );
      assert.deepEqual(
        await value("revision").locator("ins.cmp-mark").allTextContents(),
        ['  "maxLength": 32'],
      );
      assert.equal(await value("base").locator("ins").count(), 0);
      assert.equal(
        await detail.locator("[data-testid=change-same]").count(),
        0,
      );
      assert.deepEqual(JSON.parse((await value("revision").textContent())!), {
        type: "string",
        maxLength: 32,
      });
    }),
});

Deno.test({
  name:
    "compare view: a row opens to both versions' pointers and values; absent where removed",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openCompare(page, server.origin);
      await loadPair(page);
      const docs = { base: parseSpec(V1).doc, revision: parseSpec(V2).doc };
      const row = (id: string) =>
        `[data-testid=change-row][data-id=${id}] .cmp-row-main`;

      // Enter on a focused row opens it, as a click does.
      await page.focus(row("request-property-became-required"));
      await page.keyboard.press("Enter");
      const detail = page.locator("[data-testid=change-detail]");
      await detail.locator("[data-testid=change-value]").first().waitFor();
      assert.equal(
        await page.getAttribute(
          row("request-property-became-required"),
          "aria-expanded",
        ),
        "true",
      );
      const change = ALL.changes.find((c) =>
        c.id === "request-property-became-required"
      )!;
      for (const side of ["base", "revision"] as const) {
        const pointer = await detail.locator(
          `[data-testid=change-pointer][data-side=${side}]`,
        ).textContent();
        assert.equal(pointer, change.pointer[side]);
        const value = await detail.locator(
          `[data-testid=change-value][data-side=${side}]`,
        ).textContent();
        const at = resolvePointer(docs[side], pointer!);
        assert.ok(at.found);
        assert.deepEqual(JSON.parse(value!), at.value);
      }
      assert.match(
        await detail.textContent() ?? "",
        /request-property-became-required/,
      );
      // The property reads the same in both: the detail says, before the
      // values, that the change is in its parent's required list.
      const note = detail.locator("[data-testid=change-same]");
      assert.match((await note.textContent())!, /in the required\s+list/);
      assert.ok(
        await note.evaluate((n) =>
          !!(n.compareDocumentPosition(
            n.parentElement!.querySelector(
              ".cmp-halves",
            )!,
          ) & Node.DOCUMENT_POSITION_FOLLOWING)
        ),
        "the note comes before the values",
      );
      // And that list, each side's, the name it gained marked.
      const list = detail.locator("[data-testid=change-required]");
      assert.deepEqual(
        await list.locator("ins.cmp-mark").allTextContents(),
        ['  "tag"'],
      );
      assert.equal(await list.locator("del").count(), 0);
      assert.match(
        (await list.textContent())!,
        /\/components\/schemas\/NewPet\/required/,
      );

      // Space on another row opens it and closes the first.
      await page.focus(row("api-removed-without-deprecation"));
      await page.keyboard.press("Space");
      await page.waitForSelector(
        "[data-testid=change-detail] [data-testid=change-absent][data-side=revision]",
      );
      assert.equal(
        await page.locator("[data-testid=change-detail]").count(),
        1,
      );
      const base = await page.textContent(
        "[data-testid=change-detail] [data-testid=change-pointer][data-side=base]",
      );
      assert.equal(base, "/paths/~1pets~1{id}/delete");
      assert.match(
        await page.textContent("[data-testid=change-absent]") ?? "",
        /absent/,
      );
      // Escape closes it, focus on its row: pressed on the row, and inside
      // the opened detail.
      const escapeCloses = async () => {
        await page.keyboard.press("Escape");
        await page.waitForSelector("[data-testid=change-detail]", {
          state: "detached",
        });
        assert.equal(
          await page.evaluate(() =>
            document.activeElement?.closest("[data-testid=change-row]")
              ?.getAttribute("data-id")
          ),
          "api-removed-without-deprecation",
        );
      };
      await escapeCloses();
      await page.keyboard.press("Enter");
      await page.locator(
        "[data-testid=change-detail] [data-testid=change-value]",
      ).first().focus();
      await escapeCloses();

      // A change shared by several operations lists them all.
      await page.click(row("response-property-enum-value-added"));
      const ops = page.locator(
        "[data-testid=change-detail] [data-testid=change-operations] li",
      );
      await ops.first().waitFor();
      assert.deepEqual(
        await ops.allTextContents(),
        ALL.changes.find((c) => c.id === "response-property-enum-value-added")!
          .operations,
      );
    }),
});

Deno.test({
  name:
    "compare view: Copy as Markdown and Download JSON give the CLI's outputs",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openCompare(page, server.origin);
      await loadPair(page);
      const clip = () => page.evaluate(() => navigator.clipboard.readText());
      const copy = page.locator("[data-testid=compare-copy-md]");
      const copied = async () => {
        await page.evaluate(() => navigator.clipboard.writeText(""));
        await copy.click();
        await page.waitForFunction(() =>
          /^Copied/.test(
            document.querySelector("[data-testid=compare-note]")?.textContent ??
              "",
          )
        );
        return await clip();
      };

      // Everything, as `deno task diff --format markdown` prints it.
      assert.equal(await copy.textContent(), "Copy all as Markdown");
      assert.equal(await copied(), formatMarkdown(compareSpecs(V1, V2)));
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.click("[data-testid=compare-download-json]"),
      ]);
      assert.match(download.url(), /^blob:/);
      assert.equal(
        download.suggestedFilename(),
        "api-changes-1.0-to-2.0.json",
      );
      const json = await Deno.readTextFile((await download.path())!);
      assert.equal(json, formatJson(compareSpecs(V1, V2)));
      assert.deepEqual(JSON.parse(json), compareSpecs(V1, V2));

      // With documentation changes shown: the `--all` outputs.
      await page.click("[data-testid=compare-level-doc]");
      await waitCount(page, ALL.changes.length);
      assert.equal(await copied(), formatMarkdown(ALL));
      const [withDoc] = await Promise.all([
        page.waitForEvent("download"),
        page.click("[data-testid=compare-download-json]"),
      ]);
      assert.equal(
        await Deno.readTextFile((await withDoc.path())!),
        formatJson(ALL),
      );

      // Filtered: only the changes shown, and the button says so.
      await page.fill("[data-testid=compare-filter]", "post");
      const q = {
        filter: "post",
        levels: ["breaking", "warning", "info", "doc"] as const,
      };
      const shown = viewIndices(ALL.changes, { ...q, levels: [...q.levels] });
      await waitCount(page, shown.length);
      assert.equal(await copy.getAttribute("data-scope"), "shown");
      assert.equal(
        await copy.textContent(),
        `Copy ${shown.length} shown as Markdown`,
      );
      assert.equal(
        await copied(),
        formatMarkdown(
          // A shared change names first the operation `post` found.
          exportResult(
            ALL,
            { ...q, levels: [...q.levels] },
            shown,
            undefined,
            focusLabels(ALL.changes, shown, { ...q, levels: [...q.levels] }),
          ),
          // It says it is narrowed, or it reads as the whole verdict.
          `_Only the changes matching \`post\`: the counts above are of these. The whole comparison has ${
            LEVELS.map((l) => `${ALL.counts[l]} ${l}`).join(", ")
          }._`,
        ),
      );
      // The JSON stays the CLI's whole comparison (§9), filter or not.
      const [filtered] = await Promise.all([
        page.waitForEvent("download"),
        page.click("[data-testid=compare-download-json]"),
      ]);
      assert.equal(
        await Deno.readTextFile((await filtered.path())!),
        formatJson(ALL),
      );
    }, { clipboard: true }),
});

/** Presses Tab until the focus is on `selector`; fails after `max` presses. */
async function tabTo(page: Page, selector: string, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (
      await page.evaluate((s) => document.activeElement?.matches(s), selector)
    ) {
      return;
    }
  }
  throw new Error(`Tab never reached ${selector}`);
}

const focusedTestId = (page: Page) =>
  page.evaluate(() =>
    document.activeElement?.closest("[data-testid]")?.getAttribute(
      "data-testid",
    )
  );

Deno.test({
  name: "compare view: the whole flow by keyboard alone",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openCompare(page, server.origin);
      await tabTo(page, "[data-testid=compare-base-input]");
      await page.keyboard.insertText(V1);
      // The file picker is the next Tab stop (Space would open the chooser).
      await tabTo(page, "[data-testid=compare-base-file]", 1);
      await tabTo(page, "[data-testid=compare-revision-input]");
      await page.keyboard.insertText(V2);
      await waitCompared(page);

      await tabTo(page, "[data-testid=compare-filter]");
      await page.keyboard.type("pets");
      await waitCount(
        page,
        filtered("pets", ["breaking", "warning", "info"]).length,
      );
      // Down from the filter into the rows, down again, Enter opens.
      await page.keyboard.press("ArrowDown");
      assert.equal(await focusedTestId(page), "change-row");
      await page.keyboard.press("ArrowDown");
      const second = (await rows(page))[1];
      assert.equal(
        await page.evaluate(() =>
          document.activeElement?.closest("[data-testid=change-row]")
            ?.getAttribute("data-id")
        ),
        second.id,
      );
      await page.keyboard.press("Enter");
      await page.waitForSelector(
        "[data-testid=change-detail] [data-testid=change-pointer]",
      );
      // End and Home move between the first and last rows.
      await page.keyboard.press("End");
      assert.equal(
        await page.evaluate(() =>
          document.activeElement?.closest("[data-testid=change-row]")
            ?.getAttribute("data-id")
        ),
        (await rows(page)).at(-1)!.id,
      );
      await page.keyboard.press("Home");
      await page.keyboard.press("ArrowUp"); // from the first row: the filter box
      assert.equal(await focusedTestId(page), "compare-filter");

      // The toggles, with Space; the export, with Enter.
      await tabTo(page, "[data-testid=compare-level-info]");
      await page.keyboard.press("Space");
      assert.equal(await pressed(page, "info"), "false");
      await tabTo(page, "[data-testid=compare-copy-md]");
      await page.keyboard.press("Enter");
      await page.waitForFunction(() =>
        /^Copied/.test(
          document.querySelector("[data-testid=compare-note]")?.textContent ??
            "",
        )
      );
      // Swap, by keyboard: Shift+Tab back up the page to it.
      await page.focus("[data-testid=compare-filter]");
      for (
        let i = 0;
        i < 20 && await focusedTestId(page) !== "compare-swap";
        i++
      ) {
        await page.keyboard.press("Shift+Tab");
      }
      assert.equal(await focusedTestId(page), "compare-swap");
      await page.keyboard.press("Enter");
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=compare-base-version]")
          ?.textContent === "2.0"
      );
      // Every focus was visible: a keyboard focus shows the ring.
      await page.focus("[data-testid=compare-filter]");
      await page.keyboard.press("ArrowDown");
      const ring = await page.evaluate(() => {
        const el = document.activeElement!;
        return el.matches(":focus-visible") &&
          getComputedStyle(el).outlineStyle === "solid";
      });
      assert.ok(ring, "a focused row shows its focus ring");
    }, { clipboard: true }),
});

Deno.test({
  name:
    "compare view: an opened change stays while a long list scrolls far past it, and is still open on the way back",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      // 160 operations removed: past ALL_ITEMS, so the list is virtualised.
      const doc = (n: number) =>
        JSON.stringify({
          openapi: "3.1.0",
          info: { title: "Long", version: String(n) },
          paths: Object.fromEntries(
            Array.from({ length: n }, (_, i) => [
              `/p${String(i).padStart(3, "0")}`,
              { get: { responses: { "200": { description: "ok" } } } },
            ]),
          ),
        });
      const dir = await Deno.makeTempDir();
      try {
        await Deno.writeTextFile(`${dir}/base.json`, doc(160));
        await Deno.writeTextFile(`${dir}/revision.json`, doc(1));
        await openCompare(page, server.origin);
        await pick(page, "base", `${dir}/base.json`);
        await pick(page, "revision", `${dir}/revision.json`);
        await waitCompared(page);
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
      await page.click(
        '[data-testid=change-row][data-path="/p001"] .cmp-row-main',
      );
      await page.waitForSelector("[data-testid=change-detail]");
      await scrollFarAndBack(page, "[data-testid=change-list]", {
        kept: "[data-testid=change-detail]",
        why: "the opened change is still in the page",
        back:
          '[data-testid=change-row][data-path="/p001"] [data-testid=change-detail]',
      });
    }),
});

Deno.test({
  name:
    "browser compare: hostile names stay readable: a row's title keeps its backticks, a title's override is written visibly",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const doc = (required: boolean) =>
        JSON.stringify({
          openapi: "3.0.3",
          info: { title: "Shop \u202eevil", version: "1" },
          paths: {
            "/p": {
              get: {
                parameters: [{
                  name: "q`a",
                  in: "query",
                  required,
                  schema: { type: "string" },
                }],
                responses: { "200": { description: "ok" } },
              },
            },
          },
        });
      await openCompare(page, server.origin);
      await page.fill("[data-testid=compare-base-input]", doc(false));
      await page.fill("[data-testid=compare-revision-input]", doc(true));
      await waitCompared(page);
      assert.equal(
        await page.textContent("[data-testid=compare-base-title]"),
        "Shop \\u202eevil",
      );
      const title = await page.getAttribute(
        "[data-testid=change-row] button",
        "title",
      );
      assert.equal(
        title,
        "GET /p: query parameter q`a became required",
        "the name's own backtick kept, the fence gone",
      );
    }),
});

Deno.test({
  name:
    "browser compare: files given the other way round (the revision's version older) get a note; in order, none",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await openCompare(page, server.origin);
      await pick(page, "base", fixturePath("pets-v2.yaml"));
      await pick(page, "revision", fixturePath("pets-v1.yaml"));
      await waitCompared(page);
      const note = page.locator("[data-testid=compare-order-note]");
      await note.waitFor();
      assert.match(await note.innerText(), /\(1\.0\).*older.*\(2\.0\)/s);
      await pick(page, "base", fixturePath("pets-v1.yaml"));
      await pick(page, "revision", fixturePath("pets-v2.yaml"));
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=compare-base-version]")
          ?.textContent === "1.0"
      );
      assert.equal(await note.count(), 0);
    }),
});

/** A pair whose revision drops all of `n` operations: `n` breaking rows. */
function manyRemoved(n: number): [string, string] {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    paths[`/things${String(i).padStart(3, "0")}`] = {
      get: { responses: { "200": { description: "ok" } } },
    };
  }
  const doc = (p: unknown) =>
    JSON.stringify({
      openapi: "3.0.3",
      info: { title: "Many", version: "1" },
      paths: p,
    });
  return [doc(paths), doc({})];
}

Deno.test({
  name:
    "compare view: a row the arrow keys move to is in the page's viewport (WCAG 2.4.11), at 1280×900 and 640×450",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const [base, revision] = manyRemoved(60);
      for (
        const size of [{ width: 1280, height: 900 }, {
          width: 640,
          height: 450,
        }]
      ) {
        await page.setViewportSize(size);
        await openCompare(page, server.origin);
        await pasteBoth(page, base, revision);
        await page.focus("[data-testid=compare-filter]");
        const at = async (id: string, what: string) => {
          await page.waitForFunction(
            (id) => document.activeElement?.id === id,
            id,
          );
          const v = await page.evaluate(() => {
            const r = document.activeElement!.getBoundingClientRect();
            return {
              top: Math.round(r.top),
              bottom: Math.round(r.bottom),
              height: innerHeight,
              scrollY,
            };
          });
          assert.ok(
            v.top >= 0 && v.bottom <= v.height,
            `${size.width}×${size.height} ${what}: ${JSON.stringify(v)}`,
          );
        };
        for (let i = 0; i < 25; i++) {
          await page.keyboard.press("ArrowDown");
          await at(`cmp-row-${i}`, `ArrowDown to row ${i}`);
        }
        await page.keyboard.press("End");
        await at("cmp-row-59", "End");
        await page.keyboard.press("Home");
        await at("cmp-row-0", "Home");
      }
    }),
});
