/**
 * What the address bar keeps, as a reader uses it: the layout's "Skip to
 * content" link leaves each tool's view as it is; in the spec viewer, each
 * operation opened is a history entry (Back returns to the one before, as
 * Swagger UI's deep links do), Swagger UI's, Redoc's and Scalar's links
 * open the operation they name, and one the document lacks is said.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { BROWSER_TEST, gotoHydrated, withPage } from "../helpers/browser.ts";
import { fixture } from "../helpers/har_browser.ts";
import { fixturePath } from "./compare_page.ts";

const SPEC = JSON.stringify({
  openapi: "3.1.0",
  info: { title: "Pets", version: "1" },
  paths: {
    "/pets": {
      get: {
        operationId: "findPets",
        tags: ["pets"],
        responses: { 200: { description: "ok" } },
      },
      post: {
        operationId: "addPet",
        tags: ["pets"],
        responses: { 201: { description: "ok" } },
      },
    },
    "/pets/{id}": {
      get: {
        operationId: "findPetById",
        tags: ["pets"],
        responses: { 200: { description: "ok" } },
      },
    },
  },
});

/** /spec at `hash` with {@link SPEC} pasted. */
async function specAt(page: Page, origin: string, hash = "") {
  await gotoHydrated(page, origin, `/spec${hash}`);
  await page.fill("[data-testid=spec-input]", SPEC);
  await page.locator("[data-testid=endpoint-row]").first().waitFor();
}

/** The open operation's row, as `method path`, or "" when none is open. */
function opened(page: Page): Promise<string> {
  return page.evaluate(() => {
    const row = document.querySelector(
      "[data-testid=endpoint-row]:has(> .sv-detail-wrap)",
    );
    return row
      ? `${row.getAttribute("data-method")} ${row.getAttribute("data-path")}`
      : "";
  });
}

async function waitOpened(page: Page, want: string) {
  await page.waitForFunction((want) => {
    const row = document.querySelector(
      "[data-testid=endpoint-row]:has(> .sv-detail-wrap)",
    );
    const got = row
      ? `${row.getAttribute("data-method")} ${row.getAttribute("data-path")}`
      : "";
    return got === want;
  }, want);
}

/** Follows the layout's skip link by keyboard (its first Tab stop). */
async function skip(page: Page) {
  await page.focus("body > a.skip");
  await page.keyboard.press("Enter");
  await page.waitForTimeout(300);
}

Deno.test({
  name:
    "url state: the skip link leaves the spec viewer's, the HAR viewer's and the compare page's view as it is",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await specAt(page, server.origin, "#filter=pets&op=get+%2Fpets");
      await waitOpened(page, "get /pets");
      await skip(page);
      assert.equal(await page.inputValue("[data-testid=spec-filter]"), "pets");
      assert.equal(await opened(page), "get /pets");
      await page.waitForFunction(() => location.hash.includes("op=get"));

      await gotoHydrated(
        page,
        server.origin,
        "/har#q=example&sort=size-desc",
      );
      await page.setInputFiles("[data-testid=har-file]", fixture("mixed.har"));
      await page.locator("[data-testid=har-row]").first().waitFor();
      await skip(page);
      assert.equal(
        await page.inputValue("[data-testid=har-search]"),
        "example",
      );
      assert.equal(
        await page.inputValue("[data-testid=har-sort]"),
        "size-desc",
      );
      await page.waitForFunction(() => location.hash.includes("q=example"));

      await gotoHydrated(
        page,
        server.origin,
        "/spec/compare#filter=pets&levels=breaking",
      );
      await page.setInputFiles(
        "[data-testid=compare-base-file]",
        fixturePath("pets-v1.yaml"),
      );
      await page.setInputFiles(
        "[data-testid=compare-revision-file]",
        fixturePath("pets-v2.yaml"),
      );
      await page.locator("[data-testid=change-row]").first().waitFor();
      await skip(page);
      assert.equal(
        await page.inputValue("[data-testid=compare-filter]"),
        "pets",
      );
      assert.equal(
        await page.getAttribute(
          "[data-testid=compare-level-warning]",
          "aria-pressed",
        ),
        "false",
      );
      await page.waitForFunction(() => location.hash.includes("filter=pets"));
    }),
});

Deno.test({
  name:
    "url state: each operation opened is a history entry, so Back returns to the one before; typing in the filter adds none",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await specAt(page, server.origin);
      const start = await page.evaluate(() => history.length);
      const click = (path: string, method: string) =>
        page.click(
          `[data-testid=endpoint-row][data-method=${method}][data-path="${path}"] button.sv-row-main`,
        );
      await click("/pets", "get");
      await page.waitForFunction(() => location.hash.includes("op=get"));
      await click("/pets/{id}", "get");
      await page.waitForFunction(() => location.hash.includes("7Bid"));
      await page.fill("[data-testid=spec-filter]", "pe");
      await page.fill("[data-testid=spec-filter]", "pet");
      await page.waitForFunction(() => location.hash.includes("filter=pet"));
      assert.equal(await page.evaluate(() => history.length), start + 2);
      await page.goBack();
      await waitOpened(page, "get /pets");
      await page.goBack();
      await waitOpened(page, "");
      await page.goForward();
      await waitOpened(page, "get /pets");
    }),
});

const PEER_LINKS: [string, string, string][] = [
  ["Swagger UI (tag, operationId)", "#/pets/findPetById", "get /pets/{id}"],
  ["Redoc", "#operation/addPet", "post /pets"],
  ["Redoc, under its tag", "#tag/pets/operation/findPets", "get /pets"],
  ["Scalar", "#tag/pets/GET/pets/%7Bid%7D", "get /pets/{id}"],
  ["ours, an upper-case method", "#op=GET+%2Fpets", "get /pets"],
  ["ours, an operationId", "#op=addPet", "post /pets"],
];

Deno.test({
  name:
    "url state: Swagger UI's, Redoc's and Scalar's deep links open the operation they name, and the address is then ours",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      for (const [name, hash, want] of PEER_LINKS) {
        await specAt(page, server.origin, hash);
        await waitOpened(page, want);
        const [method, path] = want.split(" ");
        await page.waitForFunction(
          (op) => new URLSearchParams(location.hash.slice(1)).get("op") === op,
          `${method} ${path}`,
        );
        assert.equal(
          await page.locator("[data-testid=spec-link-missing]").count(),
          0,
          name,
        );
      }
    }),
});

Deno.test({
  name:
    "url state: an operation the document does not have is said, and leaves the address",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      await specAt(page, server.origin, "#op=get+%2Fnope");
      const note = page.locator("[data-testid=spec-link-missing]");
      await note.waitFor();
      assert.match((await note.textContent())!, /does not\s+have: get \/nope/);
      await page.waitForFunction(() => !location.hash.includes("op="));
      // Opening one clears the note.
      await page.click("[data-testid=endpoint-row] button.sv-row-main");
      await note.waitFor({ state: "detached" });
    }),
});

Deno.test({
  name:
    "url state: a link opened without its file says what view it holds, and goes once the file is open",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const note = page.locator("[data-testid=linked-view-note]");
      await gotoHydrated(page, server.origin, "/har#q=js&sel=3");
      assert.match((await note.textContent())!, /search “js”, entry 3/);
      await page.setInputFiles("[data-testid=har-file]", fixture("mixed.har"));
      await note.waitFor({ state: "detached" });

      await gotoHydrated(page, server.origin, "/spec/compare#filter=pets");
      assert.match((await note.textContent())!, /filter “pets”/);
      assert.match(
        (await note.textContent())!,
        /open the two files \(base and revision\)/,
      );
      await page.setInputFiles(
        "[data-testid=compare-base-file]",
        fixturePath("pets-v1.yaml"),
      );
      await note.waitFor({ state: "detached" });

      await gotoHydrated(page, server.origin, "/spec#op=get+%2Fpets");
      assert.match((await note.textContent())!, /operation get \/pets/);
      await page.fill("[data-testid=spec-input]", SPEC);
      await note.waitFor({ state: "detached" });
      await waitOpened(page, "get /pets");
      // A plain page says nothing.
      await gotoHydrated(page, server.origin, "/har");
      assert.equal(await note.count(), 0);
    }),
});

Deno.test({
  name:
    "url state: the operation a link names is scrolled into view, on opening and when the address changes",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      const paths: Record<string, unknown> = {};
      for (let i = 0; i < 200; i++) {
        paths[`/p${String(i).padStart(3, "0")}`] = {
          get: {
            operationId: `op${i}`,
            responses: { 200: { description: "ok" } },
          },
        };
      }
      const doc = JSON.stringify({
        openapi: "3.1.0",
        info: { title: "many", version: "1" },
        paths,
      });
      const inView = (path: string) =>
        page.waitForFunction((path) => {
          const row = document.querySelector(
            `[data-testid=endpoint-row][data-path="${path}"]`,
          );
          const list = document.querySelector("[data-testid=endpoint-list]");
          if (!row || !list) return false;
          const r = row.getBoundingClientRect(),
            l = list.getBoundingClientRect();
          return r.top >= l.top - 1 && r.top < l.bottom;
        }, path);
      await gotoHydrated(page, server.origin, "/spec#op=get+%2Fp150");
      await page.fill("[data-testid=spec-input]", doc);
      await waitOpened(page, "get /p150");
      await inView("/p150");
      // Another operation named by the address (an edit, Back): shown too.
      await page.evaluate(() => location.hash = "#operation/op20");
      await waitOpened(page, "get /p020");
      await inView("/p020");
    }),
});

Deno.test({
  name:
    "url state: a HAR link's selected entry opens in its own file, is found again in a re-export, and is reported in another file",
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server }) => {
      /** The index of the entry the detail shows, once it shows one. */
      const detailIndex = async () => {
        const d = page.locator("[data-testid=har-detail][data-index]");
        await d.waitFor();
        return Number(await d.getAttribute("data-index"));
      };
      await gotoHydrated(page, server.origin, "/har");
      await page.setInputFiles("[data-testid=har-file]", fixture("mixed.har"));
      await page.locator("[data-testid=har-row][data-index='2']").click();
      await page.waitForFunction(() => /sel=2\.[0-9a-z]+/.test(location.hash));
      const link = await page.evaluate(() => location.hash);
      assert.equal(await detailIndex(), 2);
      const doc = JSON.parse(await Deno.readTextFile(fixture("mixed.har")));
      const url = doc.log.entries[2].request.url;
      /** A new page at the link (not a jump within the one shown). */
      const openLink = async () => {
        await page.goto("about:blank");
        await gotoHydrated(page, server.origin, `/har${link}`);
      };

      // The same file, from the link: that entry.
      await openLink();
      await page.setInputFiles("[data-testid=har-file]", fixture("mixed.har"));
      assert.equal(await detailIndex(), 2);

      // The same requests exported in reverse order: found by its key.
      doc.log.entries.reverse();
      await openLink();
      await page.setInputFiles("[data-testid=har-file]", {
        name: "reversed.har",
        mimeType: "application/json",
        buffer: Buffer.from(JSON.stringify(doc)),
      });
      const moved = doc.log.entries.length - 3;
      assert.equal(await detailIndex(), moved);
      assert.equal(doc.log.entries[moved].request.url, url);
      await page.waitForFunction(
        (n) => location.hash.includes(`sel=${n}.`),
        moved,
      );

      // Another file: no entry opens, and the page says why.
      doc.log.entries = doc.log.entries.filter((
        e: { request: { url: string } },
      ) => e.request.url !== url);
      await openLink();
      await page.setInputFiles("[data-testid=har-file]", {
        name: "other.har",
        mimeType: "application/json",
        buffer: Buffer.from(JSON.stringify(doc)),
      });
      const note = page.locator("[data-testid=har-link-missing]");
      await note.waitFor();
      assert.match((await note.textContent())!, /entry 2 of the file/);
      assert.equal(await page.locator("[data-testid=har-detail]").count(), 0);
      // The link's selection waits in the address: its own file, picked
      // next, opens the entry.
      assert.equal(await page.evaluate(() => location.hash), link);
      await page.setInputFiles("[data-testid=har-file]", fixture("mixed.har"));
      assert.equal(await detailIndex(), 2);
      await note.waitFor({ state: "detached" });
    }),
});
