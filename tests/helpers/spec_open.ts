/**
 * Opening an operation of `/spec` and timing it, the same way in the browser
 * tests and the spec benchmark: from the click to the first frame painted
 * with its detail, then (asked for) until every tree has filled in, with the
 * longest task meanwhile.
 */
import { Buffer } from "node:buffer";
import type { Browser, Page } from "playwright-core";
import { traceEvents } from "./trace.ts";
import {
  type BrowserContext,
  gotoHydrated,
  withPage,
  type WithPageOptions,
} from "./browser.ts";
import { KEY as SESSION_KEY } from "../../islands/openapi/session.ts";

/**
 * Runs `fn` on /spec as a load shows it, on the page the last test of the
 * file left there when that can be set back in place (withPage's `keep`):
 * a load of /spec costs Chromium about 0.5 s of CPU, more than most of the
 * spec tests' own work. The page is set back as a person would (Clear,
 * then the paste box emptied, which also takes Clear's "Cleared." away),
 * with its storage, fragment, scroll and focus; it is loaded again when
 * its document's markup then differs from the one its load showed, or it is
 * not on /spec. The worker stays, its document dropped by Clear: a test
 * that times a first parse, counts workers or lays out a first frame
 * loads its own page (withPage and gotoHydrated).
 */
export function withSpec(
  fn: (ctx: BrowserContext) => Promise<void>,
  opts: WithPageOptions = {},
): Promise<void> {
  return withPage(async (ctx) => {
    await openSpec(ctx);
    await fn(ctx);
  }, { ...opts, keep: "spec" });
}

/** The document's markup as /spec loaded, kept in the page (see withSpec). */
interface Loaded {
  __specLoaded?: string;
}

/** Sets the kept /spec page back, or loads /spec. */
async function openSpec({ page, server }: BrowserContext): Promise<void> {
  const here = page.url().startsWith(server.origin + "/spec");
  if (here && await page.$("[data-testid=spec-clear]")) {
    await page.evaluate(() => {
      document.querySelector<HTMLElement>("[data-testid=spec-clear]")!
        .click();
      // An emptied paste box says nothing, where Clear says "Cleared.".
      document.querySelector("[data-testid=spec-input]")!
        .dispatchEvent(new Event("input", { bubbles: true }));
    });
    const same = await page.evaluate(async () => {
      sessionStorage.clear();
      localStorage.clear();
      history.replaceState(null, "", location.pathname);
      scrollTo(0, 0);
      (document.activeElement as HTMLElement | null)?.blur();
      for (let i = 0; i < 2; i++) {
        await new Promise((r) => requestAnimationFrame(r));
      }
      return document.documentElement.outerHTML ===
        (globalThis as unknown as Loaded).__specLoaded;
    });
    if (same) return;
  }
  if (here) {
    await page.evaluate(() => {
      sessionStorage.clear();
      localStorage.clear();
    });
  }
  await gotoHydrated(page, server.origin, "/spec");
  await page.evaluate(() => {
    (globalThis as unknown as Loaded).__specLoaded =
      document.documentElement.outerHTML;
  });
}

/**
 * Waits until the spec shown is stored for a reload: the viewer stores it
 * in idle time (islands/openapi/session.ts), and a reload before that
 * shows the empty page, which a loaded machine makes likely.
 */
export async function specStored(page: Page): Promise<void> {
  await page.waitForFunction(
    (key) => sessionStorage.getItem(`${key}.n`) !== null,
    SESSION_KEY,
    { timeout: 30_000 },
  );
}

/**
 * Waits until the spec viewer is done with the file it shows: not busy,
 * and its slower checks in. Their warnings (or their "Checking
 * references…" note going) come after the first rows and move what is
 * below them: a row clicked by position, or a page audited, meanwhile met
 * a page changing under it.
 */
export async function specSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    !document.querySelector(".sv[data-busy], .sv-checking") &&
    !/still checking/.test(
      document.querySelector("[data-testid=spec-warnings] summary")
        ?.textContent ?? "",
    )
  );
}

/**
 * Picks `text` as file `name` (the filter cleared first) and waits for
 * the list of that file, its checks in ({@link specSettled}).
 */
export async function loadSpec(page: Page, name: string, text: string) {
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
  await specSettled(page);
}

/** Filters the list to `method path`; the selector of its row's button. */
export async function findRow(
  page: Page,
  method: string,
  path: string,
): Promise<string> {
  await page.fill("[data-testid=spec-filter]", `${method} ${path}`);
  const row = `[data-testid=endpoint-row][data-method="${method}"][data-path=${
    JSON.stringify(path)
  }] .sv-row-main`;
  await page.waitForSelector(row);
  return row;
}

/** What {@link openTimed} measured (milliseconds from the click). */
export interface OpenTiming {
  /** To the first frame painted with the detail. */
  ms: number;
  /** Tree rows and properties that frame shows. */
  firstRows: number;
  firstProps: number;
  /** To the frame with every tree filled in (`ms` again unless settled). */
  settledMs: number;
  /** Tree rows then. */
  rows: number;
  /** The longest task from the click to the end. */
  longest: number;
}

/**
 * Clicks the row button `sel` and times its detail; with `settle`, also
 * waits for every tree to fill in (none `aria-busy`). `console.timeStamp`
 * marks the click and the end ("wb-click", "wb-opened") for
 * {@link tracedTasks}.
 */
export function openTimed(
  page: Page,
  sel: string,
  { settle = false } = {},
): Promise<OpenTiming> {
  return page.evaluate(async ([sel, settle]) => {
    const tasks: number[] = [];
    const obs = new PerformanceObserver((l) => {
      for (const e of l.getEntries()) tasks.push(e.duration);
    });
    obs.observe({ type: "longtask" });
    const frameUntil = (done: () => boolean) =>
      new Promise<void>((resolve) => {
        const tick = () => done() ? resolve() : requestAnimationFrame(tick);
        requestAnimationFrame(tick);
      });
    const count = (s: string) => document.querySelectorAll(s).length;
    const t0 = performance.now();
    console.timeStamp("wb-click");
    document.querySelector<HTMLElement>(sel)!.click();
    await frameUntil(() =>
      !!document.querySelector("[data-testid=operation-detail]")
    );
    const firstRows = count("[role=treeitem]");
    const firstProps = count("[data-testid=schema-prop]");
    // The frame after the one that found it has painted it.
    await new Promise((r) => requestAnimationFrame(r));
    const ms = performance.now() - t0;
    if (settle) {
      await frameUntil(() =>
        !document.querySelector(
          "[data-testid=operation-detail] [aria-busy=true]",
        )
      );
    }
    const settledMs = settle ? performance.now() - t0 : ms;
    const rows = count("[role=treeitem]");
    await new Promise((r) => setTimeout(r, 50));
    console.timeStamp("wb-opened");
    obs.disconnect();
    return {
      ms,
      firstRows,
      firstProps,
      settledMs,
      rows,
      longest: Math.max(0, ...tasks),
    };
  }, [sel, settle] as const);
}

/** What {@link pickTimed} measured (milliseconds from the file pick). */
export interface PickTiming {
  /** To the end of the first frame rendered with `shown` in the page. */
  ms: number;
  /** The longest task (50 ms and over: the Long Tasks API) until then. */
  longest: number;
  /** The longest task until `settleMs` after that frame. */
  longestSettled: number;
}

/**
 * Picks `text` as file `name` (or a file on disk, given its path) in the
 * page's `input[type=file]` (`input`) and times it from the input's `change` event to the end of the first
 * frame rendered with an element matching `shown` (the rAF callback of
 * that frame posts a user-blocking task, which runs once the frame's style,
 * layout and paint are done), with the longest task meanwhile and until
 * `settleMs` later. The same for our list's first row and for another viewer's first
 * operation, so the two compare. `console.timeStamp` marks the pick, the
 * frame and the end of the settling time ("wb-pick", "wb-shown",
 * "wb-settled") for {@link tracedTasks}.
 */
export async function pickTimed(
  page: Page,
  file: { name: string; text: string } | string,
  { input = "[data-testid=spec-file]", shown, settleMs = 0 }: {
    input?: string;
    shown: string;
    settleMs?: number;
  },
): Promise<PickTiming> {
  await page.evaluate(([input, shown, settleMs]) => {
    const w = globalThis as unknown as { __pick: Promise<unknown> };
    w.__pick = new Promise((done) => {
      const tasks: { start: number; end: number }[] = [];
      const obs = new PerformanceObserver((l) => {
        for (const e of l.getEntries()) {
          tasks.push({ start: e.startTime, end: e.startTime + e.duration });
        }
      });
      obs.observe({ type: "longtask" });
      let t0 = -1;
      document.querySelector(input)!.addEventListener("change", () => {
        t0 = performance.now();
        console.timeStamp("wb-pick");
      }, { capture: true, once: true });
      const longest = (from: number, to: number) =>
        Math.max(
          0,
          ...tasks.filter((t) => t.end > from && t.start < to).map((t) =>
            t.end - t.start
          ),
        );
      const mo = new MutationObserver(() => {
        if (t0 < 0 || !document.querySelector(shown)) return;
        mo.disconnect();
        requestAnimationFrame(() => {
          // Runs once this frame's style, layout and paint are done: a
          // user-blocking task where Chromium has them (ahead of tasks
          // already queued), else a message.
          const after = (f: () => void) => {
            const s = (globalThis as unknown as {
              scheduler?: {
                postTask(f: () => void, o: { priority: string }): unknown;
              };
            }).scheduler;
            if (s) s.postTask(f, { priority: "user-blocking" });
            else {
              const ch = new MessageChannel();
              ch.port1.onmessage = f;
              ch.port2.postMessage(0);
            }
          };
          after(() => {
            const t1 = performance.now();
            console.timeStamp("wb-shown");
            setTimeout(() => {
              console.timeStamp("wb-settled");
              obs.disconnect();
              done({
                ms: t1 - t0,
                longest: longest(t0, t1),
                longestSettled: longest(t0, Infinity),
              });
            }, settleMs + 60);
          });
        });
      });
      mo.observe(document.body, { childList: true, subtree: true });
    });
  }, [input, shown, settleMs] as const);
  // A file on disk, as a person picks one: Chromium reads it when the page
  // asks, which may be after `setInputFiles` returns, so it stays until the
  // page has shown it. (A buffer would be decoded from base64 by a script
  // in the page, in the very task that fires `change`: a second-long task
  // of the harness's own, counted as the page's.)
  if (typeof file === "string") {
    await page.setInputFiles(input, file);
    // Bounded: a page that never shows `shown` fails with what it shows.
    return await shownIn(page, shown);
  }
  const dir = await Deno.makeTempDir({ prefix: "wb-pick-" });
  const path = `${dir}/${file.name}`;
  await Deno.writeTextFile(path, file.text);
  try {
    await page.setInputFiles(input, path);
    return await shownIn(page, shown);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** What {@link pickTimed} armed, once `shown` is shown (60 s at most). */
function shownIn(page: Page, shown: string): Promise<PickTiming> {
  return page.evaluate(([shown]) =>
    Promise.race([
      (globalThis as unknown as { __pick: Promise<PickTiming> }).__pick,
      new Promise<never>((_, reject) =>
        setTimeout(() =>
          reject(
            new Error(
              `no ${shown} after 60 s: ${
                document.body.innerText.slice(0, 300)
              }`,
            ),
          ), 60_000)
      ),
    ]), [shown] as const);
}

/** A task of a page's main thread, from a Chromium trace (milliseconds). */
export interface MainTask {
  /** Start, from the trace's clock origin. */
  start: number;
  /** Wall time. */
  wall: number;
  /**
   * CPU time of the thread: what a loaded machine does not inflate (a task
   * waiting for a core counts in `wall` only).
   */
  cpu: number;
}

/** What {@link tracedTasks} read from the trace. */
export interface Traced {
  /** The main thread's tasks, in order. */
  tasks: MainTask[];
  /** `console.timeStamp` marks by message: their times on the same clock. */
  marks: Map<string, number[]>;
}

/**
 * Runs `fn` under a Chromium trace of `page`: the tasks of the page's main
 * thread (the thread that wrote the first `console.timeStamp` mark, so run
 * one) and the marks.
 */
export async function tracedTasks(
  browser: Browser,
  page: Page,
  fn: () => Promise<unknown>,
): Promise<Traced> {
  const events = await traceEvents(browser, page, [
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
  ], fn);
  const stamps = events.filter((e) => e.name === "TimeStamp");
  const marks = new Map<string, number[]>();
  for (const e of stamps) {
    const m = e.args?.data?.message ?? "";
    marks.set(m, [...(marks.get(m) ?? []), e.ts / 1000]);
  }
  const main = stamps[0];
  const tasks = events.filter((e) =>
    main && e.name === "RunTask" && e.ph === "X" && e.pid === main.pid &&
    e.tid === main.tid
  ).map((e) => ({
    start: e.ts / 1000,
    wall: (e.dur ?? 0) / 1000,
    cpu: (e.tdur ?? 0) / 1000,
  })).sort((a, b) => a.start - b.start);
  return { tasks, marks };
}

/** The longest of `tasks` overlapping `[from, to]` (0 when none). */
export function longestIn(
  tasks: MainTask[],
  from: number,
  to: number,
  by: "wall" | "cpu" = "cpu",
): number {
  let out = 0;
  for (const t of tasks) {
    if (t.start < to && t.start + t.wall > from) out = Math.max(out, t[by]);
  }
  return out;
}

/**
 * The CPU time of a warm `JSON.parse` of `text` on `page`'s main thread
 * (the least of five): the unit the speed tests bound tasks in, measured
 * in the same page and run, so a loaded machine slows both.
 */
export async function parseCpu(
  browser: Parameters<typeof tracedTasks>[0],
  page: Page,
  text: string,
): Promise<number> {
  // The text crosses once: an argument is decoded in the task it runs in.
  await page.evaluate((t) => {
    (globalThis as unknown as { __text: string }).__text = t;
    JSON.parse(t); // warm
  }, text);
  const { tasks, marks } = await tracedTasks(browser, page, async () => {
    for (let i = 0; i < 5; i++) {
      await page.evaluate(() => {
        console.timeStamp("wb-parse");
        JSON.parse((globalThis as unknown as { __text: string }).__text);
      });
    }
  });
  const at = marks.get("wb-parse") ?? [];
  if (at.length !== 5) throw new Error(`${at.length} of 5 parses traced`);
  return Math.min(...at.map((t) => longestIn(tasks, t, t)));
}
