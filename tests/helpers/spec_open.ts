/**
 * Opening an operation of `/spec` and timing it, the same way in the browser
 * tests and the spec benchmark: from the click to the first frame painted
 * with its detail, then (asked for) until every tree has filled in, with the
 * longest task meanwhile.
 */
import type { Page } from "playwright-core";

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
 * waits for every tree to fill in (none `aria-busy`).
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
