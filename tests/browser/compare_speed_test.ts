/**
 * The compare page's budget on the corpus' real pair (contract §9):
 * Stripe 2020-03-02 picked as the base, then 2020-08-27 as the revision,
 * lists its changes within 1.5 s of the second pick, with no main-thread
 * task over 50 ms. The test prints both and bounds them loosely, since
 * the runner is a shared two-core machine: wall time (to the list, and
 * the Long Tasks API's longest task) within 3x the budget, and the longest
 * task's CPU time (from a Chromium trace, which the waiting for a core
 * does not inflate) within the 50 ms itself. bench/compare_page_bench.ts
 * measures the same over several runs.
 */
import assert from "node:assert/strict";
import { BROWSER_TEST, withPage } from "../helpers/browser.ts";
import { corpusDir, SKIPPED } from "../helpers/corpus.ts";
import {
  mainTasks,
  openCompare,
  pick,
  pickTimed,
  type PickTiming,
  waitCompared,
} from "./compare_page.ts";

const SPECS = corpusDir("specs");
const PAIR = ["stripe-spec3.json", "stripe-spec3-2020-08-27.json"];
const HAVE = !!SPECS && PAIR.every((f) => {
  try {
    return Deno.statSync(SPECS + f).isFile;
  } catch {
    return false;
  }
});

Deno.test({
  name:
    "compare speed: the Stripe pair lists its changes after the second pick" +
    (HAVE ? "" : SKIPPED),
  ignore: !HAVE,
  ...BROWSER_TEST,
  fn: () =>
    withPage(async ({ page, server, browser }) => {
      await openCompare(page, server.origin);
      await pick(page, "base", SPECS + PAIR[0]);
      await page.waitForSelector(
        "[data-testid=compare-base][data-status=ok]",
        { timeout: 20_000 },
      );
      let t: PickTiming | null = null;
      const tasks = await mainTasks(browser, page, async () => {
        t = await pickTimed(page, "revision", SPECS + PAIR[1]);
      });
      const { ms, longestSettled } = t!;
      console.log(
        `Stripe pair, second pick: changes listed in ${ms.toFixed(0)} ms; ` +
          `longest main-thread task ${longestSettled.toFixed(0)} ms ` +
          `(trace: ${tasks.wallMax.toFixed(0)} ms wall, ${
            tasks.cpuMax.toFixed(1)
          } ms CPU; ${tasks.over50} task(s) of 50 ms and over)`,
      );
      await waitCompared(page);
      const n = Number(
        await page.getAttribute("[data-testid=change-list]", "data-count"),
      );
      assert.ok(n > 300, `${n} changes listed`);
      assert.ok(ms < 4500, `listed ${ms.toFixed(0)} ms after the pick`);
      assert.ok(
        longestSettled < 150,
        `a main-thread task took ${longestSettled.toFixed(0)} ms`,
      );
      assert.ok(
        tasks.cpuMax < 50,
        `a main-thread task took ${tasks.cpuMax.toFixed(1)} ms of CPU`,
      );
    }),
});
