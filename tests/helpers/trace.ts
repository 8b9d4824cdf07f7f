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
