/**
 * What the /debug runner browser tests share: a runner by endpoint id, its
 * result status once shown, the console lines the runner provokes, and one
 * loaded /debug page that tests using different runners take turns on.
 */
import type { Locator, Page } from "playwright-core";
import {
  type BrowserContext,
  gotoHydrated,
  withPage,
  type WithPageOptions,
} from "./browser.ts";

/** The runner of endpoint `id` on the /debug page. */
export function runner(page: Page, id: string): Locator {
  return page.locator(`[data-testid=runner][data-endpoint=${id}]`);
}

/** The result status a runner shows, once it shows one. */
export async function resultStatus(r: Locator): Promise<string> {
  const s = r.locator("[data-testid=result-status]");
  await s.waitFor({ timeout: 15_000 });
  return (await s.textContent())!.trim();
}

/**
 * Chromium logs every 4xx/5xx fetch as "Failed to load resource" on the
 * console; the runner provokes them on purpose.
 */
export const HTTP_ERRORS = { allowErrors: [/Failed to load resource/] };

/** The runners tests used on the /debug document the kept page shows. */
const used = new Set<string>();

/**
 * Runs `fn` on /debug with the runners `uses` as a fresh load has them: on
 * the page the previous runner test left (one kept page, see
 * {@link withPage}'s `keep`) when none of `uses` was used there since it
 * loaded, else on a new load. A load of /debug (54 runners) costs Chromium
 * about 0.7 s of CPU, most of a runner test's.
 *
 * Kept, the page is brought back to how a load leaves it around the
 * runners: no fragment (a runner's state is read from it), scrolled to
 * the top, nothing focused. Each runner's markup and field values are
 * recorded as it hydrated; a runner of `uses` that no longer matches them
 * (a test used it without saying so) also makes a new load.
 */
export function withRunners(
  uses: string[],
  fn: (ctx: BrowserContext) => Promise<void>,
  opts: WithPageOptions = {},
): Promise<void> {
  return withPage(async (ctx) => {
    await openRunners(ctx, uses);
    for (const id of uses) used.add(id);
    await fn(ctx);
  }, { ...opts, keep: "debug" });
}

/** Loads /debug unless the page shows it with `uses` untouched. */
async function openRunners(
  { page, server }: BrowserContext,
  uses: string[],
): Promise<void> {
  const here = page.url().startsWith(server.origin + "/debug");
  if (here && !uses.some((id) => used.has(id))) {
    const fresh = await page.evaluate(async (ids) => {
      // An edit's fragment is written 150 ms after the last key, its copy
      // for a reload kept in sessionStorage until then
      // (islands/debug/use_runner_state.ts): the fragment goes once
      // written.
      for (let i = 0; sessionStorage.getItem("wirebench.debug.pending"); i++) {
        if (i === 40) return false;
        await new Promise((r) => setTimeout(r, 50));
      }
      history.replaceState(null, "", location.pathname + location.search);
      scrollTo(0, 0);
      (document.activeElement as HTMLElement | null)?.blur();
      const { mark, loaded } = (globalThis as unknown as Marks).runnerMarks;
      return ids.every((id) => loaded.get(id) === mark(id));
    }, uses);
    if (fresh) return;
  }
  used.clear();
  if (here) {
    await page.evaluate(() => {
      sessionStorage.clear();
      localStorage.clear();
    });
  }
  await gotoHydrated(page, server.origin, "/debug");
  await page.evaluate(() => {
    /** A runner's markup and field values (a value is no attribute). */
    const mark = (id: string) => {
      const r = document.querySelector(
        `[data-testid=runner][data-endpoint="${id}"]`,
      );
      const fields = [...r?.querySelectorAll("input, select, textarea") ?? []]
        .map((e) => {
          const f = e as HTMLInputElement;
          return f.type === "checkbox" ? String(f.checked) : f.value;
        });
      return r ? [r.outerHTML, ...fields].join("\0") : undefined;
    };
    const loaded = new Map<string, string | undefined>();
    for (const r of document.querySelectorAll("[data-testid=runner]")) {
      const id = (r as HTMLElement).dataset.endpoint!;
      loaded.set(id, mark(id));
    }
    Object.assign(globalThis, { runnerMarks: { mark, loaded } });
  });
}

/** What {@link openRunners} records in the page once /debug has loaded. */
interface Marks {
  runnerMarks: {
    mark: (id: string) => string | undefined;
    loaded: Map<string, string | undefined>;
  };
}
