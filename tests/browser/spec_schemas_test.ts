/**
 * The spec viewer's named schemas, as a person browses them: listed apart
 * from the endpoints and not counted, filtered by name, each opening to
 * its tree and generated example, as Swagger UI's "Schemas" section does.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  BROWSER_TEST,
  focusAfter,
  gotoHydrated,
  withPage,
} from "../helpers/browser.ts";
import { loadSpec } from "../helpers/spec_open.ts";

const FIX = new URL("../fixtures/openapi/", import.meta.url);

async function names(page: Page): Promise<string[]> {
  return await page.$$eval(
    "[data-testid=schema-row]",
    (els) => els.map((e) => e.getAttribute("data-name") ?? ""),
  );
}

/** /spec (with `hash`) and fixture `file` picked. */
async function pick(page: Page, origin: string, file: string, hash = "") {
  await gotoHydrated(page, origin, "/spec" + hash);
  await page.setInputFiles(
    "[data-testid=spec-file]",
    new URL(file, FIX).pathname,
  );
}

/** Opens schema `name`; its detail element. */
async function open(page: Page, name: string) {
  const row = page.locator(`[data-testid=schema-row][data-name="${name}"]`);
  await row.locator("summary").click();
  const detail = row.locator("[data-testid=schema-detail]");
  await detail.waitFor();
  return detail;
}

/**
 * Arrives at `/spec#schema=Tag`, picks the Swagger 2.0 fixture, and waits
 * for Tag to open from the link: its row.
 */
async function tagFromLink(page: Page, origin: string) {
  await pick(page, origin, "swagger-2.0.json", "#schema=Tag");
  const tag = page.locator('[data-testid=schema-row][data-name="Tag"]');
  await tag.locator("[data-testid=schema-detail]").waitFor();
  return tag;
}

Deno.test({
  name:
    "browser spec: named schemas are listed apart, filtered, and open to their tree and example",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await pick(page, server.origin, "swagger-2.0.json");
      const section = page.locator("[data-testid=spec-schemas]");
      await section.waitFor();
      assert.equal(await section.getAttribute("data-count"), "2");
      assert.deepEqual(await names(page), ["Pet", "Tag"]);
      // Not counted: the endpoint count is the operations'.
      const count = await page.textContent("[data-testid=spec-count]");
      assert.equal(
        await page.getAttribute("[data-testid=endpoint-list]", "data-count"),
        count,
      );

      const pet = await open(page, "Pet");
      const props = await pet.locator("[data-testid=schema-prop]").evaluateAll(
        (els) =>
          els.map((e) =>
            `${e.getAttribute("data-path")}:${e.getAttribute("data-required")}`
          ),
      );
      assert.deepEqual(props.slice(0, 4), [
        "id:false",
        "name:true",
        "tags:false",
        "tags[].name:false",
      ]);
      const example = JSON.parse(
        await pet.locator("[data-testid=op-example]").first().innerText(),
      );
      assert.equal(typeof example.name, "string");
      // Escape inside it closes it and leaves focus on its summary.
      await pet.locator("[data-testid=schema-prop]").first().click();
      await page.keyboard.press("Escape");
      await page.waitForFunction(() =>
        !(document.querySelector(
          '[data-testid=schema-row][data-name="Pet"] details',
        ) as HTMLDetailsElement).open
      );
      assert.equal(
        await page.evaluate(() => document.activeElement?.tagName),
        "SUMMARY",
      );
      await page.keyboard.press("Enter");
      await pet.waitFor();
      // Expand all opens every level; the cycle through `self` is a link back.
      await pet.locator("[data-testid=schema-expand-all]").click();
      await page.waitForFunction(() =>
        !document.querySelector(
          "[data-testid=schema-detail] [data-testid=schema-expand-all][aria-disabled=true]",
        )
      );
      assert.ok(
        await pet.locator("[data-testid=schema-prop]").count() >= props.length,
      );

      // The filter keeps the names holding every term, any case.
      await page.fill("[data-testid=schema-filter]", "TA");
      assert.deepEqual(await names(page), ["Tag"]);
      await page.fill("[data-testid=schema-filter]", "zzz");
      assert.deepEqual(await names(page), []);
      assert.match(await section.innerText(), /No schema matches “zzz”/);
    }),
});

Deno.test({
  name:
    "browser spec: a 3.x document's schemas, a $ref cycle among them, and a new spec's list",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/spec");
      await page.fill(
        "[data-testid=spec-input]",
        Deno.readTextFileSync(new URL("openapi-3.1.json", FIX)),
      );
      await page.locator("[data-testid=spec-schemas]").waitFor();
      assert.deepEqual(await names(page), ["Item", "Base", "A", "B"]);
      // allOf merged into one object.
      const item = await open(page, "Item");
      const paths = await item.locator("[data-testid=schema-prop]")
        .evaluateAll((els) => els.map((e) => e.getAttribute("data-path")));
      assert.deepEqual([...paths].sort(), ["id", "name"]);
      // A points at B, B at A: shown, not expanded without end.
      const a = await open(page, "A");
      assert.ok((await a.innerText()).length > 0);
      // Another spec: its own schemas, nothing of the first one open.
      await page.setInputFiles(
        "[data-testid=spec-file]",
        new URL("swagger-2.0.json", FIX).pathname,
      );
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=spec-schemas]")?.getAttribute(
          "data-count",
        ) === "2"
      );
      assert.deepEqual(await names(page), ["Pet", "Tag"]);
      assert.equal(
        await page.locator("[data-testid=schema-detail]").count(),
        0,
      );
      // A spec without named schemas has no section.
      await page.fill(
        "[data-testid=spec-input]",
        JSON.stringify({
          openapi: "3.0.3",
          info: { title: "t", version: "1" },
          paths: { "/a": { get: { responses: { 200: { description: "" } } } } },
        }),
      );
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=spec-title]")?.textContent === "t"
      );
      assert.equal(await page.locator("[data-testid=spec-schemas]").count(), 0);
    }),
});

Deno.test({
  name:
    "browser spec: a short list is as tall as its rows; the wheel reaches the schemas, and the toolbar stays with the list",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await page.setViewportSize({ width: 1280, height: 520 });
      await pick(page, server.origin, "swagger-2.0.json");
      await page.locator("[data-testid=spec-schemas]").waitFor();
      const list = page.locator("[data-testid=endpoint-list]");
      const rows = await page.locator("[data-testid=endpoint-row]").count();
      const row = await page.locator("[data-testid=endpoint-row]").first()
        .boundingBox();
      const box = (await list.boundingBox())!;
      assert.ok(
        box.height <= rows * row!.height + 8,
        `a list of ${rows} rows is ${box.height} px tall`,
      );
      // The wheel over the list scrolls the page to what follows it.
      await page.mouse.move(box.x + 40, box.y + 10);
      await page.mouse.wheel(0, 1500);
      await page.waitForFunction(() => scrollY > 0);
      const heading = page.locator("#sv-schemas-h");
      await heading.evaluate((h) => h.scrollIntoView({ block: "start" }));
      const bar = (await page.locator(".sv-toolbar").boundingBox())!;
      const h = (await heading.boundingBox())!;
      assert.ok(
        bar.y + bar.height <= h.y + 1,
        `the toolbar (${bar.y}+${bar.height}) covers the heading at ${h.y}`,
      );
    }),
});

Deno.test({
  name:
    "browser spec: a schema's name in a tree opens that schema, as Redoc and Scalar link a model",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await pick(page, server.origin, "swagger-2.0.json");
      await page.locator("[data-testid=spec-schemas]").waitFor();
      // From an operation's tree (GET /pets/{petId} answers a Pet, whose
      // `self` is a Pet), past a filter that hides it: the filter gives
      // way, and the schema opens with the focus on it.
      await page.fill("[data-testid=schema-filter]", "zzz");
      await page.click(
        "[data-testid=endpoint-row][data-path='/pets/{petId}'] button.sv-row-main",
      );
      const op = page.locator("[data-testid=operation-detail]");
      const ref = op.locator("[data-testid=schema-ref]", { hasText: "Pet" })
        .first();
      // Its address is the schema's own: copied or opened in a new tab, it
      // opens the schema there.
      assert.equal(await ref.getAttribute("href"), "#schema=Pet");
      await ref.click();
      const pet = page.locator('[data-testid=schema-row][data-name="Pet"]');
      await pet.locator("[data-testid=schema-detail]").waitFor();
      assert.equal(
        await page.inputValue("[data-testid=schema-filter]"),
        "Pet",
      );
      assert.equal(
        await page.evaluate(() =>
          document.activeElement?.closest("[data-testid=schema-row]")
            ?.getAttribute("data-name")
        ),
        "Pet",
        "focus on the schema opened",
      );
      // The operation stays open: only the schema section moved.
      assert.equal(await op.count(), 1);
      // Done once: the schema's row mounted again by the filter does not
      // take the focus back while the person types.
      await pet.locator("summary").click();
      await page.fill("[data-testid=schema-filter]", "zz");
      await page.fill("[data-testid=schema-filter]", "");
      await page.locator("[data-testid=schema-filter]").pressSequentially("Pe");
      assert.equal(await page.inputValue("[data-testid=schema-filter]"), "Pe");
      assert.equal(
        await page.evaluate(() =>
          document.activeElement?.getAttribute("data-testid")
        ),
        "schema-filter",
      );
    }),
});

Deno.test({
  name:
    "browser spec: Shift+Enter on a row opens its schema, arrows move between schemas, and the open schema is in the URL",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      // A link to a schema: picked on arrival, the file opens it in view,
      // with the focus left where it was (as a restored operation's).
      const tag = await tagFromLink(page, server.origin);
      assert.notEqual(
        await page.evaluate(() => document.activeElement?.tagName),
        "SUMMARY",
      );
      // Closed, it leaves the URL.
      await tag.locator("summary").click();
      await page.waitForFunction(() =>
        !new URLSearchParams(location.hash.slice(1)).has("schema")
      );

      // By keyboard from an operation's tree: the row `self` names Pet.
      await page.click(
        "[data-testid=endpoint-row][data-path='/pets/{petId}'] button.sv-row-main",
      );
      const self = page.locator(
        "[data-testid=operation-detail] [data-testid=schema-prop][data-path=self]",
      ).first();
      assert.equal(await self.getAttribute("aria-keyshortcuts"), "Shift+Enter");
      await self.focus();
      await page.keyboard.press("Shift+Enter");
      const pet = page.locator('[data-testid=schema-row][data-name="Pet"]');
      await pet.locator("[data-testid=schema-detail]").waitFor();
      const focused = () =>
        page.evaluate(() =>
          document.activeElement?.closest("[data-testid=schema-row]")
            ?.getAttribute("data-name") ??
            document.activeElement?.getAttribute("data-testid")
        );
      assert.equal(await focused(), "Pet");
      await page.waitForFunction(() =>
        new URLSearchParams(location.hash.slice(1)).get("schema") === "Pet"
      );
      // A row naming no schema: Shift+Enter does nothing.
      const name = page.locator(
        "[data-testid=operation-detail] [data-testid=schema-prop][data-path=name]",
      ).first();
      assert.equal(await name.getAttribute("aria-keyshortcuts"), null);

      // The arrows move between the summaries; up from the first, to the
      // filter, and down from the filter, to the first.
      await pet.locator("summary").focus();
      await page.keyboard.press("ArrowDown");
      assert.equal(await focused(), "Tag");
      await page.keyboard.press("ArrowDown");
      assert.equal(await focused(), "Tag", "the last stays");
      await page.keyboard.press("Home");
      assert.equal(await focused(), "Pet");
      await page.keyboard.press("ArrowUp");
      assert.equal(await focused(), "schema-filter");
      await page.keyboard.press("ArrowDown");
      assert.equal(await focused(), "Pet");
    }),
});

Deno.test({
  name:
    "browser spec: the URL names the schema opened last of those open, and a link to an operation and a schema keeps the operation's place",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const schemaInHash = () =>
        page.evaluate(() =>
          new URLSearchParams(location.hash.slice(1)).get("schema")
        );
      const waitHash = (name: string | null) =>
        page.waitForFunction(
          (n) =>
            new URLSearchParams(location.hash.slice(1)).get("schema") === n,
          name,
        );
      await pick(page, server.origin, "swagger-2.0.json");
      await open(page, "Tag");
      await open(page, "Pet");
      await waitHash("Pet");
      // Pet closed: Tag, still open, is named.
      await page.locator('[data-testid=schema-row][data-name="Pet"] summary')
        .click();
      await waitHash("Tag");
      // A link followed to a schema already open names it too.
      await open(page, "Pet");
      await page.locator('[data-testid=schema-row][data-name="Tag"] summary')
        .click(); // closes Tag
      await page.locator('[data-testid=schema-row][data-name="Tag"] summary')
        .click(); // opens it again: named
      await waitHash("Tag");
      await page.click(
        "[data-testid=endpoint-row][data-path='/pets/{petId}'] button.sv-row-main",
      );
      await page.locator("[data-testid=operation-detail]").waitFor();
      await page.locator(
        "[data-testid=operation-detail] [data-testid=schema-ref]",
        { hasText: "Pet" },
      ).first().click();
      await waitHash("Pet");
      assert.equal(await schemaInHash(), "Pet");

      // Arriving with both, the operation keeps the page's place.
      await page.setViewportSize({ width: 1280, height: 600 });
      await gotoHydrated(
        page,
        server.origin,
        "/spec#op=get+%2Fpets%2F%7BpetId%7D&schema=Tag",
      );
      await page.setInputFiles(
        "[data-testid=spec-file]",
        new URL("swagger-2.0.json", FIX).pathname,
      );
      await page.locator(
        '[data-testid=schema-row][data-name="Tag"] [data-testid=schema-detail]',
      ).waitFor();
      const row = await page.locator(
        "[data-testid=endpoint-row][data-path='/pets/{petId}'][data-method=get]",
      ).boundingBox();
      assert.ok(
        row && row.y >= 0 && row.y < 600,
        `the operation's row is at ${row?.y}, out of view`,
      );
    }),
});

Deno.test({
  name:
    "browser spec: 'About this API' shows the description, links and security schemes, closed at first",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/spec");
      await page.fill(
        "[data-testid=spec-input]",
        JSON.stringify({
          openapi: "3.1.0",
          info: {
            title: "t",
            version: "1",
            description: "Read *pets*.",
            license: { name: "MIT", url: "https://x.test/mit" },
          },
          tags: [{ name: "pets", description: "All about *pets*" }],
          paths: { "/a": { get: { responses: { 200: { description: "" } } } } },
          components: {
            securitySchemes: {
              key: { type: "apiKey", in: "header", name: "X-Key" },
              oauth: {
                type: "oauth2",
                flows: {
                  clientCredentials: {
                    tokenUrl: "https://x.test/token",
                    scopes: { read: "Read pets" },
                  },
                },
              },
            },
          },
        }),
      );
      const about = page.locator("[data-testid=spec-about]");
      await about.waitFor();
      assert.equal(await about.getAttribute("open"), null, "closed at first");
      await about.locator("summary").click();
      assert.match(await about.innerText(), /Read pets/);
      assert.equal(
        await about.locator("a[href='https://x.test/mit']").getAttribute("rel"),
        "noopener noreferrer",
      );
      const schemes = await page.$$eval(
        "[data-testid=spec-security-scheme]",
        (els) => els.map((e) => e.getAttribute("data-name")),
      );
      assert.deepEqual(schemes, ["key", "oauth"]);
      assert.match(
        await page.locator(
          "[data-testid=spec-security-scheme][data-name=oauth]",
        )
          .innerText(),
        /Client credentials flow: token: https:\/\/x\.test\/token/,
      );
      // A tag's name filters the list to it, as a row's tag does.
      const tag = page.locator("[data-testid=spec-about-tag][data-name=pets]");
      assert.match(await tag.innerText(), /All about pets/);
      await tag.locator("button").click();
      assert.equal(
        await page.inputValue("[data-testid=spec-filter]"),
        "tag:pets",
      );
      // Escape closes it, focus on its summary.
      await about.locator("summary").focus();
      await page.keyboard.press("Escape");
      assert.equal(await about.getAttribute("open"), null);
      // Open, then another spec: its block starts closed.
      await about.locator("summary").click();
      await page.fill(
        "[data-testid=spec-input]",
        JSON.stringify({
          openapi: "3.1.0",
          info: { title: "u", version: "1", description: "Other." },
          paths: {},
        }),
      );
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=spec-title]")?.textContent === "u"
      );
      await about.waitFor();
      assert.equal(await about.getAttribute("open"), null, "closed again");
    }),
});

Deno.test({
  name:
    "browser spec: a schema the address stops naming (an edit by hand, Back) closes, as an operation it stops naming does, and one it names in a new document stays in view while the webhooks above it come in",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await tagFromLink(page, server.origin);
      await page.evaluate(() => (location.hash = "#filter="));
      await page.waitForFunction(() =>
        !document.querySelector<HTMLDetailsElement>(
          '[data-testid=schema-row][data-name="Tag"] details',
        )?.open
      );
      // Named again, it opens again.
      await page.evaluate(() => (location.hash = "#schema=Tag"));
      await page.waitForFunction(() =>
        document.querySelector<HTMLDetailsElement>(
          '[data-testid=schema-row][data-name="Tag"] details',
        )?.open
      );
      // A new document with the named schema past the list's first 200
      // (filtered to), under 120 webhooks that render in slices after it
      // is scrolled to: it is still in view once they all are.
      const schemas: Record<string, unknown> = {};
      for (let i = 0; i < 300; i++) schemas[`S${i}`] = { type: "object" };
      const webhooks: Record<string, unknown> = {};
      for (let i = 0; i < 120; i++) {
        webhooks[`hook${i}`] = {
          post: { responses: { 200: { description: "" } } },
        };
      }
      await page.evaluate(() => (location.hash = "#schema=S250"));
      await loadSpec(
        page,
        "late.json",
        JSON.stringify({
          openapi: "3.1.0",
          info: { title: "late", version: "1" },
          paths: { "/a": { get: { responses: { 200: { description: "" } } } } },
          webhooks,
          components: { schemas },
        }),
      );
      const s250 = page.locator('[data-testid=schema-row][data-name="S250"]');
      await s250.locator("[data-testid=schema-detail]").waitFor();
      await page.waitForFunction(() =>
        document.querySelectorAll("[data-testid=webhook-row]").length === 120
      );
      const top = await s250.evaluate((el) => el.getBoundingClientRect().top);
      const height = await page.evaluate(() => innerHeight);
      assert.ok(top >= 0 && top < height, `S250 at ${top} of ${height}`);
    }),
});

Deno.test({
  name:
    "browser spec: Expand all and Collapse all pressed by keyboard keep the focus in the schema, never on the page (WCAG 2.4.3)",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/spec");
      // A chain 80 schemas deep: Expand all takes the worker a while.
      const schemas: Record<string, unknown> = {};
      for (let i = 0; i < 80; i++) {
        const properties: Record<string, unknown> = {};
        for (let j = 0; j < 10; j++) properties[`p${j}`] = { type: "string" };
        if (i < 79) {
          properties.next = { $ref: `#/components/schemas/A${i + 1}` };
        }
        schemas[`A${i}`] = { type: "object", properties };
      }
      await loadSpec(
        page,
        "chain.json",
        JSON.stringify({
          openapi: "3.0.3",
          info: { title: "Chain", version: "1" },
          paths: {
            "/a": { get: { responses: { "200": { description: "ok" } } } },
          },
          components: { schemas },
        }),
      );
      const chain = await open(page, "A0");
      await chain.locator("[role=treeitem]").first().waitFor();
      const expand = chain.locator("[data-testid=schema-expand-all]");
      await expand.focus();
      const afterExpand = await focusAfter(
        page,
        () => page.keyboard.press("Enter"),
      );
      assert.ok(!afterExpand.includes("body"), afterExpand.join());
      assert.deepEqual(afterExpand, Array(3).fill("schema-expand-all"));
      // Opened, the button is ready again and says so.
      await page.waitForFunction(() =>
        !document.querySelector(
          "[data-testid=schema-detail] [data-testid=schema-expand-all][aria-disabled=true]",
        )
      );
      const collapse = chain.getByRole("button", { name: "Collapse all" });
      await collapse.focus();
      const afterCollapse = await focusAfter(
        page,
        () => page.keyboard.press("Enter"),
      );
      assert.equal(await collapse.count(), 0, "Collapse all goes");
      // To the button that opens them again, where Collapse all was.
      assert.deepEqual(afterCollapse, Array(3).fill("schema-expand-all"));
    }),
});

Deno.test({
  name:
    "browser spec: a body's schema name beside its media type is reached by Tab and opened by Enter (no tree row to carry it)",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await pick(page, server.origin, "swagger-2.0.json");
      await page.locator("[data-testid=spec-schemas]").waitFor();
      const row =
        "[data-testid=endpoint-row][data-path='/pets/{petId}'] button.sv-row-main";
      await page.click(row);
      const op = page.locator("[data-testid=operation-detail]");
      const media = op.locator(".sv-media [data-testid=schema-ref]").first();
      await media.waitFor();
      assert.equal(await media.textContent(), "Pet");
      assert.equal(await media.getAttribute("tabindex"), "0");
      const title = await media.getAttribute("title") ?? "";
      assert.match(title, /Open schema Pet/);
      assert.doesNotMatch(title, /Shift\+Enter/, "no row to press it on here");
      // In a tree, a name stays out of the tab order: Shift+Enter on its
      // row opens it, and its title says so.
      const inTree = op.locator("[role=tree] [data-testid=schema-ref]").first();
      if (await inTree.count()) {
        assert.equal(await inTree.getAttribute("tabindex"), "-1");
        assert.match(await inTree.getAttribute("title") ?? "", /Shift\+Enter/);
      }
      // Tab from the row gets there.
      await page.focus(row);
      let reached = false;
      for (let i = 0; i < 30 && !reached; i++) {
        await page.keyboard.press("Tab");
        reached = await page.evaluate(() =>
          !!document.activeElement?.matches(
            ".sv-media [data-testid=schema-ref]",
          )
        );
      }
      assert.ok(reached, "Tab reaches the schema name");
      await page.keyboard.press("Enter");
      const pet = page.locator('[data-testid=schema-row][data-name="Pet"]');
      await pet.locator("[data-testid=schema-detail]").waitFor();
      assert.equal(
        await page.evaluate(() =>
          document.activeElement?.closest("[data-testid=schema-row]")
            ?.getAttribute("data-name")
        ),
        "Pet",
      );
    }),
});
