/**
 * The Chromium half of the HAR benchmark: opens /har, picks a file, and
 * measures first rows, long main-thread tasks, and list updates in the page
 * (from the input event to the DOM commit, by MutationObserver).
 */
import type { Browser } from "playwright-core";

/** What the page measured. */
export interface PageBench {
  firstRowsMs: number;
  inPageMs: number;
  longestTaskMs: number;
  longTasks: number;
  updates: Record<string, number[]>;
}

declare global {
  var __bench: { tasks: number[]; picked: number; rows: number };
}

/** Runs the page measurements with `file` (a path) against `origin`. */
export async function runPageBench(
  browser: Browser,
  origin: string,
  file: string,
): Promise<PageBench> {
  const page = await browser.newPage({
    viewport: { width: 1400, height: 900 },
  });
  await page.goto(`${origin}/har`);
  await page.waitForSelector("[data-island=HarViewer][data-hydrated=true]");
  await page.evaluate(() => {
    const b = globalThis.__bench = {
      tasks: [] as number[],
      picked: 0,
      rows: 0,
    };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) b.tasks.push(e.duration);
    }).observe({ type: "longtask", buffered: false });
    document.querySelector("[data-testid=har-file]")!.addEventListener(
      "change",
      () => (b.picked = performance.now()),
      { capture: true },
    );
    const mo = new MutationObserver(() => {
      if (!b.rows && document.querySelector("[data-testid=har-row]")) {
        b.rows = performance.now();
        mo.disconnect();
      }
    });
    mo.observe(document.body, { childList: true, subtree: true });
  });
  const t0 = performance.now();
  await page.setInputFiles("[data-testid=har-file]", file);
  await page.waitForSelector("[data-testid=har-row]", { timeout: 300_000 });
  const firstRowsMs = performance.now() - t0;
  await page.waitForTimeout(500); // let the last tasks land in the observer
  const load = await page.evaluate(() => ({ ...globalThis.__bench }));

  const updates: Record<string, number[]> = {};
  const steps: [string, string][] = [
    ["search update", "search:cdn1"],
    ["search cleared", "search:"],
    ["sort duration-desc", "sort:duration-desc"],
    ["sort start", "sort:start"],
    ["type chip on", "chip:image"],
    ["type chip off", "chip:image"],
  ];
  for (let r = 0; r < 5; r++) {
    for (const [name, step] of steps) {
      const ms = await page.evaluate(async (step: string) => {
        const [kind, arg] = step.split(":");
        const list = document.querySelector("[data-testid=har-list]")!;
        const done = new Promise<number>((resolve) => {
          const t = performance.now();
          const mo = new MutationObserver(() => {
            mo.disconnect();
            resolve(performance.now() - t);
          });
          mo.observe(list, {
            attributes: true,
            childList: true,
            subtree: true,
          });
          if (kind === "search") {
            const input = document.querySelector<HTMLInputElement>(
              "[data-testid=har-search]",
            )!;
            input.value = arg;
            input.dispatchEvent(new Event("input", { bubbles: true }));
          } else if (kind === "sort") {
            const sel = document.querySelector<HTMLSelectElement>(
              "[data-testid=har-sort]",
            )!;
            sel.value = arg;
            sel.dispatchEvent(new Event("change", { bubbles: true }));
          } else {
            document.querySelector<HTMLElement>(
              `[data-testid=har-type-chip][data-type=${arg}]`,
            )!.click();
          }
        });
        return await done;
      }, step);
      (updates[name] ??= []).push(ms);
    }
  }
  const tasks = load.tasks;
  await page.close();
  return {
    firstRowsMs,
    inPageMs: load.rows - load.picked,
    longestTaskMs: tasks.length ? Math.max(...tasks) : 0,
    longTasks: tasks.length,
    updates,
  };
}
