/**
 * What the /debug runner browser tests share: a runner by endpoint id, its
 * result status once shown, and the console lines the runner provokes.
 */
import type { Locator, Page } from "playwright-core";

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
