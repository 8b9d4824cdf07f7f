/**
 * One Chromium trace of a page while a step runs, read into its events:
 * the speed tests count tasks, frames and layouts from it, where CPU time
 * holds on a loaded machine and wall time does not.
 */
import type { Browser, Page } from "playwright-core";

/** The fields of a trace event the tests read (Chrome's Trace Event Format). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  // deno-lint-ignore no-explicit-any
  args?: Record<string, any>;
}

/**
 * Traces `page` under `categories` while `fn` runs and answers the trace's
 * events (stopped even when `fn` throws, so the next trace can start).
 */
export async function traceEvents(
  browser: Browser,
  page: Page,
  categories: string[],
  fn: () => Promise<unknown>,
): Promise<TraceEvent[]> {
  await browser.startTracing(page, { categories });
  let buf: Uint8Array;
  try {
    await fn();
  } finally {
    buf = await browser.stopTracing();
  }
  const parsed = JSON.parse(new TextDecoder().decode(buf));
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

/** The page's main-thread tasks while something ran, from a Chromium trace. */
export interface MainTasks {
  /** The longest task, wall-clock ms (what the Long Tasks API reports). */
  wallMax: number;
  /**
   * The longest task in CPU time of the page's thread, ms: what our code
   * costs, without the time a loaded machine left the thread waiting for
   * a core (on a shared two-core runner, wall time can be 5x this).
   */
  cpuMax: number;
  /** Tasks of 50 ms and over, wall-clock. */
  over50: number;
  /** CPU time of every task of the page's thread, ms. */
  mainCpu: number;
  /** CPU time of every task of the page's Web Workers, ms. */
  workerCpu: number;
}

/**
 * Runs `fn` under a Chromium trace of `page` and sums up the renderer's
 * main-thread tasks (`RunTask` events, with their thread time).
 */
export async function mainTasks(
  browser: Browser,
  page: Page,
  fn: () => Promise<void>,
): Promise<MainTasks> {
  const events = await traceEvents(browser, page, [
    "disabled-by-default-devtools.timeline",
  ], fn);
  const threads = (name: (n: string) => boolean) =>
    new Set(
      events.filter((e) =>
        e.ph === "M" && e.name === "thread_name" && name(e.args?.name ?? "")
      ).map((e) => `${e.pid}:${e.tid}`),
    );
  const main = threads((n) => n === "CrRendererMain");
  const workers = threads((n) => n.startsWith("DedicatedWorker"));
  const runs = events.filter((e) => e.name === "RunTask" && e.ph === "X");
  const tasks = runs.filter((e) => main.has(`${e.pid}:${e.tid}`));
  const ms = (us: number | undefined) => (us ?? 0) / 1000;
  const cpu = (list: typeof runs) =>
    list.reduce((sum, t) => sum + ms(t.tdur), 0);
  return {
    wallMax: Math.max(0, ...tasks.map((t) => ms(t.dur))),
    cpuMax: Math.max(0, ...tasks.map((t) => ms(t.tdur))),
    over50: tasks.filter((t) => ms(t.dur) >= 50).length,
    mainCpu: cpu(tasks),
    workerCpu: cpu(runs.filter((e) => workers.has(`${e.pid}:${e.tid}`))),
  };
}
