/**
 * Shared steps of the HAR viewer browser tests: open /har, load a fixture,
 * read the rows' data attributes and the summary.
 */
import type { Page } from "playwright-core";
import { gotoHydrated } from "./browser.ts";

/** The fixtures folder (tests/fixtures/har/). */
export const FIXTURES = new URL("../fixtures/har/", import.meta.url);

/** Path of a fixture file. */
export function fixture(name: string): string {
  return new URL(name, FIXTURES).pathname;
}

/** A row's contract attributes. */
export interface RowData {
  index: number;
  method: string;
  status: number;
  start: number;
  duration: number;
  size: number;
}

/** Opens /har and waits for the island. */
export async function openViewer(page: Page, origin: string, hash = "") {
  await gotoHydrated(page, origin, `/har${hash}`);
}

/**
 * Loads a fixture with the file picker and waits for its rows and then its
 * secret count: the banner it fills comes at least 100 ms after the rows
 * and moves what is below it (a click or an audit meanwhile met a page
 * changing under it, on a loaded machine).
 */
export async function pick(page: Page, name: string): Promise<void> {
  await page.setInputFiles("[data-testid=har-file]", fixture(name));
  await loaded(page);
}

/**
 * Waits for a file's rows and then its secret count, whose banner comes at
 * least 100 ms after the rows and moves what is below it: a row clicked or
 * a page audited before it met a page changing under it, on a loaded
 * machine. For a file given any way ({@link pick} waits already).
 */
export async function loaded(page: Page): Promise<void> {
  await page.waitForSelector("[data-testid=har-row]");
  await page.waitForSelector("[data-testid=har-secrets][data-cookies]");
}

/** The rendered rows, in DOM order. */
export function rows(page: Page): Promise<RowData[]> {
  return page.$$eval("[data-testid=har-row]", (els) =>
    els.map((e) => {
      const d = (e as HTMLElement).dataset;
      return {
        index: Number(d.index),
        method: d.method ?? "",
        status: Number(d.status),
        start: Number(d.startMs),
        duration: Number(d.durationMs),
        size: Number(d.size),
      };
    }));
}

/** `data-count` of the list. */
export async function listCount(page: Page): Promise<number> {
  return Number(
    await page.getAttribute("[data-testid=har-list]", "data-count"),
  );
}

/** Waits until the list shows `n` entries. */
export async function waitCount(page: Page, n: number): Promise<void> {
  await page.waitForFunction(
    (n) =>
      document.querySelector("[data-testid=har-list]")?.getAttribute(
        "data-count",
      ) === String(n),
    n,
  );
}

/** Summary metrics as name -> numeric data-value. */
export function summary(page: Page): Promise<Record<string, number>> {
  return page.$$eval(
    "[data-testid=har-summary] [data-metric]",
    (els) =>
      Object.fromEntries(
        els.map((e) => [
          (e as HTMLElement).dataset.metric!,
          Number((e as HTMLElement).dataset.value),
        ]),
      ),
  );
}

/**
 * Pastes `text` into the paste box the way a clipboard paste arrives (one
 * input event). Playwright's fill types through the input pipeline, which
 * takes seconds for a few kilobytes in headless Chromium.
 */
export async function paste(page: Page, text: string): Promise<void> {
  await page.$eval("[data-testid=har-input]", (el, text) => {
    const ta = el as HTMLTextAreaElement;
    ta.focus();
    ta.value = text;
    ta.dispatchEvent(
      new InputEvent("input", { bubbles: true, inputType: "insertFromPaste" }),
    );
  }, text);
}

/**
 * Picks `text` as a `.har` file from disk (as a person picks one: the page
 * reads it as it goes, so it is removed only once `count` rows are listed).
 */
export async function pickText(
  page: Page,
  text: string,
  count: number,
): Promise<void> {
  const file = await Deno.makeTempFile({ suffix: ".har" });
  try {
    await Deno.writeTextFile(file, text);
    await page.setInputFiles("[data-testid=har-file]", file);
    await waitCount(page, count);
  } finally {
    await Deno.remove(file);
  }
}
