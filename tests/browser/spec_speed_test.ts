/**
 * The page's main thread while Stripe's 3 MB spec is picked and its largest
 * operation opened: no task may be long next to the parse itself. Bounded
 * as a ratio of CPU times read from a Chromium trace (every task's thread
 * time, and a warm `JSON.parse` of the same text in the same page), so a
 * loaded machine, which stretches wall times, neither flakes nor hides it.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { BROWSER_TEST, gotoHydrated, withPage } from "../helpers/browser.ts";
import { corpusDir, SKIPPED } from "../helpers/corpus.ts";
import { bigSpec } from "../fixtures/openapi/generate.ts";
import { FIRST_SLICE } from "../../islands/shared/use_slices.ts";
import { type TraceEvent, traceEvents } from "../helpers/trace.ts";
import {
  findRow,
  longestIn,
  openTimed,
  parseCpu,
  pickTimed,
  tracedTasks,
} from "../helpers/spec_open.ts";

const SPECS = corpusDir("specs");

/**
 * The longest task allowed, in warm `JSON.parse`s of the same text. On a
 * quiet machine the list's first frame and the first open take about 2.4
 * (the 50 ms budget is about 5 of Stripe's, 9.5 ms of CPU here), but CPU
 * times stretch too when CI's two cores are shared by four test files
 * (4.6 was seen), so the bound is twice the budget: it still catches the
 * regressions seen before (reading the file on the page's thread and
 * storing the spec in the same task made the load's longest task 18.6
 * parses, the open's 4.3 before the detail was asked ahead). The budget
 * itself is measured by `deno task bench spec`.
 */
const MAX_PARSES = 10;

/** The longest tasks of one pick and open, in ms of CPU and in parses. */
interface Attempt {
  parse: number;
  loading: number;
  opening: number;
}

/** Stripe picked and its charge opened in `page`, every task traced. */
async function attempt(
  { page, server, browser }: Parameters<Parameters<typeof withPage>[0]>[0],
  text: string,
): Promise<Attempt> {
  await gotoHydrated(page, server.origin, "/spec");
  // The pointer on the file button starts the worker ahead of need, as a
  // person's does before the dialog opens.
  await page.hover(".sv-file-button");
  await page.waitForTimeout(500);
  const load = await tracedTasks(
    browser,
    page,
    () =>
      pickTimed(page, { name: "stripe-spec3.json", text }, {
        shown: "[data-testid=endpoint-row]",
        settleMs: 500,
      }),
  );
  const row = await findRow(page, "post", "/v1/charges");
  const open = await tracedTasks(
    browser,
    page,
    () => openTimed(page, row, { settle: true }),
  );
  const parse = await parseCpu(browser, page, text);
  const mark = (t: typeof load, m: string) => t.marks.get(m)?.[0] ?? NaN;
  // From the pick to half a second after the first row showed (the
  // checks' warnings, the detail asked ahead, the session store).
  const loading = longestIn(
    load.tasks,
    mark(load, "wb-pick"),
    mark(load, "wb-settled"),
  );
  const opening = longestIn(
    open.tasks,
    mark(open, "wb-click"),
    mark(open, "wb-opened"),
  );
  console.log(
    `JSON.parse ${parse.toFixed(1)} ms of CPU; longest task ${
      loading.toFixed(1)
    } ms loading (${(loading / parse).toFixed(1)} parses), ${
      opening.toFixed(1)
    } ms opening (${(opening / parse).toFixed(1)})`,
  );
  assert.ok(parse > 0, "the parse was traced");
  return { parse, loading, opening };
}

/**
 * Whether `a` keeps both tasks within the bound. Thread times inside this
 * virtual machine include time the host gave to other machines, so one
 * attempt over the bound is taken again in a fresh page: a regression
 * fails both (the ones above were 18.6 and 4.3 parses every time), a burst
 * of load on the host rarely hits two.
 */
const within = (a: Attempt) =>
  a.loading <= MAX_PARSES * a.parse && a.opening <= MAX_PARSES * a.parse;

Deno.test({
  name:
    "spec speed: Stripe picked, and POST /v1/charges opened, with no main-thread task long next to a JSON.parse of the spec" +
    (SPECS ? "" : SKIPPED),
  ignore: !SPECS,
  ...BROWSER_TEST,
  fn: async () => {
    const text = Deno.readTextFileSync(SPECS + "stripe-spec3.json");
    let a: Attempt | undefined;
    for (let i = 0; i < 2 && !(a && within(a)); i++) {
      await withPage(async (ctx) => {
        a = await attempt(ctx, text);
      });
    }
    const { parse, loading, opening } = a!;
    assert.ok(
      loading <= MAX_PARSES * parse,
      `loading: a ${loading.toFixed(1)} ms task, ${
        (loading / parse).toFixed(1)
      } parses`,
    );
    assert.ok(
      opening <= MAX_PARSES * parse,
      `opening: a ${opening.toFixed(1)} ms task, ${
        (opening / parse).toFixed(1)
      } parses`,
    );
  },
});

Deno.test({
  name:
    "spec speed: a picked file's first frame has the list's rows in the window and not the others it renders, which follow once it is painted, with no layout forced by a script meanwhile",
  ...BROWSER_TEST,
  fn: async () => {
    await withPage(async ({ page, server, browser }) => {
      await gotoHydrated(page, server.origin, "/spec");
      // A window taller than the rows the first frame starts with (half
      // of it, and the lists' first size, 640 px, until measured) below the
      // header: the rows it shows come in that frame.
      await page.setViewportSize({ width: 1280, height: 1600 });
      // Counted in the frame that paints the file's first rows (a file's
      // first rows carry no §4 hook: by their class), once that frame has
      // laid them out: an observer made after the list's answers after
      // the list's own, which adds the rows in view the first frame lacks.
      await page.evaluate(() => {
        const w = globalThis as unknown as { __first: Promise<unknown> };
        const ROW = "#sv-endpoints .sv-row";
        w.__first = new Promise((done) => {
          const mo = new MutationObserver(() => {
            const list = document.querySelector<HTMLElement>(".sv-list");
            if (!list || !document.querySelector(ROW)) return;
            mo.disconnect();
            const ro = new ResizeObserver(() => {
              ro.disconnect();
              // The first rows' frame, laid out, not yet painted: where
              // the layouts forced by scripts are looked for up to.
              console.timeStamp("wb-first-frame");
              const rows = [...document.querySelectorAll<HTMLElement>(ROW)];
              const box = list.getBoundingClientRect();
              const bottom = Math.min(innerHeight, box.bottom);
              const top0 = rows[0].getBoundingClientRect().top;
              const pitch = rows[1].getBoundingClientRect().top - top0;
              done({
                rows: rows.length,
                // Every row that starts above the window's (or the box's)
                // bottom is there.
                inView: rows.filter((r) =>
                  r.getBoundingClientRect().top < bottom
                ).length,
                // From the rows' own pitch and place (their height is
                // fractional: offsetHeight rounded it, one row short in a
                // 1600 px window).
                wanted: Math.ceil((bottom - top0) / pitch),
                half: Math.ceil(innerHeight / 2 / pitch),
                elements: document.querySelectorAll(".sv *").length,
              });
            });
            ro.observe(list);
          });
          mo.observe(document.body, { childList: true, subtree: true });
        });
      });
      const events = await traceEvents(
        browser,
        page,
        [
          "devtools.timeline",
          "disabled-by-default-devtools.timeline",
          "disabled-by-default-devtools.timeline.stack",
        ],
        () =>
          pickTimed(page, { name: "big.json", text: bigSpec(600) }, {
            shown: "#sv-endpoints .sv-row",
          }),
      );
      // No layout forced by a script from the pick to the first row's
      // frame: the frame lays the page out once, after the script.
      assert.deepEqual(forcedLayouts(events), [], "layouts inside scripts");
      const first = await page.evaluate(() =>
        (globalThis as unknown as {
          __first: Promise<
            {
              rows: number;
              inView: number;
              wanted: number;
              half: number;
              elements: number;
            }
          >;
        }).__first
      );
      assert.equal(first.inView, first.wanted, JSON.stringify(first));
      assert.ok(
        first.rows <= Math.max(first.wanted, first.half),
        `first frame: ${JSON.stringify(first)}`,
      );
      // The rest (the top rows kept for find-in-page) once it is painted.
      await page.waitForFunction(() =>
        document.querySelectorAll("[data-testid=endpoint-row]").length >=
          20
      );
    });
  },
});

/**
 * The layouts our scripts forced between the trace's "wb-pick" and
 * "wb-first-frame" marks (a `Layout` whose stack names one of the page's
 * bundles; the test's own evaluated code has no URL), as `function bundle@ms`:
 * a frame's own layout runs after its scripts, with no stack. Not up to
 * "wb-shown", posted after the paint: on a loaded machine the list's own
 * after-paint work (which may measure) ran before it.
 */
function forcedLayouts(events: TraceEvent[]): string[] {
  const mark = (m: string) =>
    events.find((e) => e.name === "TimeStamp" && e.args?.data?.message === m)
      ?.ts ?? NaN;
  const from = mark("wb-pick"), to = mark("wb-first-frame");
  assert.ok(from < to, "the pick and the first rows' frame are marked");
  return events.filter((e) => e.name === "Layout" && e.ts >= from && e.ts <= to)
    .flatMap((l) => {
      const stack: { functionName: string; url: string }[] =
        l.args?.beginData?.stackTrace ?? [];
      const ours = stack.find((f) => f.url);
      return ours
        ? [
          `${ours.functionName || "?"} ${ours.url.split("/").pop()}@${
            ((l.ts - from) / 1000).toFixed(1)
          }`,
        ]
        : [];
    });
}

/**
 * How many elements `selector` finds in the frame that paints the first of
 * them, while `pick` loads a document: what a slice renders at once.
 */
async function rowsInFirstFrame(
  page: Page,
  selector: string,
  pick: () => Promise<unknown>,
): Promise<number> {
  await page.evaluate((sel) => {
    const w = globalThis as unknown as { __first: Promise<number> };
    w.__first = new Promise((done) => {
      const mo = new MutationObserver(() => {
        if (!document.querySelector(sel)) return;
        mo.disconnect();
        requestAnimationFrame(() =>
          done(document.querySelectorAll(sel).length)
        );
      });
      mo.observe(document.body, { childList: true, subtree: true });
    });
  }, selector);
  await pick();
  return await page.evaluate(() =>
    (globalThis as unknown as { __first: Promise<number> }).__first
  );
}

Deno.test({
  name:
    "spec speed: the whole parse's frame lays out the first named schemas, not 200; the others follow once it is painted, and a link to one not rendered yet opens it",
  ...BROWSER_TEST,
  fn: async () => {
    const text = bigSpec(600); // 200 named schemas, R0000 to R0199
    await withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/spec");
      // Counted in the frame that paints the first schema row.
      const first = await rowsInFirstFrame(
        page,
        "[data-testid=schema-row]",
        () =>
          pickTimed(page, { name: "big.json", text }, {
            shown: "[data-testid=endpoint-row]",
          }),
      );
      assert.equal(first, FIRST_SLICE, "schema rows in the first frame");
      // Every row the list shows, in the end (find-in-page sees them).
      await page.waitForFunction(() =>
        document.querySelectorAll("[data-testid=schema-row]").length === 200
      );
      // A link to the 151st opens it where it is listed, with no filter set.
      await gotoHydrated(page, server.origin, "/spec#schema=R0150");
      await pickTimed(page, { name: "big.json", text }, {
        shown: "[data-testid=endpoint-row]",
      });
      await page.locator(
        '[data-testid=schema-row][data-name="R0150"] [data-testid=schema-detail]',
      ).waitFor();
      assert.equal(
        await page.locator("[data-testid=schema-filter]").inputValue(),
        "",
      );
      await page.waitForFunction(() =>
        document.querySelectorAll("[data-testid=schema-row]").length === 200
      );
    });
  },
});

/** A 3.1 document of one endpoint and `n` webhooks, `/hook0000` on. */
function webhookSpec(n: number): string {
  const webhooks: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    const id = String(i).padStart(4, "0");
    webhooks[`/hook${id}`] = {
      post: {
        summary: `Hook ${id}`,
        operationId: `hook${id}`,
        responses: { "200": { description: "OK" } },
      },
    };
  }
  return JSON.stringify({
    openapi: "3.1.0",
    info: { title: "Hooks", version: "1" },
    paths: {
      "/start": {
        get: {
          responses: {
            "200": {
              description: "OK",
              // A link to a webhook far down its list.
              links: { later: { operationId: "hook0450" } },
            },
          },
        },
      },
    },
    webhooks,
  });
}

Deno.test({
  name:
    "spec speed: the frame that shows 500 webhooks lays out the first of them, not 500; the others follow once it is painted",
  ...BROWSER_TEST,
  fn: async () => {
    await withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/spec");
      // Counted in the frame that paints the first webhook row.
      const first = await rowsInFirstFrame(
        page,
        "[data-testid=webhook-row]",
        () =>
          pickTimed(page, { name: "hooks.json", text: webhookSpec(500) }, {
            shown: "[data-testid=endpoint-row]",
          }),
      );
      assert.equal(first, FIRST_SLICE, "webhook rows in the first frame");
      // The section's count is the document's from the first frame on.
      assert.equal(
        await page.locator("[data-testid=spec-webhooks]").getAttribute(
          "data-count",
        ),
        "500",
      );
      // Every row, in the end, the last one last.
      await page.waitForFunction(() =>
        document.querySelectorAll("[data-testid=webhook-row]").length === 500
      );
      assert.equal(
        await page.locator("[data-testid=webhook-row]").last().getAttribute(
          "data-name",
        ),
        "/hook0499",
      );
    });
  },
});

Deno.test({
  name:
    "spec speed: a link to a webhook its list has not rendered yet renders it at once and opens it",
  ...BROWSER_TEST,
  fn: async () => {
    await withPage(async ({ page, server }) => {
      await gotoHydrated(page, server.origin, "/spec");
      // The page's frames callbacks held, so the list stays at its first
      // slice until the link is followed (the test's own waits run apart).
      await page.evaluate(() => {
        const w = globalThis as unknown as {
          requestAnimationFrame: (f: FrameRequestCallback) => number;
        };
        w.requestAnimationFrame = () => 0;
      });
      await page.setInputFiles("[data-testid=spec-file]", {
        name: "hooks.json",
        mimeType: "application/octet-stream",
        buffer: Buffer.from(webhookSpec(500)),
      });
      await page.locator("[data-testid=endpoint-row] .sv-row-main").click();
      const link = page.locator("[data-testid=link-target]", {
        hasText: "hook0450",
      });
      await link.waitFor();
      assert.equal(
        await page.locator("[data-testid=webhook-row]").count(),
        FIRST_SLICE,
        "rows before the link is followed",
      );
      await link.click();
      await page.waitForFunction(() => {
        const d = document.querySelector(
          '[data-testid=webhook-row][data-name="/hook0450"] details',
        ) as HTMLDetailsElement | null;
        return d?.open && document.activeElement === d.querySelector("summary");
      });
      // The fragment stays the viewer's state, no anchor in it.
      assert.doesNotMatch(await page.evaluate(() => location.hash), /sv-/);
    });
  },
});
